import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser } from '../../fixtures/browser.js';
import { apiLogin, DEMO, newSignedInPage, type ApiSession } from '../../fixtures/auth.js';
import { shot } from '../../fixtures/page.js';
import { startServer, type RunningServer } from '../../fixtures/server.js';
import { startTranslationService, type TranslationService } from '../../fixtures/translation-service.js';

const runBrowser = hasChromium();

const DICTIONARY: Record<string, string> = { 虚拟现实: 'virtual reality', 'virtual reality': '虚拟现实' };

/** Issue 43 item 10: the result page's cross-language switch and the note of the translations added. */
describe.runIf(runBrowser)('[SEARCH][ENGLISH]: cross-language search on the result page', () => {
  let fake: TranslationService;
  let server: RunningServer;
  let browser: Browser;
  let session: ApiSession;

  beforeAll(async () => {
    fake = await startTranslationService(({ q }) => DICTIONARY[q] ?? q);
    server = await startServer({ env: { TRANSLATE_URL: fake.url, TRANSLATE_KIND: 'libretranslate' } });
    browser = await launchBrowser();
    session = await apiLogin(server.baseUrl, DEMO.email, DEMO.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise<void>((resolve) => fake?.server.close(() => resolve()));
  });

  it('switches cross-language search on and says which translations it added, in zh and en', async () => {
    for (const { locale, tag, label, added } of [
      { locale: 'zh-CN', tag: 'zh', label: '跨语言检索', added: '跨语言检索，已加入译词：' },
      { locale: 'en-US', tag: 'en', label: 'Cross-language', added: 'Cross-language search added the translations:' },
    ] as const) {
      const page = await newSignedInPage(browser, server.baseUrl, session, {
        viewport: { width: 1440, height: 900 },
        locale,
        language: tag === 'en' ? 'en' : undefined,
      });
      await page.goto(`${server.baseUrl}/innovationSpace/searchResult?q=${encodeURIComponent('TI=虚拟现实')}`);
      const toggle = page.getByTestId('cross-language-switch');
      await toggle.waitFor({ state: 'visible', timeout: 60_000 });
      expect(await page.getByText(label, { exact: true }).count()).toBe(1);
      const total = page.getByTestId('result-total');
      await total.waitFor({ state: 'visible', timeout: 60_000 });
      const before = Number((await total.innerText()).replace(/\D/g, ''));
      await toggle.click();
      const note = page.getByTestId('note-cross-language');
      await note.waitFor({ state: 'visible', timeout: 30_000 });
      expect(await note.innerText()).toContain(added);
      expect(await note.innerText()).toContain('虚拟现实 → virtual reality');
      expect(await toggle.getAttribute('aria-checked')).toBe('true');
      await expect
        .poll(async () => Number((await total.innerText()).replace(/\D/g, '')))
        .toBeGreaterThanOrEqual(before);
      await shot(page, `issue43-cross-language-${tag}.png`);
      await page.close();
    }
    expect(fake.asked).toEqual(['虚拟现实']);
  });
});

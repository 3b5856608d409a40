import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, SCREENSHOT_DIR } from '../../fixtures/browser.js';
import { apiLogin, DEMO, newSignedInPage, type ApiSession } from '../../fixtures/auth.js';
import { startServer, type RunningServer } from '../../fixtures/server.js';
import { startTranslationService, type TranslationService } from '../../fixtures/translation-service.js';

const runBrowser = hasChromium();

describe.runIf(runBrowser)('[TRANSLATION]: machine translation of an abstract', () => {
  let fake: TranslationService;
  let server: RunningServer;
  let browser: Browser;
  let session: ApiSession;

  beforeAll(async () => {
    // Marks what it "translated": the target language, then the text.
    fake = await startTranslationService(({ q, target }) => `【${target}】${q.slice(0, 80)}`);
    server = await startServer({ env: { TRANSLATE_URL: fake.url, TRANSLATE_KIND: 'libretranslate' } });
    browser = await launchBrowser();
    session = await apiLogin(server.baseUrl, DEMO.email, DEMO.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await new Promise<void>((resolve) => fake?.server.close(() => resolve()));
  });

  it('translates an English abstract into Chinese through the configured service', async () => {
    const page = await newSignedInPage(browser, server.baseUrl, session, {
      viewport: { width: 1366, height: 900 },
      locale: 'zh-CN',
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    // A pyGrams grant: an English abstract and no Chinese translation in the record.
    await page.goto(`${server.baseUrl}/innovationSpace/searchDetail?pn=US6836996`);
    const button = page.getByRole('button', { name: '机器翻译' });
    // the first detail page of a fresh server can be slow on a busy machine
    await button.waitFor({ state: 'visible', timeout: 60_000 });
    await button.click();
    await page.getByText('【zh】').first().waitFor({ state: 'visible', timeout: 30_000 });
    expect(fake.asked).toHaveLength(1);
    expect(fake.asked[0]!.length).toBeGreaterThan(20);
    expect(await page.getByText('机器译文').count()).toBe(1);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'machine-translation-zh.png'), fullPage: false });
    expect(errors).toEqual([]);
    await page.close();
  });
});

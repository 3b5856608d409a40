import { describe, expect, it } from 'vitest';
import { hasChromium } from '../../fixtures/browser.js';
import { newSignedInPage } from '../../fixtures/auth.js';
import { shot } from '../../fixtures/page.js';
import { signedInSpec } from '../../fixtures/spec.js';

const runBrowser = hasChromium();

/** A USPTO record of the 10k sample (abstract and CPC only) and a CN record whose status is 未缴年费. */
const USPTO = 'US6836996';
const CN_LAPSED = 'CN100395559C';
const EXPRESSION = `PN=(${USPTO} OR ${CN_LAPSED})`;

/** Issue 43 items 10 and 11: no Chinese status left in English, untitled records titled by their abstract. */
describe.runIf(runBrowser)('[SEARCH][ENGLISH]: English records and statuses in English mode', () => {
  const spec = signedInSpec();

  it('shows the abstract title, marked, and the legal status in English; both in Chinese mode as written', async () => {
    for (const { locale, tag, mark, status } of [
      { locale: 'en-US', tag: 'en', mark: '(from abstract)', status: 'Unpaid annual fees' },
      { locale: 'zh-CN', tag: 'zh', mark: '（摘自摘要）', status: '未缴年费' },
    ] as const) {
      const page = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
        viewport: { width: 1366, height: 900 },
        locale,
        language: tag === 'en' ? 'en' : undefined,
      });
      await page.goto(`${spec.server.baseUrl}/innovationSpace/searchResult?q=${encodeURIComponent(EXPRESSION)}`);
      const titled = page.getByTestId('abstract-title-hit');
      await expect.poll(() => titled.count()).toBe(1);
      const text = (await titled.innerText()).trim();
      expect(text).toMatch(/^A modular hook assembly that includes an adjustable shank/);
      expect(text).toContain(mark);
      const lapsedRow = page.locator('.result-table tbody tr.result-row', { hasText: CN_LAPSED });
      expect(await lapsedRow.locator('.result-legal-status').innerText()).toContain(status);
      await shot(page, `issue43-english-records-results-${tag}.png`);

      await page.goto(`${spec.server.baseUrl}/innovationSpace/searchDetail?pn=${USPTO}`);
      const header = page.getByTestId('abstract-title');
      await expect.poll(() => header.count()).toBe(1);
      expect(await header.innerText()).toContain(mark);
      await shot(page, `issue43-english-records-detail-${tag}.png`);
      await page.close();
    }
  });
});

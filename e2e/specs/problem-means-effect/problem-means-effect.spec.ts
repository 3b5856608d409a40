import { describe, expect, it } from 'vitest';
import { hasChromium } from '../../fixtures/browser.js';
import { newSignedInPage } from '../../fixtures/auth.js';
import { resultTotal, shot } from '../../fixtures/page.js';
import { signedInSpec } from '../../fixtures/spec.js';

const runBrowser = hasChromium();
// Records of the end-to-end corpus whose texts state an effect (TEFFECT, extracted at index time).
const EXPRESSION = 'TEFFECT=(提高 OR 降低 OR 减少 OR improve OR reduce)';

describe.runIf(runBrowser)('[PME]: technical problem, means and effect (issue 46 item 3)', () => {
  const spec = signedInSpec();

  it('shows the three on a Chinese and an English detail page', async () => {
    for (const [locale, pn] of [
      ['zh-CN', 'CN111874922B'],
      ['en-US', 'US7314687B2'],
    ] as const) {
      const page = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
        viewport: { width: 1366, height: 900 },
        locale,
      });
      await page.goto(`${spec.server.baseUrl}/search/detail?pn=${pn}`);
      await page.waitForURL(/\/innovationSpace\/searchDetail\?pn=/);
      const section = page.getByTestId('problem-means-effect');
      await section.waitFor({ timeout: 60_000 }).catch(async (error: unknown) => {
        await shot(page, `pme-detail-failed-${pn}.png`);
        throw error;
      });
      // The labels (技术问题 / Technical problem …) are checked by the component test; here the sentences.
      for (const field of ['problem', 'means', 'effect']) {
        expect((await section.getByTestId(`pme-${field}`).innerText()).length).toBeGreaterThan(10);
      }
      await section.scrollIntoViewIfNeeded();
      await shot(page, `pme-detail-${locale === 'zh-CN' ? 'zh' : 'en'}.png`);
      await page.close();
    }
  });

  it('draws the technology–effect matrix and opens a cell as a result page', async () => {
    const page = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
      viewport: { width: 1366, height: 900 },
      locale: 'zh-CN',
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const q = encodeURIComponent(EXPRESSION);
    await page.goto(`${spec.server.baseUrl}/innovationSpace/searchResult/analysis?q=${q}&chart=techEffect`);
    await expect
      .poll(() => page.getByTestId('analysis-chart-title').innerText(), { timeout: 30_000 })
      .toBe('技术功效矩阵');
    const chart = page.locator('[data-testid="analysis-chart"][data-chart="techEffect"]');
    await chart.locator('canvas').first().waitFor();
    await shot(page, 'pme-matrix-zh.png');

    // The table view: rows are effect terms, columns IPC main groups; a cell opens its patents.
    await page.locator('.analysis-panel .ant-segmented-item', { hasText: '表格' }).click();
    await page.waitForURL((url) => url.searchParams.get('type') === 'table');
    const cell = page.getByTestId('analysis-cell-link').first();
    await cell.waitFor();
    const count = Number((await cell.innerText()).replace(/,/g, ''));
    expect(count).toBeGreaterThan(0);
    await cell.click();
    await page.waitForURL(/\/innovationSpace\/searchResult\?/);
    // Both filters of the cell, in the one `f` parameter (`ipcGroup:…;effect:…`).
    const filters = new URL(page.url()).searchParams.get('f') ?? '';
    expect(filters).toMatch(/(^|;)ipcGroup:/);
    expect(filters).toMatch(/(^|;)effect:/);
    await expect.poll(() => resultTotal(page)).toBe(count);
    await shot(page, 'pme-matrix-cell-result-zh.png');
    expect(errors).toEqual([]);
  });
});

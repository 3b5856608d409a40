import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium } from '../../fixtures/browser.js';
import { apiCall, newSignedInPage } from '../../fixtures/auth.js';
import { resultTotal, shot } from '../../fixtures/page.js';
import { signedInSpec } from '../../fixtures/spec.js';

const runBrowser = hasChromium();
const STEP_TIMEOUT_MS = 90_000;
// The demo corpus's battery patents: Chinese and English ones, a rich word cloud.
const EXPRESSION = 'TIAB=(电池 OR battery)';

/** The word cloud's data table rows: word → patents with it. */
async function tableCounts(page: Page): Promise<Map<string, number>> {
  const rows = page.locator('.analysis-table tbody tr.ant-table-row');
  await rows.first().waitFor({ timeout: STEP_TIMEOUT_MS });
  const out = new Map<string, number>();
  for (const row of await rows.all()) {
    const cells = row.locator('td');
    out.set((await cells.nth(0).innerText()).trim(), Number((await cells.nth(1).innerText()).replace(/,/g, '')));
  }
  return out;
}

async function chooseWord(page: Page, word: string): Promise<void> {
  const select = page.getByTestId('word-merge-select');
  await select.click();
  await select.locator('input').fill(word);
  await page
    .locator('.ant-select-item-option')
    .filter({ hasText: new RegExp(`^${word}$`) })
    .first()
    .click();
}

describe.runIf(runBrowser)('[ANALYSIS][KEYWORD-MERGE]: merging words, citation search', () => {
  const spec = signedInSpec();
  const analysisUrl = (type?: string) =>
    `${spec.server.baseUrl}/innovationSpace/searchResult/analysis?${new URLSearchParams({
      q: EXPRESSION,
      chart: 'wordCloud',
      ...(type ? { type } : {}),
    }).toString()}`;

  it('merges two words of the word cloud; the chart recounts and keeps them merged (zh)', async () => {
    const page = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
      viewport: { width: 1366, height: 1000 },
      locale: 'zh-CN',
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(analysisUrl('table'));
    await page.getByTestId('word-merge').waitFor({ timeout: STEP_TIMEOUT_MS });
    const before = await tableCounts(page);
    const [first, second] = [...before.keys()];
    expect(first && second).toBeTruthy();
    const a = first as string;
    const b = second as string;
    await shot(page, 'keyword-merge-before-zh.png', true);

    await chooseWord(page, a);
    await chooseWord(page, b);
    await page.getByTestId('word-merge-name').fill('合并词');
    await page.getByTestId('word-merge-merge').click();
    // The server recounts: one term, with the patents holding either word.
    await expect
      .poll(async () => (await tableCounts(page)).get('合并词') ?? 0, { timeout: STEP_TIMEOUT_MS })
      .toBeGreaterThanOrEqual(Math.max(before.get(a)!, before.get(b)!));
    const after = await tableCounts(page);
    expect(after.has(a)).toBe(false);
    expect(after.has(b)).toBe(false);
    expect(after.get('合并词')!).toBeLessThanOrEqual(before.get(a)! + before.get(b)!);
    expect(await page.getByTestId('word-merge-item').first().innerText()).toContain(`合并词 = ${a} + ${b}`);
    await shot(page, 'keyword-merge-table-zh.png', true);

    // The cloud itself, opened again through its deep link: still merged.
    await page.goto(analysisUrl());
    await page.locator('[data-testid="analysis-chart"] canvas').first().waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.getByTestId('word-merge-list').waitFor({ timeout: STEP_TIMEOUT_MS });
    await page.waitForTimeout(1500);
    await shot(page, 'keyword-merge-cloud-zh.png', true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the merge in English and undoes it (en)', async () => {
    const page = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
      viewport: { width: 1366, height: 1000 },
      locale: 'en-US',
      language: 'en',
    });
    await page.goto(analysisUrl('table'));
    await page.getByTestId('word-merge-list').waitFor({ timeout: STEP_TIMEOUT_MS });
    expect(await page.getByTestId('word-merge').innerText()).toContain('Merge and remove words');
    expect((await tableCounts(page)).has('合并词')).toBe(true);
    await shot(page, 'keyword-merge-table-en.png', true);
    await page.getByTestId('word-merge-reset').click();
    await expect.poll(async () => (await tableCounts(page)).has('合并词'), { timeout: STEP_TIMEOUT_MS }).toBe(false);
    expect(await page.getByTestId('word-merge').innerText()).toContain('No words merged or removed');
    await page.close();
  });

  it("opens a patent's citing patents from its detail page on the result page (zh and en)", async () => {
    // A patent of the demo corpus that other patents of the corpus cite: one the corpus's first
    // thousand patents cite (their backward citation set), most cited first.
    const token = spec.session.tokens.access_token;
    const cited = await apiCall<{ set: { kind: 'citation'; key: string } }>(
      spec.server.baseUrl,
      token,
      'POST',
      '/product/search/quote',
      { direction: 'cited', resultSet: { searchExpre: 'PD>=1900' } },
    );
    const ranked = await apiCall<{ items: { publicationNumber: string }[] }>(
      spec.server.baseUrl,
      token,
      'POST',
      '/platform/data/search/query',
      { searchExpre: '', set: cited.set, pageSize: 5, facets: [] },
    );
    let seed: string | undefined;
    let expected = 0;
    for (const { publicationNumber } of ranked.items) {
      const quote = await apiCall<{ total: number }>(spec.server.baseUrl, token, 'POST', '/product/search/quote', {
        direction: 'citing',
        numbers: [publicationNumber],
      });
      if (quote.total > 0) {
        seed = publicationNumber;
        expected = quote.total;
        break;
      }
    }
    expect(seed, 'a demo patent cited by others').toBeDefined();

    for (const [locale, kind] of [
      ['zh-CN', '引证检索'],
      ['en-US', 'Citation search'],
    ] as const) {
      const page = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
        viewport: { width: 1366, height: 900 },
        locale,
        language: locale === 'en-US' ? 'en' : undefined,
      });
      await page.goto(`${spec.server.baseUrl}/innovationSpace/searchDetail?pn=${seed}&tab=citations`);
      await page.getByTestId('citation-search-citing').click({ timeout: STEP_TIMEOUT_MS });
      await page.waitForURL((url) => (url.searchParams.get('set') ?? '').startsWith('citation:citing-'), {
        timeout: STEP_TIMEOUT_MS,
      });
      expect(await resultTotal(page)).toBe(expected);
      expect(await page.getByTestId('set-source').innerText()).toContain(kind);
      await shot(page, `citation-search-${locale === 'zh-CN' ? 'zh' : 'en'}.png`);
      // The page is a deep link: opened again it lists the same set.
      const url = page.url();
      await page.goto(url);
      expect(await resultTotal(page)).toBe(expected);
      await page.close();
    }
  });
});

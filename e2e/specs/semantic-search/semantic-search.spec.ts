import type { Browser, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from '../../fixtures/browser.js';
import { apiCall, newSignedInPage, type ApiSession } from '../../fixtures/auth.js';
import { shot, totalOf } from '../../fixtures/page.js';
import { signedInSpec } from '../../fixtures/spec.js';

const runBrowser = hasChromium();

/** The machine is shared and often busy: generous limits for each step and each test. */
const STEP_TIMEOUT_MS = 90_000;
const TEST_TIMEOUT_MS = 600_000;

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: STEP_TIMEOUT_MS, interval: 250 });

/** A paragraph of a disclosure about lithium-battery electrodes, as a user would paste it. */
const PARAGRAPH =
  '本发明涉及锂离子电池技术领域，具体涉及一种锂电池负极片及其制备方法。负极片包括集流体和涂覆在集流体表面的' +
  '负极活性材料层，负极活性材料层由硅碳复合材料、导电剂和粘结剂组成，能够缓解硅在充放电过程中的体积膨胀，' +
  '提高电池的循环寿命和首次库伦效率；正极片采用三元材料，隔膜位于正极片与负极片之间。';

interface Listed {
  items: { entry: { searchContext?: string; pageType?: string; router?: string; ss_weights?: string } }[];
}

/** Waits until the server has learned its vector space (GET /api/health `semantic`). */
async function waitForVectors(baseUrl: string): Promise<void> {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const res = await fetch(`${baseUrl}/api/health`);
    const body = (await res.json()) as { data: { semantic?: { model: string | null; building: boolean } } };
    if (body.data.semantic?.model && !body.data.semantic.building) return;
    if (Date.now() > deadline) throw new Error(`no vector model in time: ${JSON.stringify(body.data.semantic)}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

async function openPage(browser: Browser, baseUrl: string, session: ApiSession, locale: string): Promise<Page> {
  const page = await newSignedInPage(browser, baseUrl, session, {
    viewport: { width: 1366, height: 900 },
    locale,
  });
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  return page;
}

describe.runIf(runBrowser)('[SEARCH][SEMANTIC]: semantic search on the home page', () => {
  const spec = signedInSpec();

  beforeAll(async () => {
    // The vector space is learned from the corpus after the demo import; search once it is there.
    await waitForVectors(spec.server.baseUrl);
  });

  it(
    '[SEARCH][SEMANTIC]: a pasted paragraph opens the result page in rank order; filters, selection, analysis and reload apply to the set',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const page = await openPage(spec.browser, spec.server.baseUrl, spec.session, 'zh-CN');
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${spec.server.baseUrl}/home?tabName=semantics`);

      const text = page.getByRole('textbox', { name: '技术描述' });
      await text.fill(PARAGRAPH);
      await poll(() => page.getByTestId('semantic-count').innerText()).toBe(`${PARAGRAPH.length} / 50,000 字`);
      await page.locator('.semantic-form').getByRole('button', { name: '语义检索' }).click();

      // The normal result page, on the semantic set (a short stored key in the URL).
      await page.waitForURL((url) => url.pathname === '/innovationSpace/searchResult' && url.searchParams.has('set'));
      const setParam = new URL(page.url()).searchParams.get('set') ?? '';
      expect(setParam).toMatch(/^semantic:\S{8,64}$/);
      const key = setParam.slice('semantic:'.length);
      const totalText = () => page.getByTestId('result-total').innerText();
      await poll(totalText).toMatch(/^最相似的前 [\d,]+ 条$/);
      const size = totalOf(await totalText());
      expect(size).toBeGreaterThan(20);
      expect(size).toBeLessThanOrEqual(1000);
      expect(await page.getByTestId('set-source-label').innerText()).toContain('本发明涉及锂离子电池技术领域');
      const rows = page.locator('.result-table tbody tr.result-row');
      await poll(() => rows.count()).toBe(20);

      // Rank order: the rows are the semantic ranking; each says its rank and its calibrated band
      // (issue 43 item 8), not the fused score as a percentage.
      const ranking = await apiCall<{ items: { publicationNumber: string; relevance: number }[] }>(
        spec.server.baseUrl,
        spec.session.tokens.access_token,
        'POST',
        '/product/search/semantics',
        { key, page: 1, pageSize: 20 },
      );
      const shownNumbers = () => page.locator('.result-table .result-number').allInnerTexts();
      expect(await shownNumbers()).toEqual(ranking.items.map((h) => h.publicationNumber));
      const rankLabels = () =>
        page.getByTestId('set-rank').evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
      const parsed = (labels: string[]) =>
        labels.map((label) => {
          const m = /第 (\d+) 名，(高度相关|相关|弱相关)$/.exec(label);
          return { rank: Number(m?.[1]), band: m?.[2] };
        });
      const firstPage = parsed(await rankLabels());
      expect(firstPage.map((r) => r.rank)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
      expect(firstPage.every((r) => r.band !== undefined)).toBe(true);
      expect(await page.getByTestId('set-rank').first().innerText()).not.toMatch(/%/);
      expect(await page.locator('.result-sort').innerText()).toContain('相似度排名');
      expect(await page.locator('.result-table').innerText()).toMatch(/电池|负极|电极|锂/);
      await shot(page, 'semantic-results-zh.png');
      await shot(page, 'semantic-results-zh-full.png', true);

      // The search is in the history with the spec's semantic fields, and reopens this result page.
      await poll(async () => {
        const listed = await apiCall<Listed>(
          spec.server.baseUrl,
          spec.session.tokens.access_token,
          'POST',
          '/product/history/list',
          { pageSize: 50 },
        );
        return listed.items.find((item) => item.entry.searchContext === PARAGRAPH)?.entry;
      }).toMatchObject({
        pageType: 'semantics',
        router: `/innovationSpace/searchResult?set=semantic%3A${key}`,
        ss_weights: '3,3,3,3',
      });

      // A facet filters within the set: fewer patents, still in rank order, "of the top N".
      await page.locator('[data-facet="patentType"] .facet-value-button').first().click();
      await page.waitForURL(/f=patentType/);
      await poll(totalText).toMatch(/^最相似的前 [\d,]+ 条中的 [\d,]+ 条$/);
      const filtered = Number((/中的 ([\d,]+) 条/.exec(await totalText())?.[1] ?? '').replace(/,/g, ''));
      expect(filtered).toBeGreaterThan(0);
      expect(filtered).toBeLessThan(size);
      await poll(async () => parsed(await rankLabels()).length).toBeGreaterThan(0);
      const filteredRanks = parsed(await rankLabels()).map((r) => r.rank);
      expect(filteredRanks).toEqual([...filteredRanks].sort((a, b) => a - b));
      expect(new URL(page.url()).searchParams.get('set')).toBe(setParam);

      // Selection works on the set and survives a reload of the deep link.
      await page.getByRole('button', { name: '选择本页' }).click();
      const selected = Math.min(20, filtered);
      await poll(() => page.getByTestId('selection-count').innerText()).toBe(`已选 ${selected} 条`);
      const deepLink = page.url();
      const filteredText = await totalText();
      await page.reload();
      await poll(totalText).toBe(filteredText);
      expect(page.url()).toBe(deepLink);
      await poll(() => page.getByTestId('selection-count').innerText()).toBe(`已选 ${selected} 条`);
      expect(parsed(await rankLabels()).map((r) => r.rank)).toEqual(filteredRanks);

      // Analysis runs on the same set (the filter included).
      await page.getByTestId('analyse-button').click();
      await page.waitForURL((url) => url.pathname.endsWith('/analysis') && url.searchParams.get('set') === setParam);
      await poll(() => page.getByTestId('analysis-total').innerText()).toBe(`分析 ${filtered} 条专利`);
      expect(await page.getByTestId('analysis-set').innerText()).toBe('语义检索');
      await page.locator('[data-testid="analysis-chart"] canvas').first().waitFor();
      await shot(page, 'semantic-analysis-zh.png');

      // Back on the semantic tab, the text can be edited from the result page.
      await page.goBack();
      await page.getByText('修改检索文本').click();
      await page.waitForURL(
        (url) => url.searchParams.get('tabName') === 'semantics' && url.searchParams.get('key') === key,
      );
      await poll(() => text.inputValue()).toBe(PARAGRAPH);
      expect(errors).toEqual([]);

      // The same set in English.
      await page.getByText('English', { exact: true }).click();
      await page.goto(`${spec.server.baseUrl}/innovationSpace/searchResult?set=${encodeURIComponent(setParam)}`);
      await poll(totalText).toMatch(/^Top [\d,]+ most similar$/);
      expect(Number(/[\d,]+/.exec(await totalText())?.[0].replace(/,/g, ''))).toBe(size);
      await poll(async () => (await rankLabels())[0]).toMatch(
        /^Similarity rank 1, (Highly relevant|Relevant|Weak match)$/,
      );
      await shot(page, 'semantic-results-en.png');
      await page.locator('[data-facet="patentType"] .facet-value-button').first().click();
      await poll(totalText).toMatch(/^[\d,]+ of the top [\d,]+ most similar$/);
      await shot(page, 'semantic-results-filtered-en.png');
      await page.close();
    },
  );

  it(
    '[SEARCH][SEMANTIC]: a short text is also searched with its nearest terms, shown as chips; removing one searches again without it',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const page = await openPage(spec.browser, spec.server.baseUrl, spec.session, 'zh-CN');
      await page.goto(`${spec.server.baseUrl}/home?tabName=semantics`);
      await page.getByRole('textbox', { name: '技术描述' }).fill('锂电池');
      await page.locator('.semantic-form').getByRole('button', { name: '语义检索' }).click();
      const onResults = (url: URL) => url.pathname === '/innovationSpace/searchResult' && url.searchParams.has('set');
      await page.waitForURL(onResults);
      const firstKey = (new URL(page.url()).searchParams.get('set') ?? '').slice('semantic:'.length);

      // Back on the tab, the terms the text was expanded with (the shipped word vectors' nearest terms).
      await page.goBack();
      await page.getByTestId('semantic-also-searched').waitFor();
      expect(await page.getByTestId('semantic-also-searched').innerText()).toContain('同时检索');
      const chips = () => page.getByTestId('semantic-expansion').allInnerTexts();
      await poll(async () => (await chips()).length).toBeGreaterThan(0);
      const before = (await chips()).map((c) => c.trim());
      const stored = await apiCall<{ expansions: string[] }>(
        spec.server.baseUrl,
        spec.session.tokens.access_token,
        'POST',
        '/product/search/semantics',
        { key: firstKey, page: 1, pageSize: 20 },
      );
      expect(before).toEqual(stored.expansions);
      await page.getByTestId('semantic-also-searched').scrollIntoViewIfNeeded();
      await shot(page, 'semantic-also-searched-zh.png');

      // Removing the first one runs the search again without it: another stored query, the term left out.
      const removed = before[0] as string;
      await page.getByTestId('semantic-expansion').first().locator('.ant-tag-close-icon').click();
      await page.waitForURL((url) => onResults(url) && !url.searchParams.get('set')?.endsWith(firstKey));
      const secondKey = (new URL(page.url()).searchParams.get('set') ?? '').slice('semantic:'.length);
      const again = await apiCall<{ expansions: string[]; query: { excludeExpansions?: string[] } }>(
        spec.server.baseUrl,
        spec.session.tokens.access_token,
        'POST',
        '/product/search/semantics',
        { key: secondKey, page: 1, pageSize: 20 },
      );
      expect(again.query.excludeExpansions).toContain(removed);
      expect(again.expansions).not.toContain(removed);
      await page.goBack();
      await page.getByTestId('semantic-also-searched').waitFor();
      await poll(async () => (await chips()).map((c) => c.trim())).toEqual(again.expansions);
      await page.close();
    },
  );

  it(
    '[SEARCH][SEMANTIC]: an over-long text is kept and refused; an expired key says so in English',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const page = await openPage(spec.browser, spec.server.baseUrl, spec.session, 'zh-CN');
      await page.goto(`${spec.server.baseUrl}/home?tabName=semantics`);
      const text = page.getByRole('textbox', { name: '技术描述' });
      const long = PARAGRAPH.repeat(Math.ceil(50_010 / PARAGRAPH.length)).slice(0, 50_010);
      await text.fill(long);
      await poll(() => page.getByTestId('semantic-count').innerText()).toBe('50,010 / 50,000 字');
      await page.getByText('检索文本超出字数限制：最多 50000 个字符，当前 50010 个', { exact: false }).waitFor();
      await page.locator('.semantic-form').getByRole('button', { name: '语义检索' }).click();
      await page.waitForTimeout(500);
      expect(new URL(page.url()).searchParams.has('key')).toBe(false);
      expect((await text.inputValue()).length).toBe(50_010);
      await page.getByTestId('semantic-count').evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await shot(page, 'semantic-search-too-long.png');

      await page.getByText('English', { exact: true }).click();
      await page.goto(`${spec.server.baseUrl}/home?tabName=semantics&key=sNoSuchKey000000&page=1`);
      await poll(() => page.getByTestId('semantic-error').innerText()).toContain(
        'This semantic search has expired, please search again',
      );
      await page.getByRole('textbox', { name: 'Technical description' }).waitFor();
      await page.getByTestId('semantic-error').evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await shot(page, 'semantic-search-expired-en.png');
      await page.close();
    },
  );
});

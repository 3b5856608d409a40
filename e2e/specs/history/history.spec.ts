import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium } from '../../fixtures/browser.js';
import { apiCall, openDesktopPage } from '../../fixtures/auth.js';
import { resultTotal, shot } from '../../fixtures/page.js';
import { signedInSpec } from '../../fixtures/spec.js';

const runBrowser = hasChromium();

/** The machine is shared and often busy: generous limits for each step and each test. */
const STEP_TIMEOUT_MS = 90_000;
const TEST_TIMEOUT_MS = 600_000;

/** expect.poll with the step limit (its default is one second). */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: STEP_TIMEOUT_MS, interval: 250 });

/** Waits until the history drawer has slid fully in (its 460 px at the right edge of 1366). */
async function drawerOpened(page: Page): Promise<void> {
  const wrapper = page.locator('.ant-drawer-content-wrapper');
  await poll(async () => Math.round((await wrapper.boundingBox())?.x ?? 0)).toBe(1366 - 460);
}

/** Runs an expression from the search page, as a user does. */
async function searchFromHome(page: Page, baseUrl: string, expression: string): Promise<void> {
  await page.goto(`${baseUrl}/home`);
  await page.getByRole('textbox', { name: '检索式' }).fill(expression);
  await page
    .getByRole('button', { name: /检\s*索/ })
    .last()
    .click();
  await page.waitForURL(
    (url) => url.pathname === '/innovationSpace/searchResult' && url.searchParams.get('q') === expression,
  );
  await resultTotal(page);
}

interface Listed {
  total: number;
  items: {
    id: string;
    no: number;
    entry: { operationName: string; operationValue?: string; searchExpression: string; resultTotal: string };
  }[];
}

describe.runIf(runBrowser)('[HISTORY]: search history and operation history', () => {
  const spec = signedInSpec();
  const listed = () =>
    apiCall<Listed>(spec.server.baseUrl, spec.session.tokens.access_token, 'POST', '/product/history/list', {
      pageSize: 50,
    });

  it(
    '[HISTORY][RESTORE]: records search, filter and view; reopens the entry from the page and the drawer',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const page = await openDesktopPage(spec.browser, spec.server.baseUrl, spec.session, {
        locale: 'zh-CN',
        stepTimeoutMs: STEP_TIMEOUT_MS,
      });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));

      await searchFromHome(page, spec.server.baseUrl, 'TI=(电池)');
      const total = await resultTotal(page);
      expect(total).toBeGreaterThan(40);

      await page.locator('[data-facet="patentType"] .facet-value-button', { hasText: '实用新型' }).click();
      await page.waitForURL(/f=patentType/);
      await poll(() => resultTotal(page)).toBeLessThan(total);
      const filtered = await resultTotal(page);

      await page.getByText('图文', { exact: true }).click();
      await page.waitForURL(/view=tuwenshitu/);
      await poll(() => page.locator('.image-text-item').count()).toBe(20);
      const firstItems = await page.locator('.image-text-item').allInnerTexts();

      // Two searches (the filter selects other patents); the view switch folds into the filtered
      // one, which keeps the last state. Newest first, recorded once each action's results are in.
      await poll(async () => (await listed()).items.map((i) => i.entry.operationName)).toEqual(['view', 'search']);
      const entries = (await listed()).items;
      expect(entries.map((i) => i.entry.resultTotal)).toEqual([String(filtered), String(total)]);

      // The drawer on the result page lists them.
      await page.locator('.history-drawer-button').click();
      const drawerItems = page.locator('.history-drawer-item');
      await poll(() => drawerItems.count()).toBe(2);
      await drawerOpened(page);
      expect(await drawerItems.first().innerText()).toMatch(/切换视图\s*图文/);
      await shot(page, 'history-drawer-zh.png');
      await page.keyboard.press('Escape');

      await page.goto(`${spec.server.baseUrl}/innovationSpace/history`);
      const rows = page.locator('.history-table tbody tr.ant-table-row');
      await poll(() => rows.count()).toBe(2);
      await shot(page, 'history-page-search-zh.png');

      // Open the newest entry: same expression, filter, view and total; not recorded again.
      await rows
        .first()
        .getByRole('button', { name: /打\s*开/ })
        .click();
      await page.waitForURL(/\/innovationSpace\/searchResult\?/);
      const url = new URL(page.url());
      expect(url.searchParams.get('q')).toBe('TI=(电池)');
      expect(url.searchParams.get('f')).toBe('patentType:utility_model');
      expect(url.searchParams.get('view')).toBe('tuwenshitu');
      expect(url.searchParams.get('hid')).toBe(entries[0]!.id);
      await poll(() => resultTotal(page)).toBe(filtered);
      await poll(() => page.locator('.image-text-item').count()).toBe(20);
      expect(await page.locator('.image-text-item').allInnerTexts()).toEqual(firstItems);
      expect(await page.getByText('专利类型: 实用新型').count()).toBe(1);
      await shot(page, 'history-reopened-zh.png');

      // From the drawer, the oldest entry: the unfiltered list.
      await page.locator('.history-drawer-button').click();
      await poll(() => drawerItems.count()).toBe(2);
      await drawerItems.last().locator('.history-drawer-open').click();
      await page.waitForURL((u) => u.searchParams.get('hid') === entries[1]!.id);
      expect(new URL(page.url()).searchParams.get('f')).toBeNull();
      await poll(() => resultTotal(page)).toBe(total);
      await poll(() => page.locator('.result-table tbody tr.result-row').count()).toBe(20);
      // Reopening recorded nothing.
      expect((await listed()).total).toBe(2);

      const body = await page.locator('body').innerText();
      expect(body).not.toMatch(/undefined|NaN/);
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it(
    '[HISTORY][COMBINE]: combines two entries with AND and NOT, shows expression and count, searches it',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const page = await openDesktopPage(spec.browser, spec.server.baseUrl, spec.session, {
        locale: 'zh-CN',
        stepTimeoutMs: STEP_TIMEOUT_MS,
      });
      await searchFromHome(page, spec.server.baseUrl, 'TI=(散热)');
      await poll(async () => (await listed()).items[0]?.entry.searchExpression).toBe('TI=(散热)');

      await page.goto(`${spec.server.baseUrl}/innovationSpace/history`);
      const rows = page.locator('.history-table tbody tr.ant-table-row');
      await poll(() => rows.count()).toBe(3);
      const searchRow = (expression: string): Locator =>
        rows.filter({ hasText: expression }).filter({ has: page.locator('.ant-tag', { hasText: /^检索$/ }) });
      await searchRow('TI=(电池)').locator('.ant-checkbox-input').check();
      await searchRow('TI=(散热)').locator('.ant-checkbox-input').check();
      await page.getByRole('button', { name: '组合检索' }).click();

      const modal = page.locator('.ant-modal');
      const expression = modal.getByTestId('combined-expression');
      await expression.waitFor();
      const combinedTotal = async () =>
        Number(/([\d,]+)/.exec(await modal.getByTestId('combined-total').innerText())![1]!.replace(/,/g, ''));
      const engineTotal = async (text: string) =>
        (
          await apiCall<{ total: number }>(
            spec.server.baseUrl,
            spec.session.tokens.access_token,
            'POST',
            '/platform/data/search/expression/total-hits',
            { searchExpre: text },
          )
        ).total;
      // Written as history references, the newer entry first: #3 (散热) AND #1 (电池).
      const numbers = new Map((await listed()).items.map((i) => [i.entry.searchExpression, i.no]));
      const [heat, battery] = [numbers.get('TI=(散热)'), numbers.get('TI=(电池)')];
      const andText = await expression.innerText();
      expect(andText).toBe(`#${heat} AND #${battery}`);
      expect(await combinedTotal()).toBe(await engineTotal('TI=(散热) AND TI=(电池)'));
      const andTotal = await combinedTotal();
      expect(andTotal).toBeGreaterThan(0);
      expect(andTotal).toBe(await engineTotal(andText));
      await shot(page, 'history-combine-and-zh.png');

      await modal.getByRole('combobox').click();
      await page.locator('.ant-select-item-option', { hasText: 'NOT' }).click();
      await poll(() => expression.innerText()).toBe(`#${heat} NOT #${battery}`);
      await page.locator('.ant-select-dropdown').waitFor({ state: 'hidden' });
      const notText = await expression.innerText();
      expect(await engineTotal(notText)).toBe(await engineTotal('TI=(散热) NOT TI=(电池)'));
      await poll(() => combinedTotal()).toBe(await engineTotal(notText));
      await shot(page, 'history-combine-not-zh.png');

      await modal.getByRole('button', { name: /检\s*索/ }).click();
      await page.waitForURL(
        (u) => u.pathname === '/innovationSpace/searchResult' && u.searchParams.get('q') === notText,
      );
      await poll(() => resultTotal(page)).toBe(await engineTotal(notText));

      // Operation history: the searches, reopened by getData.
      await page.goto(`${spec.server.baseUrl}/innovationSpace/history?tab=operate`);
      const opRows = page.locator('.history-table tbody tr.ant-table-row');
      await poll(() => opRows.count()).toBeGreaterThanOrEqual(3);
      expect(await opRows.first().innerText()).toContain('NOT');
      await shot(page, 'history-page-operate-zh.png');
      await page.close();
    },
  );

  it('[HISTORY][EN]: shows the history page and drawer in English', { timeout: TEST_TIMEOUT_MS }, async () => {
    const page = await openDesktopPage(spec.browser, spec.server.baseUrl, spec.session, {
      locale: 'en-US',
      language: 'en',
      stepTimeoutMs: STEP_TIMEOUT_MS,
    });
    await page.goto(`${spec.server.baseUrl}/innovationSpace/history`);
    await poll(() => page.getByRole('tab', { name: 'Operation history' }).count()).toBe(1);
    const rows = page.locator('.history-table tbody tr.ant-table-row');
    await poll(() => rows.count()).toBeGreaterThanOrEqual(4);
    const table = await page.locator('.history-table').innerText();
    expect(table).toContain('Change view');
    // Values read as words, not codes.
    expect(table).toContain('Image-text');
    expect(table).not.toContain('tuwenshitu');
    await shot(page, 'history-page-search-en.png');

    await page.goto(`${spec.server.baseUrl}/innovationSpace/searchResult?q=${encodeURIComponent('TI=(电池)')}`);
    // As a user does: once the results are in (the toolbar is drawn again when they arrive).
    await resultTotal(page);
    await page.locator('.history-drawer-button').click();
    await poll(() => page.locator('.history-drawer-item').count()).toBeGreaterThanOrEqual(4);
    await drawerOpened(page);
    await shot(page, 'history-drawer-en.png');
    const body = await page.locator('body').innerText();
    expect(body).not.toMatch(/undefined|NaN/);
    await page.keyboard.press('Escape');

    // Leaving for the analysis records 'analysis', folded into the row of TI=(电池) (#1, unfiltered);
    // that row then reopens the analysis page.
    await page.getByTestId('analyse-button').click();
    await page.waitForURL((u) => u.pathname === '/innovationSpace/searchResult/analysis');
    await poll(async () => (await listed()).items.find((i) => i.no === 1)?.entry.operationName).toBe('analysis');
    await page.goto(`${spec.server.baseUrl}/innovationSpace/history`);
    const analysed = page.locator('.history-table tbody tr.ant-table-row', { hasText: 'Analysis overview' });
    await analysed.getByRole('button', { name: 'Open' }).click();
    await page.waitForURL((u) => u.pathname === '/innovationSpace/searchResult/analysis' && u.searchParams.has('hid'));
    expect(new URL(page.url()).searchParams.get('q')).toBe('TI=(电池)');
    await page.close();
  });
  it(
    '[HISTORY][FOLD]: one row per search whatever is clicked on it; values in words; long text cut',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const page = await openDesktopPage(spec.browser, spec.server.baseUrl, spec.session, {
        locale: 'zh-CN',
        stepTimeoutMs: STEP_TIMEOUT_MS,
      });
      const before = (await listed()).total;
      await searchFromHome(page, spec.server.baseUrl, 'AB=(电池)');
      await poll(async () => (await listed()).items[0]?.entry.searchExpression).toBe('AB=(电池)');

      // A page turn, a view switch, a patent's detail and its citations tab: still one row.
      await page.locator('.results-pagination .patlas-pager-item-2').click();
      await page.waitForURL((u) => u.searchParams.get('page') === '2');
      await poll(async () => (await listed()).items[0]?.entry.operationName).toBe('jumpPage');
      await page.getByText('列表', { exact: true }).waitFor();
      // (The first-drawing view is off: no record of this set has drawings, issue 43.)
      await page.getByText('图文', { exact: true }).click();
      await page.waitForURL(/view=tuwenshitu/);
      await poll(async () => (await listed()).items[0]?.entry.operationName).toBe('view');
      await page.getByText('列表', { exact: true }).click();
      await page.waitForURL((u) => !u.searchParams.has('view'));
      await poll(() => page.locator('.result-table tbody tr.result-row').count()).toBeGreaterThan(0);
      await page.locator('.result-table tbody tr.result-row').first().locator('td').nth(3).click();
      await page.waitForURL(/\/innovationSpace\/searchDetail\?pn=/);
      await page.getByRole('tab', { name: '引证' }).click();
      await poll(async () => (await listed()).items[0]?.entry.operationValue).toBe('citations');
      const after = await listed();
      expect(after.total).toBe(before + 1);
      expect(after.items.filter((i) => i.entry.searchExpression === 'AB=(电池)')).toHaveLength(1);

      // A semantic search's pasted paragraph: cut in its column, whole on hover.
      const paragraph = '本发明公开了一种电池热管理系统，包括液冷板、温度传感器和控制器，'.repeat(40);
      await apiCall(spec.server.baseUrl, spec.session.tokens.access_token, 'POST', '/product/history', {
        content: JSON.stringify({
          operationName: 'search',
          searchExpression: paragraph,
          searchContext: paragraph,
          resultTotal: '20',
        }),
      });
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(`${spec.server.baseUrl}/innovationSpace/history`);
      const rows = page.locator('.history-table tbody tr.ant-table-row');
      await poll(() => rows.count()).toBe(after.total + 1);
      const table = page.locator('.history-table table');
      await poll(async () => (await table.boundingBox())?.width ?? 9999).toBeLessThanOrEqual(1440);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
      // The action column reads as words in Chinese: 切换详情标签 引证, not "citations".
      const motorRow = rows.filter({ hasText: 'AB=(电池)' });
      expect(await motorRow.innerText()).toMatch(/切换详情标签\s*引证/);
      expect(await page.locator('.history-table').innerText()).not.toMatch(/citations|overview|tuwenshitu/);
      await shot(page, 'history-page-fold-zh.png');
      await rows.first().locator('.history-expression-cell').hover();
      const tooltip = page.locator('.history-full-text');
      await tooltip.waitFor();
      expect(await tooltip.innerText()).toContain(paragraph.slice(0, 60));
      await shot(page, 'history-page-long-text-zh.png');
      await page.close();
    },
  );

  it(
    '[HISTORY][REFERENCES]: #a AND #b in the result page box runs both searches combined',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const page = await openDesktopPage(spec.browser, spec.server.baseUrl, spec.session, {
        locale: 'zh-CN',
        stepTimeoutMs: STEP_TIMEOUT_MS,
      });
      // Two searches of the user's own; their numbers are what the history page shows.
      await searchFromHome(page, spec.server.baseUrl, 'TI=(电池)');
      await searchFromHome(page, spec.server.baseUrl, 'TI=(散热)');
      const numberOf = async (expression: string) => {
        await poll(async () => (await listed()).items.some((i) => i.entry.searchExpression === expression)).toBe(true);
        return (await listed()).items.find((i) => i.entry.searchExpression === expression)!.no;
      };
      const [first, second] = [await numberOf('TI=(电池)'), await numberOf('TI=(散热)')];
      const text = `#${first} AND #${second}`;
      const box = page.locator('.results-query .expr-editor-input');
      await box.fill(text);
      // The live parse says what each number stands for.
      const preview = page.getByTestId('expression-references');
      await poll(() => preview.locator(`[data-reference="${first}"]`).innerText()).toContain('TI=电池');
      await shot(page, 'expression-references-zh.png');
      await page.locator('.expr-editor-submit').click();
      await page.waitForURL((u) => u.searchParams.get('q') === text);
      const engine = await apiCall<{ total: number }>(
        spec.server.baseUrl,
        spec.session.tokens.access_token,
        'POST',
        '/platform/data/search/expression/total-hits',
        { searchExpre: 'TI=(电池) AND TI=(散热)' },
      );
      expect(engine.total).toBeGreaterThan(0);
      await poll(() => resultTotal(page)).toBe(engine.total);

      // A number the user has no entry for: said at its column before searching.
      await box.fill(`#${first} AND #999`);
      await poll(() => page.getByTestId('expression-error').innerText()).toBe(
        `检索式有误：第 ${String(first).length + 7} 列的 #999 不是您的检索历史（检索历史中没有序号为 999 的记录）`,
      );
      expect(await page.locator('.expr-editor-submit').isDisabled()).toBe(true);

      // The same in English.
      await page.getByText('English', { exact: true }).click();
      await box.fill(text);
      await poll(() => page.getByTestId('expression-references').innerText()).toContain('hits');
      await shot(page, 'expression-references-en.png');
      await page.getByText('中文', { exact: true }).click();
      await page.close();
    },
  );
});

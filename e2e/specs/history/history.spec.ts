import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser } from '../../fixtures/browser.js';
import { apiCall, apiLogin, DEMO, newSignedInPage, type ApiSession } from '../../fixtures/auth.js';
import { resultTotal, shot } from '../../fixtures/page.js';
import { startServer, type RunningServer } from '../../fixtures/server.js';

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

async function openPage(browser: Browser, baseUrl: string, session: ApiSession, locale: string): Promise<Page> {
  const page = await newSignedInPage(browser, baseUrl, session, { viewport: { width: 1366, height: 900 }, locale });
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  return page;
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
  items: { id: string; entry: { operationName: string; searchExpression: string; resultTotal: string } }[];
}

describe.runIf(runBrowser)('[HISTORY]: search history and operation history', () => {
  let server: RunningServer;
  let browser: Browser;
  let session: ApiSession;
  const listed = () =>
    apiCall<Listed>(server.baseUrl, session.tokens.access_token, 'POST', '/product/history/list', { pageSize: 50 });

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    session = await apiLogin(server.baseUrl, DEMO.email, DEMO.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it(
    '[HISTORY][RESTORE]: records search, filter and view; reopens the entry from the page and the drawer',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const page = await openPage(browser, server.baseUrl, session, 'zh-CN');
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));

      await searchFromHome(page, server.baseUrl, 'TI=(电池)');
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

      // Three actions, three entries, newest first (recorded once each action's results are in).
      await poll(async () => (await listed()).items.map((i) => i.entry.operationName)).toEqual([
        'view',
        'filterSingle',
        'search',
      ]);
      const entries = (await listed()).items;
      expect(entries.map((i) => i.entry.resultTotal)).toEqual([String(filtered), String(filtered), String(total)]);

      // The drawer on the result page lists them.
      await page.locator('.history-drawer-button').click();
      const drawerItems = page.locator('.history-drawer-item');
      await poll(() => drawerItems.count()).toBe(3);
      await drawerOpened(page);
      expect(await drawerItems.first().innerText()).toMatch(/切换视图\s*图文/);
      expect(await drawerItems.nth(1).innerText()).toContain('专利类型: 实用新型');
      await shot(page, 'history-drawer-zh.png');
      await page.keyboard.press('Escape');

      await page.goto(`${server.baseUrl}/innovationSpace/history`);
      const rows = page.locator('.history-table tbody tr.ant-table-row');
      await poll(() => rows.count()).toBe(3);
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
      await poll(() => drawerItems.count()).toBe(3);
      await drawerItems.last().locator('.history-drawer-open').click();
      await page.waitForURL((u) => u.searchParams.get('hid') === entries[2]!.id);
      expect(new URL(page.url()).searchParams.get('f')).toBeNull();
      await poll(() => resultTotal(page)).toBe(total);
      await poll(() => page.locator('.result-table tbody tr.result-row').count()).toBe(20);
      // Reopening recorded nothing.
      expect((await listed()).total).toBe(3);

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
      const page = await openPage(browser, server.baseUrl, session, 'zh-CN');
      await searchFromHome(page, server.baseUrl, 'TI=(散热)');
      await poll(async () => (await listed()).items[0]?.entry.searchExpression).toBe('TI=(散热)');

      await page.goto(`${server.baseUrl}/innovationSpace/history`);
      const rows = page.locator('.history-table tbody tr.ant-table-row');
      await poll(() => rows.count()).toBe(4);
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
            server.baseUrl,
            session.tokens.access_token,
            'POST',
            '/platform/data/search/expression/total-hits',
            { searchExpre: text },
          )
        ).total;
      // The newer entry comes first: (散热) AND (电池).
      const andText = await expression.innerText();
      expect(andText).toMatch(/TI=\(?散热\)?[\s\S]*AND[\s\S]*TI=\(?电池\)?/);
      const andTotal = await combinedTotal();
      expect(andTotal).toBeGreaterThan(0);
      expect(andTotal).toBe(await engineTotal(andText));
      await shot(page, 'history-combine-and-zh.png');

      await modal.getByRole('combobox').click();
      await page.locator('.ant-select-item-option', { hasText: 'NOT' }).click();
      await poll(() => expression.innerText()).toMatch(/NOT/);
      await page.locator('.ant-select-dropdown').waitFor({ state: 'hidden' });
      const notText = await expression.innerText();
      await poll(() => combinedTotal()).toBe(await engineTotal(notText));
      await shot(page, 'history-combine-not-zh.png');

      await modal.getByRole('button', { name: /检\s*索/ }).click();
      await page.waitForURL(
        (u) => u.pathname === '/innovationSpace/searchResult' && u.searchParams.get('q') === notText,
      );
      await poll(() => resultTotal(page)).toBe(await engineTotal(notText));

      // Operation history: the searches, reopened by getData.
      await page.goto(`${server.baseUrl}/innovationSpace/history?tab=operate`);
      const opRows = page.locator('.history-table tbody tr.ant-table-row');
      await poll(() => opRows.count()).toBeGreaterThanOrEqual(3);
      expect(await opRows.first().innerText()).toContain('NOT');
      await shot(page, 'history-page-operate-zh.png');
      await page.close();
    },
  );

  it('[HISTORY][EN]: shows the history page and drawer in English', { timeout: TEST_TIMEOUT_MS }, async () => {
    const page = await openPage(browser, server.baseUrl, session, 'en-US');
    await page.goto(`${server.baseUrl}/home`);
    await page.getByText('English', { exact: true }).click();
    await page.goto(`${server.baseUrl}/innovationSpace/history`);
    await poll(() => page.getByRole('tab', { name: 'Operation history' }).count()).toBe(1);
    const rows = page.locator('.history-table tbody tr.ant-table-row');
    await poll(() => rows.count()).toBeGreaterThanOrEqual(5);
    const table = await page.locator('.history-table').innerText();
    expect(table).toContain('Change view');
    // Values read as words, not codes.
    expect(table).toContain('Patent type: Utility model');
    expect(table).not.toContain('tuwenshitu');
    await shot(page, 'history-page-search-en.png');

    await page.goto(`${server.baseUrl}/innovationSpace/searchResult?q=${encodeURIComponent('TI=(电池)')}`);
    // As a user does: once the results are in (the toolbar is drawn again when they arrive).
    await resultTotal(page);
    await page.locator('.history-drawer-button').click();
    await poll(() => page.locator('.history-drawer-item').count()).toBeGreaterThanOrEqual(5);
    await drawerOpened(page);
    await shot(page, 'history-drawer-en.png');
    const body = await page.locator('body').innerText();
    expect(body).not.toMatch(/undefined|NaN/);
    await page.keyboard.press('Escape');

    // Leaving for the analysis records 'analysis'; its entry reopens the analysis page.
    await page.getByTestId('analyse-button').click();
    await page.waitForURL((u) => u.pathname === '/innovationSpace/searchResult/analysis');
    await poll(async () => (await listed()).items[0]?.entry.operationName).toBe('analysis');
    await page.goto(`${server.baseUrl}/innovationSpace/history`);
    await page.locator('.history-table tbody tr.ant-table-row').first().getByRole('button', { name: 'Open' }).click();
    await page.waitForURL((u) => u.pathname === '/innovationSpace/searchResult/analysis' && u.searchParams.has('hid'));
    expect(new URL(page.url()).searchParams.get('q')).toBe('TI=(电池)');
    await page.close();
  });
});

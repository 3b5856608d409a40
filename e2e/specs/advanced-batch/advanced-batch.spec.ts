import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium } from '../../fixtures/browser.js';
import { apiCall, newSignedInPage, type ApiSession } from '../../fixtures/auth.js';
import { resultTotal, shot } from '../../fixtures/page.js';
import { signedInSpec } from '../../fixtures/spec.js';

const runBrowser = hasChromium();

/** The machine is shared and often busy: generous limits for each step and each test. */
const STEP_TIMEOUT_MS = 90_000;
const TEST_TIMEOUT_MS = 600_000;

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: STEP_TIMEOUT_MS, interval: 250 });

async function openPage(browser: Browser, baseUrl: string, session: ApiSession, locale: string): Promise<Page> {
  const page = await newSignedInPage(browser, baseUrl, session, {
    viewport: { width: 1366, height: 900 },
    locale,
  });
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  return page;
}

describe.runIf(runBrowser)('[SEARCH][ADVANCED-BATCH]: advanced form and batch search', () => {
  const spec = signedInSpec();

  it(
    '[SEARCH][ADVANCED]: the form writes the expression live and opens its results',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const page = await openPage(spec.browser, spec.server.baseUrl, spec.session, 'zh-CN');
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${spec.server.baseUrl}/search/advance`);

      await page.getByRole('textbox', { name: '标题', exact: true }).fill('电池');
      const editor = page.locator('.advanced-search-page textarea');
      await poll(() => editor.inputValue()).toBe('TI=(电池)');

      // Country: a multiple select keeps each country once.
      const country = page.getByRole('combobox', { name: '国家/地区', exact: true });
      // A click can land while the dropdown is still sliding in on a busy machine: check and pick again.
      for (let attempt = 0; attempt < 3 && (await editor.inputValue()) !== 'TI=(电池) AND CC=(CN)'; attempt++) {
        await country.click();
        const option = page.locator('.ant-select-item-option', { hasText: 'CN 中国' }).first();
        await option.waitFor({ state: 'visible' });
        await page.waitForTimeout(300);
        if ((await option.getAttribute('aria-selected')) !== 'true') await option.click();
        await page.keyboard.press('Escape');
        await page.waitForTimeout(300);
      }
      await poll(() => editor.inputValue()).toBe('TI=(电池) AND CC=(CN)');
      await shot(page, 'advanced-search-form.png', true);

      await page
        .locator('.advanced-search-page')
        .getByRole('button', { name: /检\s*索$/ })
        .last()
        .click();
      await page.waitForURL(
        (url) =>
          url.pathname === '/innovationSpace/searchResult' && url.searchParams.get('q') === 'TI=(电池) AND CC=(CN)',
      );
      await poll(() => resultTotal(page)).toBeGreaterThan(0);
      await shot(page, 'advanced-search-results.png');

      // The fields of this search are remembered for the next visit.
      const last = await apiCall<{ fields: string[] }>(
        spec.server.baseUrl,
        spec.session.tokens.access_token,
        'POST',
        '/product/advancedSearch/template/getLastSearchFields',
      );
      expect(last.fields).toContain('TI');
      expect(errors).toEqual([]);
    },
  );

  it(
    '[SEARCH][BATCH]: pasted numbers in several forms give the found records and the one unknown number',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const page = await openPage(spec.browser, spec.server.baseUrl, spec.session, 'zh-CN');
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${spec.server.baseUrl}/search/batch`);

      await page.getByRole('textbox', { name: '公开号或申请号' }).fill('CN116226907A, US 11803694 B1\nCN999999999A');
      await page.getByText('已输入 3 个（最多 1000 个）').waitFor();
      await page
        .locator('.batch-search-page .ant-card')
        .first()
        .getByRole('button', { name: /检\s*索$/ })
        .click();

      const found = page.getByRole('table');
      await found.getByRole('link', { name: 'CN116226907A' }).waitFor();
      await found.getByRole('link', { name: 'US11803694B1' }).waitFor();
      const notFound = page.getByRole('list', { name: '未找到的号码' });
      await poll(() => notFound.getByRole('listitem').allInnerTexts()).toEqual(['CN999999999A']);
      await page.getByText('检索到的记录（2）').waitFor();
      // The batch is kept in the records below.
      await page.getByText('共 3 个，找到 2 个，未找到 1 个').waitFor();
      await shot(page, 'batch-search-results.png', true);

      await page.getByRole('button', { name: '在结果页查看' }).click();
      await page.waitForURL((url) => url.pathname === '/innovationSpace/searchResult');
      await poll(() => resultTotal(page)).toBe(2);
      expect(errors).toEqual([]);
    },
  );
});

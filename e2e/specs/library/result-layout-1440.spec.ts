import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { LibraryFolder } from '@patlas/contracts';
import { hasChromium } from '../../fixtures/browser.js';
import { apiCall, newSignedInPage } from '../../fixtures/auth.js';
import { shot } from '../../fixtures/page.js';
import { signedInSpec } from '../../fixtures/spec.js';

/**
 * Issue 43 item 12 at 1,440 px (a common office screen): the result table with the collect-order
 * column overflowed sideways; the result toolbar wrapped onto three rows; a library whose patents
 * sit in a sub-folder opened as "共 0 件"; labels did not show in the rows; two result tabs were
 * both titled "检索结果". zh and en, with screenshots.
 */
const runBrowser = hasChromium();
const STEP_TIMEOUT_MS = 90_000;
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: STEP_TIMEOUT_MS, interval: 250 });
const RESULT_PATH = '/innovationSpace/searchResult';
const EXPRESSION = 'TI=(电池)';

type Locale = 'zh-CN' | 'en-US';
const TEXTS = {
  'zh-CN': {
    library: '宽屏专题库',
    folder: '正极子库',
    label: '宽屏标引',
    total: '专题库共 3 件专利',
    tabKind: '专题库',
  },
  'en-US': {
    library: 'Wide library',
    folder: 'Cathode folder',
    label: 'Wide label',
    total: '3 patents in the library',
    tabKind: 'Library',
  },
} as const;

/** Rows the controls of an element are laid out on (distinct tops; a few pixels apart count as one). */
function rowsOf(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((element) => {
    const tops: number[] = [];
    for (const control of Array.from(
      element.querySelectorAll('.ant-btn, .ant-select, .ant-input-search, .ant-segmented, .ant-radio-button-wrapper'),
    )) {
      const { top, height } = control.getBoundingClientRect();
      if (height === 0) continue;
      if (!tops.some((t) => Math.abs(t - top) < 12)) tops.push(top);
    }
    return tops.length;
  });
}

/** How far the table's content is wider than its box (0: no sideways scroll). */
function tableOverflow(page: Page): Promise<number> {
  return page.evaluate(() => {
    const body = document.querySelector('.result-table .ant-table-content, .result-table .ant-table-body');
    const page = document.documentElement;
    return Math.max(body ? body.scrollWidth - body.clientWidth : 0, page.scrollWidth - page.clientWidth);
  });
}

describe.runIf(runBrowser)('[LIBRARY][LAYOUT]: the result page and the library at 1,440 px (issue 43)', () => {
  const spec = signedInSpec();

  const api = <T>(path: string, body: unknown) =>
    apiCall<T>(spec.server.baseUrl, spec.session.tokens.access_token, 'POST', `/product${path}`, body);

  async function openPage(locale: Locale): Promise<Page> {
    const page = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
      viewport: { width: 1440, height: 900 },
      locale,
      language: locale === 'en-US' ? 'en' : undefined,
    });
    page.setDefaultTimeout(STEP_TIMEOUT_MS);
    return page;
  }

  for (const locale of ['zh-CN', 'en-US'] as const) {
    const tag = locale === 'zh-CN' ? 'zh' : 'en';
    const text = TEXTS[locale];

    it(`fits the result page of a library with sub-folders in 1,440 px, labels in its rows (${tag})`, async () => {
      // A library whose three patents sit in its sub-folder, one of them labelled.
      const search = await apiCall<{ items: { publicationNumber: string }[] }>(
        spec.server.baseUrl,
        spec.session.tokens.access_token,
        'POST',
        '/platform/data/search/query',
        { searchExpre: EXPRESSION, pageSize: 10 },
      );
      const numbers = search.items.slice(0, 3).map((i) => i.publicationNumber);
      expect(numbers).toHaveLength(3);
      const save = (body: object) => api<{ folder: LibraryFolder }>('/archive/v2/save', body);
      const library = (await save({ action: 'createFolder', name: text.library })).folder;
      const folder = (await save({ action: 'createFolder', name: text.folder, parentId: library.id })).folder;
      await save({ action: 'collect', folderIds: [folder.id], publicationNumbers: numbers });
      const label = (await api<{ label: { id: string } }>('/labelmanage/set', { action: 'create', name: text.label }))
        .label;
      await api('/labelmanage/set', {
        action: 'apply',
        folderId: folder.id,
        labelIds: [label.id],
        publicationNumbers: [numbers[0]],
      });

      const page = await openPage(locale);
      const setUrl = `${spec.server.baseUrl}${RESULT_PATH}?set=${encodeURIComponent(`library:${library.id}`)}`;
      const resultsUrl = `${spec.server.baseUrl}${RESULT_PATH}?q=${encodeURIComponent(EXPRESSION)}`;
      const firstRow = () => page.locator('.result-table tbody tr.result-row').first().waitFor();
      // Pictures first (PATLAS_SHOT_TAG names a run, e.g. "before" a change), then the checks.
      const shotTag = process.env.PATLAS_SHOT_TAG ? `-${process.env.PATLAS_SHOT_TAG}` : '';
      await page.goto(setUrl);
      // The stored choice of language took (a lost one fails here, not at some text further on).
      if (locale === 'en-US') await poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
      await firstRow();
      await shot(page, `layout-1440-library-set-${tag}${shotTag}.png`, true);
      await page.goto(resultsUrl);
      await firstRow();
      await shot(page, `layout-1440-results-${tag}${shotTag}.png`);
      await page.goto(`${spec.server.baseUrl}/innovationSpace/collect?folder=${library.id}`);
      await page.getByTestId(`folder-${library.id}`).waitFor();
      await shot(page, `layout-1440-library-${tag}${shotTag}.png`, true);

      // The library opens with its sub-folder's patents; the label shows in its row.
      await page.goto(setUrl);
      await poll(() => page.getByTestId('result-total').innerText()).toBe(text.total);
      await firstRow();
      await poll(() => page.getByTestId(`row-labels-${numbers[0]}`).innerText()).toContain(text.label);
      // The collect-order column does not push the table past the window; the toolbar keeps to two rows.
      expect(await tableOverflow(page)).toBeLessThanOrEqual(0);
      expect(await rowsOf(page, '.result-toolbar')).toBeLessThanOrEqual(2);
      // The selection's actions and the views: two rows (three before; the rarer ones are behind "More").
      expect(await rowsOf(page, '.result-selection-actions')).toBeLessThanOrEqual(2);
      // The tab names the set, not a second "检索结果".
      await poll(() => page.locator('.patlas-tab-active .patlas-tab-button').innerText()).toContain(text.tabKind);

      // An expression's result page: the same.
      await page.goto(resultsUrl);
      await firstRow();
      await poll(() => page.getByTestId(`row-labels-${numbers[0]}`).innerText()).toContain(text.label);
      expect(await tableOverflow(page)).toBeLessThanOrEqual(0);
      expect(await rowsOf(page, '.result-toolbar')).toBeLessThanOrEqual(2);
      // The selection's actions and the views: two rows (three before; the rarer ones are behind "More").
      expect(await rowsOf(page, '.result-selection-actions')).toBeLessThanOrEqual(2);
      // Two result tabs are told apart: the expression's and the library's.
      const tabs = await page.locator('.patlas-tab-button').allInnerTexts();
      expect(new Set(tabs).size).toBe(tabs.length);
      await page.close();
    }, 600_000);
  }
});

import type { Browser, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { LabelListResponse, LibraryFolder } from '@patlas/contracts';
import { hasChromium } from '../../fixtures/browser.js';
import { apiCall, newSignedInPage, type ApiSession } from '../../fixtures/auth.js';
import { chooseOption, recordToasts, resultTotal, shot, toastsSeen } from '../../fixtures/page.js';
import { signedInSpec } from '../../fixtures/spec.js';

const runBrowser = hasChromium();

/** The machine is shared and often busy: generous limits for each step and each test. */
const STEP_TIMEOUT_MS = 90_000;
const TEST_TIMEOUT_MS = 900_000;

/** expect.poll with the step limit. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: STEP_TIMEOUT_MS, interval: 250 });

const EXPRESSION = 'TI=(电池)';
const RESULT_PATH = '/innovationSpace/searchResult';

type Locale = 'zh-CN' | 'en-US';

/** What each flow types and expects, per interface language (apps/web/src/i18n/<locale>/library.json …). */
const TEXTS = {
  'zh-CN': {
    library: '动力电池专题',
    folder: '电池检索结果',
    labelDraft: '能量密度',
    label: '高能量密度',
    labelOne: '待复核',
    selected: '已选 3 条',
    clearSelection: '清空选择',
    collectTitle: '收藏到专题库',
    newFolderName: '新文件夹名称',
    labelName: '标引名称',
    setLabels: '设置标引',
    collectWhat: '3 件专利',
    newUnder: (name: string) => `新文件夹将建在“${name}”下`,
    collectDone: (name: string) => `已收藏到“${name}”`,
    added: '新增 3 件',
    openLibrary: '打开专题库',
    create: '新建',
    collect: '收藏',
    ok: '确定',
    renameTitle: (name: string) => `重命名标引“${name}”`,
    renamed: '已重命名标引',
    labelSet: (count: number) => `已为 ${count} 件专利设置标引`,
    libraryTotal: '专题库共 3 件专利',
    libraryTotalOne: '专题库共 1 件专利',
    within: '专题库 3 件中的 2 件',
    setTag: '专题库',
    chartTitle: '申请趋势',
    deleted: '已移入回收站',
    restore: '恢复',
    restored: '已恢复 1 个',
    countWithSub: '本文件夹 0 件，含子文件夹共 3 件',
    labelCount: '3 件',
  },
  'en-US': {
    library: 'Traction batteries',
    folder: 'Battery hits',
    labelDraft: 'Energy density',
    label: 'High energy density',
    labelOne: 'To review',
    selected: '3 selected',
    clearSelection: 'Clear selection',
    collectTitle: 'Collect into a library',
    newFolderName: 'New folder name',
    labelName: 'Label name',
    setLabels: 'Set labels',
    collectWhat: '3 patents',
    newUnder: (name: string) => `The new folder goes into “${name}”`,
    collectDone: (name: string) => `Collected into “${name}”`,
    added: '3 patents added',
    openLibrary: 'Open the library',
    create: 'Create',
    collect: 'Collect',
    ok: 'OK',
    renameTitle: (name: string) => `Rename the label “${name}”`,
    renamed: 'Label renamed',
    labelSet: (count: number) => `Labels set on ${count} patent${count === 1 ? '' : 's'}`,
    libraryTotal: '3 patents in the library',
    libraryTotalOne: '1 patent in the library',
    within: "2 of the library's 3 patents",
    setTag: 'Library',
    chartTitle: 'Application trend',
    deleted: 'Moved to the recycle bin',
    restore: 'Restore',
    restored: '1 restored',
    countWithSub: '0 in this folder, 3 with sub-folders',
    labelCount: '3 patents',
  },
} as const;

const LOCALES: readonly Locale[] = ['zh-CN', 'en-US'];

/** A short tag for screenshot names. */
const tagOf = (locale: Locale) => (locale === 'zh-CN' ? 'zh' : 'en');

/**
 * A button's accessible name: antd writes a space between two Chinese characters ("确 定"), and an
 * icon adds its own name in front ("folder-add 新建").
 */
function buttonName(text: string): RegExp {
  return new RegExp(`(^|\\s)${[...text].map((c) => c.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('\\s*')}$`);
}

/** Text the interface must never show: an untranslated key of these pages, or a broken value. */
const BROKEN_TEXT =
  /undefined|NaN|Invalid Date|\b(?:collect|labels|folders|recycle|remove|form|set|results)\.[a-zA-Z]+\b/;

/** What one flow hands the next, per locale. */
interface Collected {
  libraryId: string;
  folderId: string;
  /** The collected publication numbers, in list order. */
  numbers: string[];
  /** The label on all three, and the one on the first only. */
  labelId?: string;
  labelOneId?: string;
}

async function openPage(browser: Browser, baseUrl: string, session: ApiSession, locale: Locale): Promise<Page> {
  const page = await newSignedInPage(browser, baseUrl, session, {
    viewport: { width: 1366, height: 900 },
    locale,
    // The interface language is the user's choice (kept in local storage), zh by default.
    language: locale === 'en-US' ? 'en' : undefined,
  });
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  await recordToasts(page);
  return page;
}

/** After a page's first load: in English when the stored choice is English (a lost choice fails here). */
async function expectLanguageOf(page: Page, locale: Locale): Promise<void> {
  if (locale === 'en-US') await poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
}

/** The publication numbers of the result list, in order. */
async function listedNumbers(page: Page): Promise<string[]> {
  return (await page.locator('.result-table .result-number').allInnerTexts()).map((n) => n.trim());
}

/** Ticks the checkbox of the n-th result row (0-based) of the list view. */
async function tickRow(page: Page, index: number): Promise<void> {
  await page.locator('.result-table tbody tr.result-row').nth(index).locator('input[type="checkbox"]').check();
}

/** The open (visible) dropdown of a select or tree select. */
function openDropdown(page: Page): Locator {
  return page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)');
}

/** Non-blank pixels of a chart's canvas: something is drawn once this is above zero. */
function inkOf(canvas: Locator): Promise<number> {
  return canvas.evaluate((element) => {
    const c = element as HTMLCanvasElement;
    const context = c.getContext('2d');
    if (!context || c.width === 0 || c.height === 0) return 0;
    const { data } = context.getImageData(0, 0, c.width, c.height);
    let ink = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) ink += 1;
    return ink;
  });
}

/** Waits until the chart has drawn and its animation has come to rest (two equal readings in a row). */
async function chartDrawn(chart: Locator): Promise<void> {
  const canvas = chart.locator('canvas').first();
  await canvas.waitFor();
  let last = -1;
  await poll(async () => {
    const ink = await inkOf(canvas);
    const settled = ink > 0 && ink === last;
    last = ink;
    return settled;
  }).toBe(true);
}

describe.runIf(runBrowser)('[LIBRARY]: patent libraries (issue 17)', () => {
  const spec = signedInSpec();
  const collected = new Map<Locale, Collected>();

  const api = <T>(path: string, body: unknown) =>
    apiCall<T>(spec.server.baseUrl, spec.session.tokens.access_token, 'POST', `/product${path}`, body);
  const foldersIn = async (state: 'current' | 'deleted' | 'all') =>
    (await api<{ folders: LibraryFolder[] }>('/archive/v2/list', { type: 'folders', state })).folders;
  const labelsOf = async (folderId: string) => (await api<LabelListResponse>('/labelmanage/list', { folderId })).labels;
  const stateOf = async (folderId: string) => (await foldersIn('all')).find((f) => f.id === folderId)?.state;

  it(
    '[LIBRARY][COLLECT]: selects 3 results, creates a library and a sub-folder from the collect dialog, collects, opens the folder (zh, then en)',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      for (const locale of LOCALES) {
        const text = TEXTS[locale];
        const tag = tagOf(locale);
        const page = await openPage(spec.browser, spec.server.baseUrl, spec.session, locale);
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));

        await page.goto(`${spec.server.baseUrl}${RESULT_PATH}?q=${encodeURIComponent(EXPRESSION)}`);
        await expectLanguageOf(page, locale);
        expect(await resultTotal(page)).toBeGreaterThan(20);
        await poll(() => page.locator('.result-table tbody tr.result-row').count()).toBe(20);
        const picked = (await listedNumbers(page)).slice(0, 3);
        expect(new Set(picked).size).toBe(3);
        for (const index of [0, 1, 2]) await tickRow(page, index);
        await poll(() => page.getByTestId('selection-count').innerText()).toBe(text.selected);

        await page.getByTestId('collect-selected').click();
        const dialog = page.locator('.ant-modal').filter({ hasText: text.collectTitle });
        await poll(() => dialog.getByTestId('collect-what').innerText()).toBe(text.collectWhat);
        const newName = dialog.locator(`input[aria-label="${text.newFolderName}"]`);
        const createButton = dialog.getByRole('button', { name: buttonName(text.create) });

        // A new library at the top; it becomes the chosen folder, so the next one goes inside it.
        await newName.fill(text.library);
        await createButton.click();
        await poll(() => dialog.getByText(text.newUnder(text.library), { exact: true }).count()).toBe(1);
        await newName.fill(text.folder);
        await createButton.click();
        await poll(() => dialog.getByText(text.newUnder(text.folder), { exact: true }).count()).toBe(1);
        // Only the sub-folder is chosen now.
        const chosen = dialog.locator('.library-folder-select .ant-select-selection-item');
        await poll(() => chosen.allInnerTexts()).toHaveLength(1);
        expect((await chosen.innerText()).startsWith(text.folder)).toBe(true);
        const mine = await foldersIn('current');
        const library = mine.find((f) => f.name === text.library && f.parentId === null);
        const folder = mine.find((f) => f.name === text.folder);
        expect(library).toBeDefined();
        expect(folder?.parentId).toBe(library!.id);
        // The dialog's mask covers the window only: a full-page picture would show it cut off.
        await shot(page, `library-collect-dialog-${tag}.png`);

        await dialog.getByRole('button', { name: buttonName(text.collect) }).click();
        const result = dialog.getByTestId('collect-result');
        await poll(() => result.innerText()).toBe(text.added);
        expect(await dialog.locator('.ant-result-title').innerText()).toBe(text.collectDone(text.folder));
        await shot(page, `library-collect-done-${tag}.png`);

        // Open it: the folder's result page lists the three, in the order they were collected.
        await dialog.getByRole('button', { name: text.openLibrary }).click();
        await page.waitForURL(
          (url) => url.pathname === RESULT_PATH && url.searchParams.get('set') === `library:${folder!.id}`,
        );
        await poll(() => listedNumbers(page)).toEqual(picked);
        await poll(() => page.getByTestId('result-total').innerText()).toBe(text.libraryTotal);
        await page.getByTestId('library-label-bar').waitFor();
        await shot(page, `library-folder-results-${tag}.png`, true);

        expect(await page.locator('body').innerText()).not.toMatch(BROKEN_TEXT);
        expect(errors).toEqual([]);
        collected.set(locale, { libraryId: library!.id, folderId: folder!.id, numbers: picked });
        await page.close();
      }
    },
  );

  it(
    '[LIBRARY][LABEL]: labels the patents, filters by a label, searches within the library and analyses it (zh, then en)',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      for (const locale of LOCALES) {
        const text = TEXTS[locale];
        const tag = tagOf(locale);
        const lib = collected.get(locale);
        if (!lib) throw new Error(`[LIBRARY][COLLECT] left no library for ${locale}`);
        const page = await openPage(spec.browser, spec.server.baseUrl, spec.session, locale);
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));

        // Two labels on the library page; the first is renamed there.
        await page.goto(`${spec.server.baseUrl}/innovationSpace/collect?folder=${lib.folderId}`);
        await expectLanguageOf(page, locale);
        await poll(() => page.getByTestId('folder-title').innerText()).toBe(text.folder);
        const labelCard = page.locator('.library-labels');
        // By the exact name: one label's name may hold another's (能量密度, 高能量密度).
        const labelRow = (name: string) =>
          labelCard.locator('.library-label-row').filter({ has: page.getByRole('link', { name, exact: true }) });
        for (const name of [text.labelDraft, text.labelOne]) {
          await labelCard.locator(`input[aria-label="${text.labelName}"]`).fill(name);
          await labelCard.getByRole('button', { name: buttonName(text.create) }).click();
          await labelRow(name).waitFor();
        }
        // Each label's row stays on the line of its tree icon.
        for (const name of [text.labelDraft, text.labelOne]) {
          const node = labelCard
            .locator('.ant-tree-treenode')
            .filter({ has: page.getByRole('link', { name, exact: true }) });
          const icon = await node.locator('.ant-tree-iconEle').boundingBox();
          const row = await labelRow(name).boundingBox();
          expect(icon && row && row.y < icon.y + icon.height && icon.y < row.y + row.height).toBe(true);
        }
        const idOf = async (name: string) => (await labelsOf(lib.folderId)).find((l) => l.name === name)?.id;
        const draftId = await idOf(text.labelDraft);
        expect(draftId).toBeDefined();
        await page.getByTestId(`label-rename-${draftId}`).click();
        const renameDialog = page.locator('.ant-modal').filter({ hasText: text.renameTitle(text.labelDraft) });
        const renameInput = renameDialog.getByTestId('label-rename-input');
        await poll(() => renameInput.inputValue()).toBe(text.labelDraft);
        await renameInput.fill(text.label);
        await renameDialog.getByRole('button', { name: buttonName(text.ok) }).click();
        await poll(() => toastsSeen(page)).toContain(text.renamed);
        await poll(async () => (await labelsOf(lib.folderId)).find((l) => l.id === draftId)?.name).toBe(text.label);
        await labelRow(text.label).waitFor();
        expect(await labelRow(text.labelDraft).count()).toBe(0);
        const labelId = draftId!;
        const labelOneId = (await idOf(text.labelOne))!;
        expect(labelOneId).toBeDefined();

        // Set the labels on the folder's result page: one on all three, the other on the first.
        await page.getByTestId('open-folder').click();
        await page.waitForURL((url) => url.searchParams.get('set') === `library:${lib.folderId}`);
        await poll(() => listedNumbers(page)).toEqual(lib.numbers);
        const rowsShown = page.locator('.result-table tbody tr.result-row');
        const applyLabel = async (name: string, rows: number[]) => {
          // Setting labels keeps the selection: start from none.
          const clear = page.getByRole('button', { name: buttonName(text.clearSelection) });
          if (await clear.isEnabled()) await clear.click();
          await poll(() => rowsShown.locator('input[type="checkbox"]:checked').count()).toBe(0);
          for (const index of rows) await tickRow(page, index);
          await poll(() => rowsShown.locator('input[type="checkbox"]:checked').count()).toBe(rows.length);
          await page.getByTestId('label-set-button').click();
          const modal = page.locator('.ant-modal').filter({ hasText: text.setLabels });
          const chosen = () => modal.locator('.ant-select-selection-item').allInnerTexts();
          await chooseOption({
            open: () => modal.locator('.ant-select').first().click(),
            option: openDropdown(page).locator('.ant-select-tree-title', { hasText: name }),
            chosen: async () => (await chosen()).length > 0,
          });
          expect(await chosen()).toEqual([name]);
          // Close the dropdown before confirming.
          await modal.locator('.ant-modal-title').click();
          await openDropdown(page).waitFor({ state: 'hidden' });
          await modal.getByRole('button', { name: buttonName(text.ok) }).click();
          await poll(() => toastsSeen(page)).toContain(text.labelSet(rows.length));
          await modal.waitFor({ state: 'hidden' });
        };
        await applyLabel(text.label, [0, 1, 2]);
        await poll(async () => (await labelsOf(lib.folderId)).find((l) => l.id === labelId)?.count).toBe(3);
        await applyLabel(text.labelOne, [0]);
        await poll(async () => (await labelsOf(lib.folderId)).find((l) => l.id === labelOneId)?.count).toBe(1);

        // Filter by a label: the page lists the patents that carry it.
        const filterBy = async (name: string, id: string) => {
          await chooseOption({
            open: () => page.locator('.library-label-filter').click(),
            option: openDropdown(page).locator('.ant-select-tree-title', { hasText: name }),
            chosen: async () => new URL(page.url()).searchParams.get('set') === `library:${lib.folderId}:${id}`,
          });
          await page.waitForURL((url) => url.searchParams.get('set') === `library:${lib.folderId}:${id}`);
        };
        await filterBy(text.labelOne, labelOneId);
        await poll(() => listedNumbers(page)).toEqual(lib.numbers.slice(0, 1));
        await poll(() => page.getByTestId('result-total').innerText()).toBe(text.libraryTotalOne);
        await shot(page, `library-label-filter-${tag}.png`, true);
        await filterBy(text.label, labelId);
        await poll(() => listedNumbers(page)).toEqual(lib.numbers);

        // Search within the library: every patent but the third.
        await page.goto(`${spec.server.baseUrl}${RESULT_PATH}?set=${encodeURIComponent(`library:${lib.folderId}`)}`);
        await poll(() => listedNumbers(page)).toEqual(lib.numbers);
        const within = `${EXPRESSION} NOT PN=${lib.numbers[2]}`;
        await page.locator('.result-second input').fill(within);
        await page.locator('.result-second input').press('Enter');
        await page.waitForURL((url) => url.searchParams.get('second') === within);
        expect(new URL(page.url()).searchParams.get('set')).toBe(`library:${lib.folderId}`);
        await poll(() => listedNumbers(page)).toEqual(lib.numbers.slice(0, 2));
        await poll(() => page.getByTestId('result-total').innerText()).toBe(text.within);
        await shot(page, `library-search-within-${tag}.png`, true);

        // The analysis of the whole library: its three patents, a chart drawn.
        await page.goto(`${spec.server.baseUrl}${RESULT_PATH}?set=${encodeURIComponent(`library:${lib.folderId}`)}`);
        await poll(() => listedNumbers(page)).toEqual(lib.numbers);
        await page.getByTestId('analyse-button').click();
        await page.waitForURL((url) => url.pathname === `${RESULT_PATH}/analysis`);
        await poll(() => page.getByTestId('analysis-set').innerText()).toBe(text.setTag);
        await poll(async () => /\d+/.exec(await page.getByTestId('analysis-total').innerText())?.[0]).toBe('3');
        await poll(() => page.getByTestId('analysis-chart-title').innerText()).toBe(text.chartTitle);
        await chartDrawn(page.getByTestId('analysis-chart'));
        expect(await page.getByTestId('analysis-error').count()).toBe(0);
        await shot(page, `library-analysis-${tag}.png`, true);

        expect(await page.locator('body').innerText()).not.toMatch(BROKEN_TEXT);
        expect(errors).toEqual([]);
        collected.set(locale, { ...lib, labelId, labelOneId });
        await page.close();
      }
    },
  );

  // Flow 3, [LIBRARY][SHARE] (a library shared with a second user, accepted from the message centre):
  // e2e/specs/library-share/library-share.spec.ts, with two accounts of its own server.

  it(
    '[LIBRARY][RECYCLE]: deletes the library, finds it in the recycle bin, restores it with its folder, patents and labels (zh, then en)',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      for (const locale of LOCALES) {
        const text = TEXTS[locale];
        const tag = tagOf(locale);
        const lib = collected.get(locale);
        if (!lib) throw new Error(`[LIBRARY][COLLECT] left no library for ${locale}`);
        const page = await openPage(spec.browser, spec.server.baseUrl, spec.session, locale);
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));

        await page.goto(`${spec.server.baseUrl}/innovationSpace/collect?folder=${lib.libraryId}`);
        await expectLanguageOf(page, locale);
        await poll(() => page.getByTestId('folder-title').innerText()).toBe(text.library);
        await page.getByTestId('delete-folder').click();
        await page
          .locator('.ant-popconfirm')
          .getByRole('button', { name: buttonName(text.ok) })
          .click();
        await poll(() => toastsSeen(page)).toContain(text.deleted);
        await poll(() => page.getByTestId(`folder-${lib.libraryId}`).count()).toBe(0);
        expect(await page.getByTestId(`folder-${lib.folderId}`).count()).toBe(0);
        await poll(() => stateOf(lib.libraryId)).toBe('deleted');

        // In the bin: the library itself (its sub-folder goes with it), with its three patents.
        await page.goto(`${spec.server.baseUrl}/user/recycleBin`);
        const rows = page.locator('.library-recycle-table tbody tr.ant-table-row');
        const row = rows.filter({ hasText: text.library });
        await poll(() => row.count()).toBe(1);
        expect(await rows.filter({ hasText: text.folder }).count()).toBe(0);
        expect((await row.locator('td').allInnerTexts()).map((cell) => cell.trim())).toContain('3');
        await shot(page, `library-recycle-bin-${tag}.png`, true);

        await row.getByRole('button', { name: buttonName(text.restore) }).click();
        await poll(() => toastsSeen(page)).toContain(text.restored);
        await poll(() => row.count()).toBe(0);
        await poll(() => stateOf(lib.libraryId)).toBe('active');

        // Back on the libraries page, with its sub-folder, patents and labels.
        await page.goto(`${spec.server.baseUrl}/innovationSpace/collect?folder=${lib.libraryId}`);
        await poll(() => page.getByTestId('folder-title').innerText()).toBe(text.library);
        await poll(() => page.getByTestId('folder-count').innerText()).toBe(text.countWithSub);
        await page.getByTestId(`folder-${lib.folderId}`).click();
        await page.waitForURL((url) => url.searchParams.get('folder') === lib.folderId);
        await poll(() => page.getByTestId('folder-title').innerText()).toBe(text.folder);
        if (lib.labelId) {
          await poll(() =>
            page.getByTestId(`label-${lib.labelId}`).locator('.ant-typography-secondary').innerText(),
          ).toBe(text.labelCount);
        }
        await shot(page, `library-restored-${tag}.png`, true);
        await page.getByTestId('open-folder').click();
        await page.waitForURL((url) => url.searchParams.get('set') === `library:${lib.folderId}`);
        await poll(() => listedNumbers(page)).toEqual(lib.numbers);

        expect(await page.locator('body').innerText()).not.toMatch(BROKEN_TEXT);
        expect(errors).toEqual([]);
        await page.close();
      }
    },
  );
});

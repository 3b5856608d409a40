import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from '../../fixtures/browser.js';
import { apiCall, newSignedInPage } from '../../fixtures/auth.js';
import { shot } from '../../fixtures/page.js';
import { signedInSpec } from '../../fixtures/spec.js';

const runBrowser = hasChromium();
const STEP_TIMEOUT_MS = 90_000;
const TEST_TIMEOUT_MS = 600_000;
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: STEP_TIMEOUT_MS, interval: 250 });

/** CN115001749A of the demo corpus (cn-patentics-incopat) and the start of its abstract. */
const PN = 'CN115001749A';
const TEXT =
  '本申请提供一种设备授权方法、装置、设备及介质，该方法包括：在服务器认证通过的情况下，向服务器上报包括Mac地址、第一随机数和加密的第一目标值的第一数据信息。' +
  '在第二授权信息与第一授权信息相同的情况下，确定获取算法程序的运行权限，并更新第一认证次数。本申请可准确的对终端设备进行授权认证。';

const LOCALES = [
  {
    locale: 'zh-CN',
    tag: 'zh',
    extract: '提取关键词',
    run: '提取',
    insert: /加入检索式/,
    cnki: 'CNKI 法律状态（同申请）',
    compare: '与指定专利比对',
    summary: '摘要',
    export: '导出专题库',
    openAll: '打开全部专利',
  },
  {
    locale: 'en-US',
    tag: 'en',
    extract: 'Extract keywords',
    run: 'Extract',
    insert: /Add to expression/,
    cnki: 'CNKI legal status (whole application)',
    compare: 'Compare with these patents',
    summary: 'Summary',
    export: 'Export library',
    openAll: 'Open all patents',
  },
] as const;

/** Issue 46 item 7: the server calls that had no page, each used where a user expects it. */
describe.runIf(runBrowser)('[PAGES]: calls with no page get their page', () => {
  const spec = signedInSpec();
  let folderId: string;
  const folderName = `授权-${Date.now()}`;

  beforeAll(async () => {
    const token = spec.session.tokens.access_token;
    // A library holding the patent, and a finished duplicate check of its abstract.
    const created = await apiCall<{ folder: { id: string } }>(
      spec.server.baseUrl,
      token,
      'POST',
      '/product/archive/v2/save',
      {
        action: 'createFolder',
        name: folderName,
      },
    );
    folderId = created.folder.id;
    await apiCall(spec.server.baseUrl, token, 'POST', '/product/archive/v2/save', {
      action: 'collect',
      folderIds: [folderId],
      publicationNumbers: [PN],
    });
    await apiCall(spec.server.baseUrl, token, 'POST', '/product/patent/repeat', { text: TEXT });
    // expect.poll is for tests only: the check is awaited here on its state, not on time.
    const deadline = Date.now() + STEP_TIMEOUT_MS;
    for (;;) {
      const list = await apiCall<{ items: { state: string }[] }>(
        spec.server.baseUrl,
        token,
        'POST',
        '/product/patent/getRepeatList',
        { page: 1, pageSize: 5 },
      );
      if (list.items[0]?.state === 'done') break;
      if (Date.now() > deadline) throw new Error(`duplicate check still ${list.items[0]?.state}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }, TEST_TIMEOUT_MS);

  for (const l of LOCALES) {
    it(
      `new search with extracted keywords, CNKI legal status, quick check and summary, library export and search (${l.tag})`,
      async () => {
        const page: Page = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
          viewport: { width: 1440, height: 960 },
          locale: l.locale,
          language: l.tag === 'en' ? 'en' : undefined,
        });
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));

        // /search/searchNew: keywords of a pasted text join the expression.
        await page.goto(`${spec.server.baseUrl}/search/searchNew`);
        await page.getByTestId('new-search').waitFor({ timeout: STEP_TIMEOUT_MS });
        await page.getByRole('button', { name: l.extract }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('textbox').fill(TEXT);
        await dialog.getByRole('button', { name: l.run, exact: true }).click();
        await dialog.getByTestId('extracted-words').waitFor({ timeout: STEP_TIMEOUT_MS });
        await shot(page, `pages-extract-keywords-${l.tag}.png`);
        await dialog.getByRole('button', { name: l.insert }).click();
        await poll(() => page.locator('.expr-editor-input').inputValue()).toMatch(/^TIABC=\(.+\)$/);
        await shot(page, `pages-new-search-${l.tag}.png`);

        // The detail page's legal tab: the whole application's status from /legal/cnki.
        await page.goto(`${spec.server.baseUrl}/innovationSpace/searchDetail?pn=${PN}&tab=legal`);
        await page.getByText(l.cnki).waitFor({ timeout: STEP_TIMEOUT_MS });
        await page.getByText(l.cnki).scrollIntoViewIfNeeded();
        await shot(page, `pages-legal-cnki-${l.tag}.png`);

        // The duplicate check: a quick comparison with the patent, and the finished check's summary.
        await page.goto(`${spec.server.baseUrl}/innovationSpace/repeat`);
        const quick = page.getByTestId('duplicate-quick');
        await quick.getByRole('textbox').fill(TEXT);
        await quick.getByRole('combobox').fill(PN);
        await quick.getByRole('combobox').press('Enter');
        await quick.getByRole('button', { name: l.compare }).click();
        await quick.getByTestId('duplicate-quick-result').waitFor({ timeout: STEP_TIMEOUT_MS });
        await quick.scrollIntoViewIfNeeded();
        await shot(page, `pages-quick-check-${l.tag}.png`);
        await page.getByRole('button', { name: l.summary, exact: true }).first().click();
        await page.getByTestId('duplicate-summary').waitFor({ timeout: STEP_TIMEOUT_MS });
        await shot(page, `pages-duplicate-summary-${l.tag}.png`);

        // The library: its export downloads the spreadsheet.
        await page.goto(`${spec.server.baseUrl}/innovationSpace/collect?folder=${folderId}`);
        await page.getByTestId('export-library').click();
        await shot(page, `pages-library-export-${l.tag}.png`);
        const [download] = await Promise.all([
          page.waitForEvent('download', { timeout: STEP_TIMEOUT_MS }),
          page.getByText('.xlsx').click(),
        ]);
        expect(download.suggestedFilename()).toMatch(/\.xlsx$/);

        // The search library: search within a library, saved expressions below.
        await page.goto(`${spec.server.baseUrl}/innovationSpace/collectSearch`);
        await page.getByTestId('library-search').waitFor({ timeout: STEP_TIMEOUT_MS });
        await page.getByTestId('library-search').getByText(folderName).waitFor({ timeout: STEP_TIMEOUT_MS });
        await shot(page, `pages-library-search-${l.tag}.png`);
        await page.getByRole('button', { name: l.openAll }).click();
        await page.waitForURL((url) => url.searchParams.get('set') === `library:${folderId}`, {
          timeout: STEP_TIMEOUT_MS,
        });
        expect(errors).toEqual([]);
        await page.close();
      },
      TEST_TIMEOUT_MS,
    );
  }
});

import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { hasChromium } from '../../fixtures/browser.js';
import { apiCall, newSignedInPage } from '../../fixtures/auth.js';
import { chooseOption, resultTotal, shot, waitFor, waitForMotionEnd } from '../../fixtures/page.js';
import { signedInSpec } from '../../fixtures/spec.js';

const runBrowser = hasChromium();

/** Expressions tried in turn: the first with at least TASK_ROWS hits is exported as a task. */
const CANDIDATES = ['TI=(装置 OR 方法 OR 系统)', 'TI=(一种)', 'PD>=2000'];
/** More than the 1,000 rows a table export answers at once: a download task. */
const TASK_ROWS = 1_200;

const LOCALES = [
  {
    locale: 'zh-CN',
    tag: 'zh',
    template: '精简字段',
    templateName: '模板名称',
    save: /保存为模板/,
    ok: /^导\s*出$/,
    first: '前 N 条',
    count: '导出条数',
    goDownloads: /前往下载中心/,
    download: /下\s*载/,
    done: '已完成',
  },
  {
    locale: 'en-US',
    tag: 'en',
    template: 'Short',
    templateName: 'Template name',
    save: /Save as template/,
    ok: /^Export$/,
    first: 'The first N',
    count: 'Number of rows',
    goDownloads: /download centre|downloads/i,
    download: /Download$/,
    done: 'Done',
  },
] as const;

async function sheetOf(path: string): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(path)) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow((row) =>
    rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))),
  );
  return rows;
}

/** Issue 18: a result page's selection to xlsx with a saved template; a larger export followed on /download. */
describe.runIf(runBrowser)('[EXPORT]: export dialog and download centre', () => {
  const spec = signedInSpec();
  let expression: string;

  beforeAll(async () => {
    for (const candidate of CANDIDATES) {
      const page = await apiCall<{ total: number }>(
        spec.server.baseUrl,
        spec.session.tokens.access_token,
        'POST',
        '/platform/data/search/query',
        {
          searchExpre: candidate,
          pageSize: 1,
        },
      );
      if (page.total >= TASK_ROWS) {
        expression = candidate;
        break;
      }
    }
    expect(expression).toBeDefined();
  });

  for (const l of LOCALES) {
    it(`exports 3 selected results with a saved template, then ${TASK_ROWS} rows as a task downloaded from /download (${l.tag})`, async () => {
      const page: Page = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
        viewport: { width: 1366, height: 900 },
        locale: l.locale,
        language: l.tag === 'en' ? 'en' : undefined,
        acceptDownloads: true,
      });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${spec.server.baseUrl}/innovationSpace/searchResult?q=${encodeURIComponent(expression)}`);
      expect(await resultTotal(page)).toBeGreaterThanOrEqual(TASK_ROWS);
      const numbers = page.locator('.result-table .result-number');
      await expect.poll(() => numbers.count()).toBe(20);
      const picked = (await numbers.allInnerTexts()).slice(0, 3).map((n) => n.trim());
      for (let i = 0; i < 3; i++) {
        await page.locator('.result-table tbody tr.result-row').nth(i).locator('input[type="checkbox"]').check();
      }

      // The dialog: the selection, the fields without the last one, saved as a template.
      await page.getByTestId('export-button').click();
      const dialog = page.locator('.ant-modal').filter({ has: page.getByTestId('export-chosen') });
      await dialog.waitFor();
      const chosen = dialog.getByTestId('export-chosen').locator('.export-chosen-item');
      await expect.poll(() => chosen.count()).toBeGreaterThan(2);
      const before = await chosen.count();
      await waitForMotionEnd(dialog);
      const remove = chosen.last().locator('button').last();
      await remove.click();
      // CI once saw this click change nothing (the list stayed at 7): a person would click again;
      // the test does so once, saying so. A late first click and the second would remove two and fail.
      if (!(await waitFor(async () => (await chosen.count()) === before - 1, 15_000))) {
        console.warn(`[export ${l.tag}] removing the last field did nothing; clicking again`);
        await remove.click();
      }
      await expect.poll(() => chosen.count()).toBe(before - 1);
      const headers = (await dialog.locator('.export-chosen-name').allInnerTexts()).map((h) => h.trim());
      await dialog.getByLabel(l.templateName).fill(l.template);
      await dialog.getByRole('button', { name: l.save }).click();
      await expect.poll(() => dialog.locator('.export-template-select').innerText()).toContain(l.template);
      await shot(page, `export-dialog-${l.tag}.png`);

      const [direct] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: l.ok }).click(),
      ]);
      const rows = await sheetOf(await direct.path());
      expect(rows[0]).toEqual(headers);
      expect(rows.slice(1).map((r) => r[0])).toEqual(picked);

      // The first 1,200 as a task, with the saved template chosen again.
      await page.getByTestId('export-button').click();
      await dialog.waitFor();
      await dialog.getByText(l.first, { exact: true }).click();
      await dialog.getByLabel(l.count).fill(String(TASK_ROWS));
      await chooseOption({
        open: () => dialog.locator('.export-template-select').click(),
        option: page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: l.template }),
        // The select shows the chosen template's name instead of its placeholder.
        chosen: async () =>
          (await dialog.locator('.export-template-select').allInnerTexts()).join(' ').includes(l.template),
      });
      await expect.poll(() => chosen.count()).toBe(headers.length);
      await dialog.getByRole('button', { name: l.ok }).click();
      await page.getByTestId('export-task').waitFor();
      await page.getByRole('button', { name: l.goDownloads }).click();
      await page.waitForURL((url) => url.pathname === '/innovationSpace/download');

      const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
      await expect.poll(() => row.getByTestId('download-state').innerText(), { timeout: 120_000 }).toBe(l.done);
      await shot(page, `export-downloads-${l.tag}.png`);
      const [task] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('button', { name: l.download }).click(),
      ]);
      const taskRows = await sheetOf(await task.path());
      expect(taskRows).toHaveLength(TASK_ROWS + 1);
      expect(taskRows[0]).toEqual(headers);
      expect(new Set(taskRows.slice(1).map((r) => r[0])).size).toBe(TASK_ROWS);

      expect(errors).toEqual([]);
      await page.context().close();
    });
  }
});

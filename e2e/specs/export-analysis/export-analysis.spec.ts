import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium } from '../../fixtures/browser.js';
import { newSignedInPage } from '../../fixtures/auth.js';
import { shot } from '../../fixtures/page.js';
import { signedInSpec } from '../../fixtures/spec.js';

const runBrowser = hasChromium();
const EXPRESSION = 'TI=(水泥)';

/** The task on top of /download once it is done, downloaded through its button. */
async function downloadNewest(page: Page, done: string, download: RegExp, screenshot: string) {
  await page.waitForURL((url) => url.pathname === '/innovationSpace/download');
  const row = page.locator('.ant-table-tbody tr.ant-table-row').first();
  await expect.poll(() => row.getByTestId('download-state').innerText(), { timeout: 180_000 }).toBe(done);
  await shot(page, screenshot);
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: download }).click(),
  ]);
  return readFile(await file.path());
}

/** Issue 18: an analysis exported from the analysis page as a task, followed and downloaded on /download. */
describe.runIf(runBrowser)('[EXPORT]: analysis export from the analysis page', () => {
  const spec = signedInSpec();

  it('exports the chart on screen to Excel (zh), then every chart to Word (en)', async () => {
    const page = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
      viewport: { width: 1366, height: 900 },
      locale: 'zh-CN',
      acceptDownloads: true,
    });
    const errors: string[] = [];
    // With its stack: a page error here once came from a chart's paint after its dispose.
    page.on('pageerror', (e) => errors.push(e.stack ?? e.message));
    const analysisUrl = `${spec.server.baseUrl}/innovationSpace/searchResult/analysis?q=${encodeURIComponent(EXPRESSION)}`;

    // zh: the applicant ranking, this chart, Excel.
    await page.goto(`${analysisUrl}&chart=applicantRank`);
    await expect.poll(() => page.getByTestId('analysis-chart-title').innerText()).toBe('申请人排名');
    await page.locator('[data-testid="analysis-chart"] canvas').first().waitFor();
    await page.getByTestId('analysis-export').click();
    await page.getByRole('menuitem', { name: 'Excel（数据表与图表）' }).first().waitFor();
    await shot(page, 'export-analysis-menu-zh.png');
    await page.getByRole('menuitem', { name: 'Excel（数据表与图表）' }).first().click();
    // The task is made: a notification links to the download centre (an error would show instead).
    const open = page.getByRole('button', { name: '前往下载中心' });
    await open.waitFor();
    await shot(page, 'export-analysis-task-zh.png');
    await open.click();
    const xlsx = await downloadNewest(page, '已完成', /下\s*载/, 'export-analysis-downloads-zh.png');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((s) => s.name)).toEqual(['检索信息', '申请人排名']);
    const sheet = workbook.getWorksheet('申请人排名')!;
    expect(sheet.getImages()).toHaveLength(1);
    const values = (sheet.getSheetValues() as unknown[][]).filter(Boolean).map((r) => r.slice(1));
    // Applicants counted by standardised name, the default (issue 43).
    expect(values[1]).toEqual(['标准化申请人', '专利数量']);
    expect(values.length).toBeGreaterThan(3);
    expect(typeof values[2]![1]).toBe('number');

    // en: every chart of the dashboard to Word, drawn off screen.
    await page.goto(`${analysisUrl}&chart=applicationTrend`);
    await page.getByText('English', { exact: true }).click();
    await expect.poll(() => page.getByTestId('analysis-chart-title').innerText()).toBe('Application trend');
    await page.locator('[data-testid="analysis-chart"] canvas').first().waitFor();
    await page.getByTestId('analysis-export').click();
    const word = page.getByRole('menuitem', { name: 'Word report' });
    await expect.poll(() => word.count()).toBe(2);
    await word.nth(1).click();
    await page.getByRole('button', { name: 'Open the download centre' }).click({ timeout: 180_000 });
    const docx = await downloadNewest(page, 'Done', /Download$/, 'export-analysis-downloads-en.png');
    const text = (await (await JSZip.loadAsync(docx)).file('word/document.xml')!.async('string')).replace(
      /<[^>]+>/g,
      ' ',
    );
    for (const heading of [
      'Patent analysis',
      EXPRESSION,
      'Application trend',
      'Applicant ranking',
      'Most-cited applicants',
    ]) {
      expect(text).toContain(heading);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });
});

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser } from '../../fixtures/browser.js';
import { ADMIN, apiLogin, DEMO, newSignedInPage, type ApiSession } from '../../fixtures/auth.js';
import { resultTotal, shot } from '../../fixtures/page.js';
import { startServer, type RunningServer } from '../../fixtures/server.js';

const run = promisify(execFile);
const runBrowser = hasChromium();
const STEP_TIMEOUT_MS = 90_000;

/** A small set of demo patents: the report stays quick. */
const EXPRESSION = 'TI=(电池)';

const LOCALES = [
  { tag: 'zh', title: 'E2E电池报告', done: '已完成', summary: '概况', trend: '申请与公开趋势', all: '全选' },
  {
    tag: 'en',
    title: 'E2E battery report',
    done: 'Done',
    summary: 'Summary',
    trend: 'Application and publication trend',
    all: 'All',
  },
] as const;

async function pageIn(browser: Browser, server: RunningServer, session: ApiSession, lang: 'zh' | 'en'): Promise<Page> {
  return newSignedInPage(browser, server.baseUrl, session, {
    viewport: { width: 1366, height: 900 },
    locale: lang === 'zh' ? 'zh-CN' : 'en-US',
    language: lang === 'en' ? 'en' : undefined,
  });
}

/** Issue 20: a report from a result page, followed to done in the report list, its PDF downloaded and read. */
describe.runIf(runBrowser)('[REPORT]: smart reports from the result page', () => {
  let server: RunningServer;
  let browser: Browser;
  let session: ApiSession;

  beforeAll(async () => {
    server = await startServer({ env: { JOB_POLL_MS: '1000' } });
    browser = await launchBrowser();
    session = await apiLogin(server.baseUrl, DEMO.email, DEMO.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const l of LOCALES) {
    it(`generates a report from a result page, follows it to done and reads its PDF (${l.tag})`, async () => {
      const page = await pageIn(browser, server, session, l.tag);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${server.baseUrl}/innovationSpace/searchResult?q=${encodeURIComponent(EXPRESSION)}`);
      expect(await resultTotal(page)).toBeGreaterThan(0);

      await page.getByTestId('report-button').click();
      const dialog = page.getByTestId('report-dialog');
      await dialog.waitFor({ timeout: STEP_TIMEOUT_MS });
      await page.getByTestId('report-title').fill(l.title);
      // Two sections keep the report quick: untick all, tick the summary and the trend.
      await dialog.getByText(l.all, { exact: true }).click();
      await dialog.getByText(l.summary, { exact: true }).click();
      await dialog.getByText(l.trend, { exact: true }).click();
      await shot(page, `report-dialog-${l.tag}.png`);
      await page.getByTestId('report-submit').click();
      await page.getByTestId('report-open-list').click({ timeout: STEP_TIMEOUT_MS });
      await page.waitForURL((url) => url.pathname === '/innovationSpace/reportHistory', { timeout: STEP_TIMEOUT_MS });

      const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: l.title }).first();
      await expect
        .poll(() => row.getByTestId('report-state-done').count(), { timeout: STEP_TIMEOUT_MS, interval: 500 })
        .toBe(1);
      expect(await row.getByTestId('report-state-done').innerText()).toBe(l.done);
      await shot(page, `report-list-${l.tag}.png`);

      const [download] = await Promise.all([
        page.waitForEvent('download', { timeout: STEP_TIMEOUT_MS }),
        row.getByTestId('report-download-pdf').click(),
      ]);
      const path = await download.path();
      const { stdout } = await run('pdftotext', ['-enc', 'UTF-8', path, '-']);
      expect(stdout.replace(/\s+/g, ' ')).toContain(l.title);
      expect(stdout).toContain(l.tag === 'zh' ? '概况' : 'Summary');

      // The preview: /innovationSpace/reportHistory?id=… shows the PDF inline and the sentences.
      await row.getByTestId('report-preview-button').click();
      await page.getByTestId('report-preview-pdf').waitFor({ timeout: STEP_TIMEOUT_MS });
      expect(new URL(page.url()).searchParams.get('id')).toBeTruthy();
      // The drawer's opening motion is over before the screenshot.
      await expect
        .poll(() => page.locator('.ant-drawer-content-wrapper[class*="motion"]').count(), {
          timeout: STEP_TIMEOUT_MS,
        })
        .toBe(0);
      await shot(page, `report-preview-${l.tag}.png`);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it("shows operators every user's reports and the reports per user on /sys/report", async () => {
    const admin = await apiLogin(server.baseUrl, ADMIN.email, ADMIN.password);
    const page = await pageIn(browser, server, admin, 'zh');
    await page.goto(`${server.baseUrl}/sys/report`);
    const usage = page.getByTestId('sys-report-usage').locator('tr', { hasText: DEMO.email });
    await usage.waitFor({ timeout: STEP_TIMEOUT_MS });
    // The two reports generated above, both done.
    expect((await usage.locator('td').allInnerTexts()).map((c) => c.trim())).toEqual([DEMO.email, '2', '2']);
    await page.getByTestId('sys-report-list').getByText(LOCALES[0].title).waitFor();
    await shot(page, 'report-sys.png');
    await page.close();
  });
});

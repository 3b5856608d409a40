import type { Alert, AlertPage, AlertRunPage, ImportRun, ImportUploadResponse } from '@patlas/contracts';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser } from '../../fixtures/browser.js';
import { ADMIN, apiCall, apiLogin, DEMO, newSignedInPage, type ApiSession } from '../../fixtures/auth.js';
import { resultTotal, shot } from '../../fixtures/page.js';
import { startServer, type RunningServer } from '../../fixtures/server.js';

const runBrowser = hasChromium();

/** Finds demo patents, and the records imported below. */
const EXPRESSION = 'TI=(电池)';

const LOCALES = [
  { locale: 'zh-CN', tag: 'zh', name: '电池周报', state: '待发送', openList: '查看预警列表' },
  { locale: 'en-US', tag: 'en', name: 'Battery weekly', state: 'Next send', openList: 'Open the alert list' },
] as const;

/** Two records new to the corpus whose titles match EXPRESSION (JSON lines, the import's own format). */
const NEW_RECORDS = [1, 2].map((n) => ({
  publicationNumber: `CN11999000${n}A`,
  country: 'CN',
  kind: 'A',
  title: { lang: 'zh', text: `一种预警测试用固态电池${n}` },
  applicants: [{ name: '预警测试公司' }],
  publicationDate: '2026-01-0' + String(n),
}));

async function pageIn(browser: Browser, server: RunningServer, session: ApiSession, lang: 'zh' | 'en'): Promise<Page> {
  return newSignedInPage(browser, server.baseUrl, session, {
    viewport: { width: 1366, height: 900 },
    locale: lang === 'zh' ? 'zh-CN' : 'en-US',
    language: lang === 'en' ? 'en' : undefined,
  });
}

/** Imports records through the operators' import (a data version the alert run compares with). */
async function importRecords(server: RunningServer, admin: ApiSession, records: unknown[]): Promise<void> {
  const form = new FormData();
  const lines = records.map((r) => JSON.stringify(r)).join('\n');
  form.append('file', new Blob([lines], { type: 'application/x-ndjson' }), 'alert-e2e.jsonl');
  const response = await fetch(`${server.baseUrl}/api/platform/data/patents/import/files`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${admin.tokens.access_token}` },
    body: form,
  });
  const uploaded = ((await response.json()) as { data: ImportUploadResponse }).data;
  expect(uploaded.files[0]?.format).toBeTruthy();
  const token = admin.tokens.access_token;
  const run = await apiCall<ImportRun>(server.baseUrl, token, 'POST', '/platform/data/patents/import/runs', {
    fileIds: uploaded.files.map((f) => f.id),
  });
  await expect
    .poll(
      async () =>
        (await apiCall<ImportRun>(server.baseUrl, token, 'GET', `/platform/data/patents/import/runs/${run.id}`)).status,
      { timeout: 60_000, interval: 500 },
    )
    .toBe('done');
}

/** Issue 19: an alert created from a result page, listed with its next run; after a run, its details and patents. */
describe.runIf(runBrowser)('[ALERTS]: e-mail alerts from the result page', () => {
  let server: RunningServer;
  let browser: Browser;
  let session: ApiSession;

  beforeAll(async () => {
    // The job worker polls every second so the run below starts soon after its minute.
    server = await startServer({ env: { JOB_POLL_MS: '1000' } });
    browser = await launchBrowser();
    session = await apiLogin(server.baseUrl, DEMO.email, DEMO.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  for (const l of LOCALES) {
    it(`creates an alert from a result page and sees it listed with its next run (${l.tag})`, async () => {
      const page = await pageIn(browser, server, session, l.tag);
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${server.baseUrl}/innovationSpace/searchResult?q=${encodeURIComponent(EXPRESSION)}`);
      expect(await resultTotal(page)).toBeGreaterThan(0);

      await page.getByTestId('watch-search-button').click();
      const dialog = page.getByTestId('alert-dialog');
      await dialog.waitFor();
      // Prefilled with the page's expression, the user's address and the browser's time zone.
      expect(await dialog.getByTestId('alert-expression').inputValue()).toBe(EXPRESSION);
      expect(await dialog.getByTestId('alert-recipients').innerText()).toContain(DEMO.email);
      expect(await dialog.getByTestId('alert-time-zone').innerText()).toMatch(/\w+\/\w+|UTC/);
      await dialog.locator('input[data-testid="alert-name"], [data-testid="alert-name"] input').first().fill(l.name);
      await shot(page, `alerts-dialog-${l.tag}.png`);
      await dialog.getByTestId('alert-save').click();

      await page.getByTestId('alert-open-list').click();
      await page.waitForURL(/\/innovationSpace\/warning/);
      const row = page.locator('.alert-table tbody tr').filter({ hasText: l.name });
      await row.waitFor();
      expect(await row.getByTestId('alert-state').innerText()).toBe(l.state);
      expect(await row.getByTestId('alert-next-run').innerText()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
      await shot(page, `alerts-list-${l.tag}.png`);
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  // An import, a run due up to 70 s later, then its patents opened in two languages: longer than the
  // 120 s default on a loaded machine (the wait for the run alone allows 240 s).
  it(
    'after a run, opens /warning/details and the run’s patents on the result page (zh, en)',
    { timeout: 600_000 },
    async () => {
      const token = session.tokens.access_token;
      const list = await apiCall<AlertPage>(server.baseUrl, token, 'POST', '/product/warn/getWarnList', {
        keyword: LOCALES[0].name,
        page: 1,
        pageSize: 1,
      });
      const alert = list.items[0] as Alert;
      expect(alert.name).toBe(LOCALES[0].name);

      // New records since the alert was made.
      const admin = await apiLogin(server.baseUrl, ADMIN.email, ADMIN.password);
      await importRecords(server, admin, NEW_RECORDS);
      // Its schedule moved to the first whole minute at least 10 s away (UTC), 10–70 s from now. An
      // update that lands after that minute has begun schedules next week's: then again, a minute on.
      for (let attempt = 1; ; attempt++) {
        const due = new Date(Math.ceil((Date.now() + 10_000) / 60_000) * 60_000);
        const time = `${String(due.getUTCHours()).padStart(2, '0')}:${String(due.getUTCMinutes()).padStart(2, '0')}`;
        await apiCall(server.baseUrl, token, 'POST', '/product/warn/updateWarnInfo', {
          id: alert.id,
          name: alert.name,
          type: alert.type,
          content: alert.content,
          schedule: { frequency: 'weekly', weekday: due.getUTCDay() || 7, time, timeZone: 'UTC' },
          recipients: alert.recipients,
          noUpdateNoMail: alert.noUpdateNoMail,
          enabled: true,
        });
        const saved = await apiCall<AlertPage>(server.baseUrl, token, 'POST', '/product/warn/getWarnList', {
          keyword: alert.name,
          page: 1,
          pageSize: 1,
        });
        const nextRunAt = saved.items[0]?.nextRunAt;
        if (nextRunAt && Date.parse(nextRunAt) === due.getTime()) break;
        if (attempt === 3) throw new Error(`the alert's next run is ${nextRunAt}, not ${due.toISOString()}`);
      }
      let runs: AlertRunPage | undefined;
      await expect
        .poll(
          async () => {
            runs = await apiCall<AlertRunPage>(
              server.baseUrl,
              token,
              'GET',
              `/product/warn/getWarnResultList/${alert.id}`,
            );
            return runs.items[0]?.mailState ?? 'none';
          },
          { timeout: 240_000, interval: 2_000 },
        )
        .not.toMatch(/none|pending/);
      const run = runs?.items[0];
      expect(run?.newCount).toBe(NEW_RECORDS.length);

      for (const lang of ['zh', 'en'] as const) {
        const page = await pageIn(browser, server, session, lang);
        await page.goto(`${server.baseUrl}/warning/details?id=${alert.id}`);
        await page.getByTestId('alert-title').waitFor();
        expect(await page.getByTestId('run-new').first().innerText()).toBe(String(NEW_RECORDS.length));
        await shot(page, `alerts-details-${lang}.png`);
        await page.getByTestId('run-open').first().click();
        await page.waitForURL(/\/innovationSpace\/searchResult\?set=alertRun/);
        await page.getByTestId('set-source').waitFor();
        const numbers = page.locator('.result-table .result-number');
        await expect.poll(() => numbers.count(), { timeout: 30_000 }).toBe(NEW_RECORDS.length);
        expect((await numbers.allInnerTexts()).map((n) => n.trim()).sort()).toEqual(
          NEW_RECORDS.map((r) => r.publicationNumber).sort(),
        );
        await shot(page, `alerts-run-results-${lang}.png`);
        await page.close();
      }
    },
  );
});

import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Patent } from '@patlas/contracts';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser } from '../../fixtures/browser.js';
import { apiLogin, DEMO, openDesktopPage, type ApiSession } from '../../fixtures/auth.js';
import { resultTotal, shot } from '../../fixtures/page.js';
import { startServer, type RunningServer } from '../../fixtures/server.js';

const runBrowser = hasChromium();
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The machine is shared and often busy: generous limits for each step and each test. */
const STEP_TIMEOUT_MS = 90_000;
const TEST_TIMEOUT_MS = 600_000;

const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: STEP_TIMEOUT_MS, interval: 250 });

/**
 * What the test imports besides the real USPTO/EPO answers of the demo corpus (whose PTAB trial
 * on US6059576 is the litigation found below): a declassified defence patent and a look-alike that
 * is not declassified. No public source ships declassified records, so the test brings its own.
 */
const IMPORTED: Patent[] = [
  {
    publicationNumber: 'CN1001234A',
    country: 'CN',
    kind: 'A',
    patentType: 'invention_application',
    title: { lang: 'zh', text: '一种舰船用消声瓦及其制备方法' },
    abstract: { lang: 'zh', text: '本发明公开了一种舰船用消声瓦，由橡胶基体和空腔结构组成，降低辐射噪声。' },
    applicants: [{ name: '某船舶研究所', type: 'institute' }],
    applicationDate: '2005-03-01',
    publicationDate: '2020-07-15',
    classifications: { ipc: ['B63G13/02'] },
    declassified: { date: '2020-06-30', decisionNumber: 'JM2020-001' },
  },
  {
    publicationNumber: 'CN1001299A',
    country: 'CN',
    kind: 'A',
    patentType: 'invention_application',
    title: { lang: 'zh', text: '一种汽车排气消声器' },
    applicants: [{ name: '某汽车零部件有限公司', type: 'company' }],
    applicationDate: '2006-04-01',
    publicationDate: '2007-01-10',
  },
];

describe.runIf(runBrowser)('[SEARCH][LAW]: legal search and defence-declassified search', () => {
  let server: RunningServer;
  let browser: Browser;
  let session: ApiSession;
  let demoDir: string;

  beforeAll(async () => {
    // A demo corpus of the real international API answers plus the imported records.
    demoDir = mkdtempSync(path.join(os.tmpdir(), 'patlas-e2e-law-'));
    cpSync(path.join(REPO_ROOT, 'data/demo/intl-api-fixtures'), path.join(demoDir, 'intl-api-fixtures'), {
      recursive: true,
    });
    const own = path.join(demoDir, 'e2e-declassified');
    mkdirSync(own);
    writeFileSync(path.join(own, 'records.jsonl'), IMPORTED.map((r) => JSON.stringify(r)).join('\n'));
    writeFileSync(
      path.join(own, 'source.json'),
      JSON.stringify({
        id: 'e2e-declassified',
        name: 'e2e records',
        licence: 'test data',
        origin: 'e2e',
        files: [{ path: 'records.jsonl', format: 'canonical-jsonl' }],
      }),
    );
    server = await startServer({ env: { DEMO_DIR: demoDir } });
    browser = await launchBrowser();
    session = await apiLogin(server.baseUrl, DEMO.email, DEMO.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (demoDir) rmSync(demoDir, { recursive: true, force: true });
  });

  it(
    '[SEARCH][LAW]: the litigation form (defaultActiveName=litigationSearch) finds the PTAB trial',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const page = await openDesktopPage(browser, server.baseUrl, session, {
        locale: 'zh-CN',
        stepTimeoutMs: STEP_TIMEOUT_MS,
      });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${server.baseUrl}/search/lawSearch?defaultActiveName=litigationSearch`);
      await page.getByRole('tab', { name: '诉讼', selected: true }).waitFor();

      await page.getByRole('textbox', { name: '原告', exact: true }).fill('Apple Inc');
      await page.getByRole('textbox', { name: '诉讼案号', exact: true }).fill('IPR2022*');
      const editor = page.locator('.law-search-page textarea');
      await poll(() => editor.inputValue()).toBe('LITCN=(IPR2022*) AND LITPL=(Apple AND Inc)');
      // The other forms are one click away; the values of this one are kept.
      // Each switch waits for the tab drawn as selected, not only for the address: the router renders
      // the new address in a transition, and a click on the tab still drawn as active does nothing.
      await page.getByRole('tab', { name: '复审无效' }).click();
      await page.waitForURL((url) => url.searchParams.get('defaultActiveName') === 'reexaminationSearch');
      await page.getByRole('tab', { name: '复审无效', selected: true }).waitFor();
      await poll(() => editor.inputValue()).toBe('');
      await page.getByRole('tab', { name: '诉讼' }).click();
      await page.getByRole('tab', { name: '诉讼', selected: true }).waitFor();
      await poll(() => editor.inputValue()).toBe('LITCN=(IPR2022*) AND LITPL=(Apple AND Inc)');
      await shot(page, 'law-search-litigation.png', true);

      await page
        .locator('.law-search-page')
        .getByRole('button', { name: /检\s*索$/ })
        .last()
        .click();
      await page.waitForURL(
        (url) =>
          url.pathname === '/innovationSpace/searchResult' &&
          url.searchParams.get('q') === 'LITCN=(IPR2022*) AND LITPL=(Apple AND Inc)',
      );
      await poll(() => resultTotal(page)).toBe(1);
      await page.getByText('US6059576').first().waitFor();
      await shot(page, 'law-search-results.png');
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it(
    '[SEARCH][DEFENSE]: the defence form searches only the declassified records (en)',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      const page = await openDesktopPage(browser, server.baseUrl, session, {
        locale: 'en-US',
        language: 'en',
        stepTimeoutMs: STEP_TIMEOUT_MS,
      });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${server.baseUrl}/search/defense`);
      const editor = page.locator('.defense-search-page textarea');
      await poll(() => editor.inputValue()).toBe('DEF=1');
      await page.getByText(/only the records flagged as declassified/).waitFor();

      // Both imported records are about 消声; only one is declassified.
      await page.getByRole('textbox', { name: 'Title + abstract', exact: true }).fill('消声');
      await poll(() => editor.inputValue()).toBe('DEF=1 AND TIAB=(消声)');
      await shot(page, 'defense-search-form.png', true);

      await page
        .locator('.defense-search-page')
        .getByRole('button', { name: /Search$/ })
        .last()
        .click();
      await page.waitForURL(
        (url) =>
          url.pathname === '/innovationSpace/searchResult' && url.searchParams.get('q') === 'DEF=1 AND TIAB=(消声)',
      );
      await poll(() => resultTotal(page)).toBe(1);
      await page.getByText('CN1001234A').first().waitFor();
      expect(await page.getByText('CN1001299A').count()).toBe(0);
      await shot(page, 'defense-search-results.png');
      expect(errors).toEqual([]);
      await page.close();
    },
  );
});

import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser } from '../../fixtures/browser.js';
import { ADMIN, apiCall, apiLogin, DEMO, openDesktopPage, type ApiSession } from '../../fixtures/auth.js';
import { resultTotal, shot } from '../../fixtures/page.js';
import { startServer, type RunningServer } from '../../fixtures/server.js';

const runBrowser = hasChromium();
const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The machine is shared and often busy: generous limits for each step and each test. */
const STEP_TIMEOUT_MS = 90_000;
const TEST_TIMEOUT_MS = 600_000;
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: STEP_TIMEOUT_MS, interval: 250 });

/** The Patentics export of the demo corpus whose 标准化申请人 pairs Apollo's companies with Baidu's name. */
const SOURCE = 'data/demo/cn-patentics-incopat/20220414--AN=阿波罗智行.csv.gz';
const BAIDU = '百度在线网络技术';
const BAIDU_VARIANT = '阿波罗智联（北京）科技有限公司';
const GUANGZHOU = '阿波罗智行科技广州有限公司';
const NANJING = '阿波罗智行信息科技南京有限公司';

/** The relations the operator imports (the test's own file: no tree ships with the demo corpus). */
const TREE_CSV = `母公司,子公司,持股比例,关系\n${BAIDU},${GUANGZHOU},100,全资子公司\n${BAIDU},${NANJING},,\n`;
const BAD_TREE_CSV = `母公司,子公司,持股比例\n${BAIDU},${GUANGZHOU},100\n,${NANJING},\n${BAIDU},${BAIDU},\n`;

interface CompanyOut {
  name: string;
  patents: number;
  variants: { name: string; count: number }[];
}
interface TreeOut {
  company: CompanyOut;
  root: { children: { name: string; patents: number }[] };
  withSubsidiaries: { patents: number };
}

describe.runIf(runBrowser)('[DASHBOARDS][COMPANIES]: company search, variants, tree and their patents', () => {
  let server: RunningServer;
  let browser: Browser;
  let session: ApiSession;
  let admin: ApiSession;
  let demoDir: string;
  let csvDir: string;

  beforeAll(async () => {
    demoDir = mkdtempSync(path.join(os.tmpdir(), 'patlas-e2e-companies-'));
    const own = path.join(demoDir, 'cn-patentics-apollo');
    mkdirSync(own);
    copyFileSync(path.join(REPO_ROOT, SOURCE), path.join(own, 'apollo.csv.gz'));
    writeFileSync(
      path.join(own, 'source.json'),
      JSON.stringify({
        id: 'cn-patentics-apollo',
        name: 'Patentics export (阿波罗智行)',
        licence: 'GPL-3.0 (repository licence)',
        origin: 'data/demo/cn-patentics-incopat',
        files: [{ path: 'apollo.csv.gz', format: 'patentics-csv' }],
      }),
    );
    csvDir = mkdtempSync(path.join(os.tmpdir(), 'patlas-e2e-tree-'));
    writeFileSync(path.join(csvDir, 'tree-bad.csv'), BAD_TREE_CSV);
    writeFileSync(path.join(csvDir, 'tree.csv'), TREE_CSV);
    server = await startServer({ env: { DEMO_DIR: demoDir } });
    browser = await launchBrowser();
    session = await apiLogin(server.baseUrl, DEMO.email, DEMO.password);
    admin = await apiLogin(server.baseUrl, ADMIN.email, ADMIN.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (demoDir) rmSync(demoDir, { recursive: true, force: true });
    if (csvDir) rmSync(csvDir, { recursive: true, force: true });
  });

  it(
    'zh: the operator imports the tree (a faulty file refused by line), a company is searched, its variants and tree open their patents',
    { timeout: TEST_TIMEOUT_MS },
    async () => {
      // The operators' area: a faulty file names its lines; the good one replaces the tree.
      const sys = await openDesktopPage(browser, server.baseUrl, admin, {
        locale: 'zh-CN',
        stepTimeoutMs: STEP_TIMEOUT_MS,
      });
      await sys.goto(`${server.baseUrl}/sys/import`);
      const card = sys.getByTestId('company-tree-import');
      await card.getByText('尚未导入企业关系表').waitFor();
      await card.locator('input[type=file]').setInputFiles(path.join(csvDir, 'tree-bad.csv'));
      const error = card.getByTestId('company-tree-error');
      await error.waitFor();
      expect(await error.innerText()).toContain('第 3 行：母公司或子公司为空；第 4 行：母公司与子公司相同');
      await shot(sys, 'companies-tree-import-error-zh.png', true);
      await card.locator('input[type=file]').setInputFiles(path.join(csvDir, 'tree.csv'));
      await card.getByText('已导入 2 条关系，涉及 3 家企业').waitFor();
      await card.getByText('当前关系表：2 条（来自 tree.csv）').waitFor();
      await shot(sys, 'companies-tree-import-zh.png', true);
      await sys.close();

      const token = session.tokens.access_token;
      const tree = await apiCall<TreeOut>(server.baseUrl, token, 'POST', '/product/business/search/business/tree', {
        name: BAIDU,
      });
      expect(tree.company.variants.map((v) => v.name)).toContain(BAIDU_VARIANT);

      const page = await openDesktopPage(browser, server.baseUrl, session, {
        locale: 'zh-CN',
        stepTimeoutMs: STEP_TIMEOUT_MS,
      });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${server.baseUrl}/analysis/co`);
      const search = page.getByTestId('company-search');
      await search.getByTestId('company-search-input').locator('input').fill('阿波罗智联');
      await search.getByTestId('company-search-input').locator('input').press('Enter');
      await page.waitForURL((url) => url.searchParams.get('q') === '阿波罗智联');
      const item = search
        .getByTestId('company-item')
        .filter({ has: page.getByTestId('company-name').getByText(BAIDU, { exact: true }) });
      await item.getByText(BAIDU_VARIANT).waitFor();
      await shot(page, 'companies-search-zh.png');

      // The company's dashboard: its standardised name, variants and tree.
      await item.getByTestId('company-name').click();
      await page.waitForURL((url) => url.searchParams.get('name') === BAIDU && url.searchParams.get('std') === '1');
      const panel = page.getByTestId('company-panel');
      await panel.getByTestId('company-variants').getByText(BAIDU_VARIANT).waitFor();
      await panel.getByTestId('company-tree').getByText(GUANGZHOU).waitFor();
      await poll(async () => page.locator('[data-kpi="patents"]').innerText()).toContain(String(tree.company.patents));
      await page.locator('[data-chart="trend"] canvas').first().waitFor();
      // ECharts draws its series with a one-second animation (as the dashboards spec waits for it).
      await page.waitForTimeout(1200);
      await shot(page, 'companies-dashboard-zh.png', true);

      // A subsidiary's count opens its patents.
      const guangzhou = tree.root.children.find((c) => c.name === GUANGZHOU)!;
      expect(guangzhou.patents).toBeGreaterThan(0);
      await panel
        .getByTestId('company-tree-node')
        .filter({ hasText: GUANGZHOU })
        .getByTestId('company-tree-count')
        .click();
      await page.waitForURL(/\/innovationSpace\/searchResult\?/);
      expect(await resultTotal(page)).toBe(guangzhou.patents);
      await shot(page, 'companies-subsidiary-results-zh.png');
      await page.goBack();

      // The company with its subsidiaries.
      await page.getByTestId('company-with-subsidiaries').click();
      await page.waitForURL(/\/innovationSpace\/searchResult\?/);
      expect(await resultTotal(page)).toBe(tree.withSubsidiaries.patents);
      // In this file every subsidiary's patent is co-filed with 阿波罗智联（北京）, so the union may equal the company's own.
      expect(tree.withSubsidiaries.patents).toBeGreaterThanOrEqual(
        Math.max(tree.company.patents, ...tree.root.children.map((c) => c.patents)),
      );
      expect(errors).toEqual([]);
      await page.close();
    },
  );

  it('en: the company search and the company panel in English', { timeout: TEST_TIMEOUT_MS }, async () => {
    const page = await openDesktopPage(browser, server.baseUrl, session, {
      locale: 'en-US',
      language: 'en',
      stepTimeoutMs: STEP_TIMEOUT_MS,
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.baseUrl}/analysis/co?q=${encodeURIComponent('阿波罗')}`);
    const search = page.getByTestId('company-search');
    await search.getByText('Company search').waitFor();
    await search.getByTestId('company-name').getByText(BAIDU, { exact: true }).waitFor();
    await search.getByTestId('company-name').getByText(GUANGZHOU, { exact: true }).waitFor();
    await search.getByText('Parent: 百度在线网络技术').first().waitFor();
    await shot(page, 'companies-search-en.png');

    await page.goto(`${server.baseUrl}/analysis/co?name=${encodeURIComponent(BAIDU)}&std=1`);
    const panel = page.getByTestId('company-panel');
    await panel.getByText('Name variants', { exact: true }).waitFor();
    await panel.getByTestId('company-tree').getByText(NANJING).waitFor();
    await panel.getByText('100% held').waitFor();
    // A variant's count opens that spelling's patents.
    const variant = panel.getByTestId('company-variants').locator('tr', { hasText: BAIDU_VARIANT });
    const count = Number(await variant.getByTestId('company-variant-count').innerText());
    await page.locator('[data-chart="trend"] canvas').first().waitFor();
    await page.waitForTimeout(1200);
    await shot(page, 'companies-dashboard-en.png', true);
    await variant.getByTestId('company-variant-count').click();
    await page.waitForURL(/\/innovationSpace\/searchResult\?/);
    expect(await resultTotal(page)).toBe(count);
    expect(errors).toEqual([]);
    await page.close();
  });
});

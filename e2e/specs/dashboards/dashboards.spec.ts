import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, SCREENSHOT_DIR } from '../../fixtures/browser.js';
import { apiCall, apiLogin, DEMO, newSignedInPage, type ApiSession } from '../../fixtures/auth.js';
import { resultTotal } from '../../fixtures/page.js';
import { startServer, type RunningServer } from '../../fixtures/server.js';

const runBrowser = hasChromium();

interface Bucket {
  key: string;
  count: number;
}

async function shot(page: Page, name: string): Promise<void> {
  // ECharts draws its series with a one-second animation.
  await page.waitForTimeout(1200);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, name), fullPage: true });
}

/** What a dashboard must never print for a partial record. */
async function expectNoBrokenText(page: Page): Promise<void> {
  const body = await page.locator('body').innerText();
  expect(body).not.toMatch(/undefined|NaN|Invalid Date|\[object Object\]/);
}

/**
 * Clicks the bar of one year in a trend chart. The chart's grid is fixed (chart-options.ts
 * trendOption: left 48, right 16, bottom 32), so a year's band centre is computed, and its bar
 * rises from the axis: a point just above the axis is on the bar.
 */
async function clickTrendBar(page: Page, label: string, index: number, bands: number): Promise<void> {
  const box = await page.locator(`[data-chart="${label}"]`).boundingBox();
  if (!box) throw new Error(`no chart ${label}`);
  const plotWidth = box.width - 48 - 16;
  const x = box.x + 48 + ((index + 0.5) * plotWidth) / bands;
  const y = box.y + box.height - 32 - 2;
  await page.mouse.click(x, y);
}

describe.runIf(runBrowser)('[DASHBOARDS][MAP]: patent map → province → university → trend → results', () => {
  let server: RunningServer | undefined;
  let baseUrl: string;
  let browser: Browser;
  let session: ApiSession;
  // The province and university the demo corpus offers (found through the API, then clicked in the UI).
  let province: string;
  let provinceCount: number;
  let university: Bucket;

  beforeAll(async () => {
    // PATLAS_E2E_BASE_URL reuses a server already running with the demo corpus (quicker local runs).
    if (process.env.PATLAS_E2E_BASE_URL) baseUrl = process.env.PATLAS_E2E_BASE_URL;
    else {
      server = await startServer();
      baseUrl = server.baseUrl;
    }
    browser = await launchBrowser();
    session = await apiLogin(baseUrl, DEMO.email, DEMO.password);
    const token = session.tokens.access_token;
    const map = await apiCall<{ provinces: Bucket[] }>(
      baseUrl,
      token,
      'POST',
      '/product/search/patentMap/classification',
      {},
    );
    for (const p of map.provinces.filter((b) => b.count > 0)) {
      const detail = await apiCall<{ universities: Bucket[] }>(
        baseUrl,
        token,
        'POST',
        '/product/search/patentMap/analy',
        {
          province: p.key,
        },
      );
      if (detail.universities[0]) {
        province = p.key;
        provinceCount = p.count;
        university = detail.universities[0];
        break;
      }
    }
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('finds a province of the demo corpus with a university applicant', () => {
    expect(province).toBeTruthy();
    expect(university.count).toBeGreaterThan(0);
  });

  it('zh: opens the map, clicks a province, reaches a university, clicks a trend bar and lands on its patents', async () => {
    const page = await newSignedInPage(browser, baseUrl, session, {
      viewport: { width: 1366, height: 900 },
      locale: 'zh-CN',
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${baseUrl}/patentMap`);
    const ranking = page.getByTestId('ranking-provinces');
    await ranking.getByText(province, { exact: true }).waitFor();
    await page.locator('[data-chart="china-map"] canvas').first().waitFor();
    await shot(page, 'dashboards-map-zh.png');

    // The province's count opens its result page with the same total.
    await ranking.locator('tr', { hasText: province }).locator('td:last-child a').click();
    await page.waitForURL(/\/innovationSpace\/searchResult\?/);
    expect(await resultTotal(page)).toBe(provinceCount);
    await page.goBack();

    await ranking.getByText(province, { exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('province') === province);
    const universities = page.getByTestId('ranking-universities');
    await universities.getByRole('link', { name: university.key, exact: true }).waitFor();
    await page.locator('[data-chart="province-trend"] canvas').first().waitFor();
    await expectNoBrokenText(page);
    await shot(page, 'dashboards-map-province-zh.png');

    await universities.getByRole('link', { name: university.key, exact: true }).click();
    await page.waitForURL(/\/analysis\/cu\?name=/);
    expect(new URL(page.url()).searchParams.get('name')).toBe(university.key);
    const patents = page.locator('[data-kpi="patents"]');
    await patents.waitFor();
    await page.locator('[data-chart="trend"] canvas').first().waitFor();
    await expectNoBrokenText(page);
    await shot(page, 'dashboards-cu-zh.png');

    // The dashboard's figures as the API gives them; the KPI card shows the same count.
    const overview = await apiCall<{ kpis: { patents: number }; trend: Bucket[] }>(
      baseUrl,
      session.tokens.access_token,
      'POST',
      '/product/dashboards/cu/overview',
      { subject: { kind: 'university', name: university.key } },
    );
    expect(await patents.innerText()).toContain(String(overview.kpis.patents));
    const year = overview.trend.findIndex((p) => p.count > 0);
    expect(year).toBeGreaterThanOrEqual(0);
    await clickTrendBar(page, 'trend', year, overview.trend.length);
    await page.waitForURL(/\/innovationSpace\/searchResult\?/);
    expect(await resultTotal(page)).toBe(overview.trend[year]!.count);
    const filters = new URL(page.url()).searchParams.get('f') ?? '';
    expect(filters).toContain(`applicationYear:${overview.trend[year]!.key}`);
    await shot(page, 'dashboards-cu-trend-results-zh.png');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('en: the map and the university dashboard in English', async () => {
    const page = await newSignedInPage(browser, baseUrl, session, {
      viewport: { width: 1366, height: 900 },
      locale: 'en-US',
      language: 'en',
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${baseUrl}/patentMap?province=${encodeURIComponent(province)}`);
    await page.getByText('Patent data map').waitFor();
    await page.getByTestId('ranking-universities').getByRole('link', { name: university.key, exact: true }).waitFor();
    await page.locator('[data-chart="china-map"] canvas').first().waitFor();
    await expectNoBrokenText(page);
    await shot(page, 'dashboards-map-province-en.png');

    await page.goto(`${baseUrl}/analysis/cu?name=${encodeURIComponent(university.key)}`);
    await page.getByText('University patent analysis').waitFor();
    await page.locator('[data-chart="trend"] canvas').first().waitFor();
    await expectNoBrokenText(page);
    await shot(page, 'dashboards-cu-en.png');

    await page.goto(`${baseUrl}/analysis/region?country=US`);
    await page.locator('[data-kpi="patents"]').waitFor();
    await page.locator('[data-chart="trend"] canvas').first().waitFor();
    await expectNoBrokenText(page);
    await shot(page, 'dashboards-region-us-en.png');
    expect(errors).toEqual([]);
    await page.close();
  });
});

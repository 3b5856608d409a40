import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium } from '../../fixtures/browser.js';
import { newSignedInPage } from '../../fixtures/auth.js';
import { resultTotal, shot, totalOf } from '../../fixtures/page.js';
import { signedInSpec } from '../../fixtures/spec.js';

const runBrowser = hasChromium();
// The demo corpus's records with applicants and dates are mostly US grants.
const EXPRESSION = 'TI=(system OR method OR device OR apparatus)';

/** The chart's canvas once drawn (ECharts animates; a short wait lets the bars reach their size). */
async function chartCanvas(page: Page, chartId: string) {
  const chart = page.locator(`[data-testid="analysis-chart"][data-chart="${chartId}"]`);
  await chart.locator('canvas').first().waitFor();
  await page.waitForTimeout(1200);
  return chart;
}

async function openChart(page: Page, name: string, chartId: string): Promise<void> {
  await page.locator('.analysis-catalogue').getByText(name, { exact: true }).click();
  await page.waitForURL((url) => url.searchParams.get('chart') === chartId);
  // Navigations render in a transition: wait for the new chart's panel before using it.
  await expect.poll(() => page.getByTestId('analysis-chart-title').innerText()).toBe(name);
}

describe.runIf(runBrowser)('[ANALYSIS]: analysis dashboard of a result set', () => {
  const spec = signedInSpec();

  it('searches, analyses, clicks a bar and lands on results with the bar total', async () => {
    const page = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
      viewport: { width: 1366, height: 900 },
      locale: 'zh-CN',
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(`${spec.server.baseUrl}/innovationSpace/searchResult?q=${encodeURIComponent(EXPRESSION)}`);
    const setTotal = await resultTotal(page);
    expect(setTotal).toBeGreaterThan(40);

    // Analyse: the dashboard of the same set, on the application trend.
    await page.getByTestId('analyse-button').click();
    await page.waitForURL(/\/innovationSpace\/searchResult\/analysis\?/);
    expect(new URL(page.url()).searchParams.get('q')).toBe(EXPRESSION);
    await expect.poll(() => page.getByTestId('analysis-chart-title').innerText()).toBe('申请趋势');
    // Both pages write the total the same way (2.3万 above ten thousand).
    const analysed = await page.getByTestId('analysis-total').innerText();
    expect(analysed).toMatch(/^分析 \S+ 条专利$/);
    expect(totalOf(analysed)).toBe(setTotal);
    await chartCanvas(page, 'applicationTrend');
    for (const group of ['趋势分析', '区域分析', '申请人分析', '发明人分析', '技术分析', '法律分析', '价值分析']) {
      expect(await page.locator('.analysis-catalogue').getByText(group, { exact: true }).count()).toBe(1);
    }
    await shot(page, 'analysis-dashboard-trend-zh.png');

    // The applicant ranking, with its data table: the first row is the top bar.
    await openChart(page, '申请人排名', 'applicantRank');
    const chart = await chartCanvas(page, 'applicantRank');
    await page.getByRole('button', { name: '数据表' }).click();
    const firstRow = page.locator('.analysis-table tbody tr.ant-table-row').first();
    await firstRow.waitFor();
    const applicant = (await firstRow.locator('td').nth(0).innerText()).trim();
    const barCount = Number((await firstRow.locator('td').nth(1).innerText()).replace(/,/g, ''));
    expect(barCount).toBeGreaterThan(0);
    expect(barCount).toBeLessThanOrEqual(setTotal);
    await shot(page, 'analysis-applicant-rank-zh.png');
    await shot(page, 'analysis-applicant-rank-zh-full.png', true);

    // Hover down the top of the chart until the tooltip names the first applicant, then click that bar.
    const box = await chart.locator('canvas').first().boundingBox();
    if (!box) throw new Error('chart has no box');
    let onBar = false;
    for (let y = box.y + 8; y < box.y + 120 && !onBar; y += 4) {
      await page.mouse.move(box.x + box.width * 0.45, y);
      await page.waitForTimeout(60);
      onBar = await chart
        .locator('div')
        .filter({ hasText: applicant })
        .first()
        .isVisible()
        .catch(() => false);
      if (onBar) await page.mouse.click(box.x + box.width * 0.45, y);
    }
    expect(onBar).toBe(true);

    // The result page of exactly that bar: the set's expression, a filter on the applicant.
    await page.waitForURL(/\/innovationSpace\/searchResult\?/);
    const landed = new URL(page.url());
    expect(landed.pathname).toBe('/innovationSpace/searchResult');
    expect(landed.searchParams.get('q')).toBe(EXPRESSION);
    // Applicants are counted by standardised name by default (issue 43), and the bar filters on it.
    expect(landed.searchParams.get('f')).toMatch(/^applicantStandard:/);
    await expect.poll(() => resultTotal(page)).toBe(barCount);
    expect(await page.getByText(`标准化申请人: ${applicant}`).count()).toBe(1);
    await shot(page, 'analysis-jump-result-zh.png');

    // The filter survives a reload.
    await page.reload();
    expect(await resultTotal(page)).toBe(barCount);

    // Back on the dashboard: a province on the China map and an IPC main group open their patents too.
    await page.goBack();
    await page.waitForURL(/chart=applicantRank/);
    await openChart(page, 'IPC大组排名', 'ipcGroupRank');
    await page.locator('.analysis-panel .ant-segmented-item', { hasText: '表格' }).click();
    await page.waitForURL((url) => url.searchParams.get('type') === 'table');
    const groupRow = page.locator('.analysis-table tbody tr.ant-table-row').first();
    await groupRow.waitFor();
    const groupCount = Number((await groupRow.locator('td').nth(1).innerText()).replace(/,/g, ''));
    await groupRow.getByTestId('analysis-cell-link').click();
    await page.waitForURL(/\/innovationSpace\/searchResult\?/);
    expect(new URL(page.url()).searchParams.get('f')).toMatch(/^ipcGroup:/);
    await expect.poll(() => resultTotal(page)).toBe(groupCount);
    expect(await page.getByText(/^IPC大组: /).count()).toBe(1);

    await page.goBack();
    await page.waitForURL(/chart=ipcGroupRank/);
    await openChart(page, '中国省市分布', 'chinaMap');
    await chartCanvas(page, 'chinaMap');
    await shot(page, 'analysis-china-map-zh.png');
    await openChart(page, '全球专利分布', 'worldMap');
    await chartCanvas(page, 'worldMap');
    await shot(page, 'analysis-world-map-zh.png');
    await openChart(page, '申请人申请趋势', 'applicantYear');
    await chartCanvas(page, 'applicantYear');
    await shot(page, 'analysis-applicant-year-zh.png');
    await openChart(page, '专利类型', 'patentType');
    await chartCanvas(page, 'patentType');
    await shot(page, 'analysis-patent-type-zh.png');
    await openChart(page, '词云', 'wordCloud');
    await chartCanvas(page, 'wordCloud');
    await shot(page, 'analysis-word-cloud-zh.png');
    await openChart(page, '专利地图（技术全景）', 'landscape');
    await chartCanvas(page, 'landscape');
    await shot(page, 'analysis-landscape-zh.png');
    await openChart(page, '技术聚类', 'clustering');
    await chartCanvas(page, 'clustering');
    await shot(page, 'analysis-clustering-zh.png');

    // A link reopens the same chart.
    await page.reload();
    await expect.poll(() => page.getByTestId('analysis-chart-title').innerText()).toBe('技术聚类');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('[ISSUE 14] does not give China invention rates that rest on too little legal status', async () => {
    const page = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
      viewport: { width: 1366, height: 900 },
      locale: 'zh-CN',
    });
    await page.goto(
      `${spec.server.baseUrl}/innovationSpace/searchResult/analysis?q=${encodeURIComponent('TI=(水泥)')}&chart=threeRates`,
    );
    await expect.poll(() => page.getByTestId('analysis-chart-title').innerText()).toBe('中国发明三率');
    const figures = page.getByTestId('analysis-figure');
    await expect.poll(() => figures.count()).toBe(4);
    // The cement patents come mostly from the research sources, without legal status (about a quarter
    // of the applications are concluded by a known status): no rate rests on that, each says how little.
    const texts = await figures.allInnerTexts();
    expect(texts[0]).toMatch(/授权率\s*—/);
    expect(texts[0]).toContain('法律状态数据不足');
    expect(texts[3]).toMatch(/有效率\s*—/);
    const coverage = /依据有法律状态的授权，占全部授权的 ([\d.]+)%/.exec(texts[3]!);
    expect(Number(coverage?.[1])).toBeLessThan(50);
    await shot(page, 'issue14-three-rates-zh.png');
    await page.getByText('English', { exact: true }).click();
    await expect.poll(() => page.getByTestId('analysis-chart-title').innerText()).toBe('China invention three rates');
    await expect.poll(() => figures.first().innerText()).toContain('Too little legal status data');
    await shot(page, 'issue14-three-rates-en.png');
    await page.close();
  });

  it('shows the dashboard in English', async () => {
    const page = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
      viewport: { width: 1366, height: 900 },
      locale: 'en-US',
      language: 'en',
    });
    await page.goto(
      `${spec.server.baseUrl}/innovationSpace/searchResult/analysis?q=${encodeURIComponent(EXPRESSION)}&chart=applicantRank`,
    );
    await expect.poll(() => page.getByTestId('analysis-chart-title').innerText()).toBe('Applicant ranking');
    await chartCanvas(page, 'applicantRank');
    for (const group of ['Trends', 'Regions', 'Applicants', 'Inventors', 'Technology', 'Legal', 'Value and impact']) {
      expect(await page.locator('.analysis-catalogue').getByText(group, { exact: true }).count()).toBe(1);
    }
    await shot(page, 'analysis-dashboard-en.png');

    // PNG from ECharts and a real .xlsx (a ZIP package) of the chart's data.
    const [png] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download PNG' }).click(),
    ]);
    expect(png.suggestedFilename()).toBe('Applicant ranking.png');
    const pngBytes = readFileSync((await png.path()) ?? '');
    expect(pngBytes.subarray(1, 4).toString('latin1')).toBe('PNG');
    const [xlsx] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export to Excel' }).click(),
    ]);
    expect(xlsx.suggestedFilename()).toBe('Applicant ranking.xlsx');
    const xlsxText = readFileSync((await xlsx.path()) ?? '').toString('latin1');
    expect(xlsxText.startsWith('PK')).toBe(true);
    expect(xlsxText).toContain('xl/worksheets/sheet1.xml');
    expect(xlsxText).toContain('<sheet name="Applicant ranking"');
    // Settle the download artefacts before the browser closes (else their promises reject unhandled).
    await png.delete();
    await xlsx.delete();
    await openChart(page, 'Application trend', 'applicationTrend');
    await chartCanvas(page, 'applicationTrend');
    await shot(page, 'analysis-dashboard-trend-en.png');
    await page.close();
  });
});

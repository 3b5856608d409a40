import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium } from '../../fixtures/browser.js';
import { newSignedInPage } from '../../fixtures/auth.js';
import { resultTotal, shot } from '../../fixtures/page.js';
import { signedInSpec } from '../../fixtures/spec.js';

const runBrowser = hasChromium();

const EXPRESSION = 'TI=(电池)';

/** Ticks the checkbox of the n-th result row (0-based) of the list view. */
async function tickRow(page: Page, index: number): Promise<void> {
  await page.locator('.result-table tbody tr.result-row').nth(index).locator('input[type="checkbox"]').check();
}

/** The compared publication numbers, as the dialog's column heads show them (not the table's hidden measuring row). */
function columnNumbers(page: Page): Promise<string[]> {
  return page.locator('.compare-dialog thead .compare-column-number').allInnerTexts();
}

describe.runIf(runBrowser)('[SEARCH][COMPARE]: compare selected results side by side', () => {
  const spec = signedInSpec();

  it('searches, selects 3 results, compares them and sees the differences (zh, then en)', async () => {
    const page = await newSignedInPage(spec.browser, spec.server.baseUrl, spec.session, {
      viewport: { width: 1366, height: 900 },
      locale: 'zh-CN',
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await page.goto(`${spec.server.baseUrl}/innovationSpace/searchResult?q=${encodeURIComponent(EXPRESSION)}`);
    expect(await resultTotal(page)).toBeGreaterThan(20);
    const numbers = page.locator('.result-table .result-number');
    await expect.poll(() => numbers.count()).toBe(20);
    const picked = (await numbers.allInnerTexts()).slice(0, 3).map((n) => n.trim());

    // One selected: the spec's lower bound, said in a message; no dialog.
    await tickRow(page, 0);
    await page.getByTestId('compare-button').click();
    await expect.poll(() => page.getByText('请至少选择 2 件专利进行对比').count()).toBeGreaterThan(0);
    expect(new URL(page.url()).searchParams.has('compare')).toBe(false);

    await tickRow(page, 1);
    await tickRow(page, 2);
    await expect.poll(() => page.getByTestId('selection-count').innerText()).toBe('已选 3 条');
    await page.getByTestId('compare-button').click();
    await page.waitForURL(/[?&]compare=/);
    expect(new URL(page.url()).searchParams.get('compare')).toBe(picked.join(','));
    await expect.poll(() => columnNumbers(page)).toEqual(picked);
    expect(await page.locator('.compare-dialog .ant-modal-title').innerText()).toBe('专利对比（3 件）');

    // Three different patents: their application numbers differ, and that row is marked.
    const applicationRow = page.locator('.compare-dialog tr[data-row="applicationNumber"]');
    expect(await applicationRow.getAttribute('class')).toContain('compare-row-differs');
    const rows = page.locator('.compare-dialog .compare-table tbody tr.compare-row');
    const shown = await rows.count();
    expect(shown).toBeGreaterThan(6);
    expect(await page.locator('.compare-dialog tr.compare-row-differs').count()).toBeGreaterThan(0);
    await shot(page, 'compare-dialog-zh.png');

    // Differences only: rows with equal values go, the marked ones stay.
    await page.getByRole('switch', { name: '只看差异' }).click();
    await expect.poll(() => rows.count()).toBe(await page.locator('.compare-dialog tr.compare-row-differs').count());
    await shot(page, 'compare-dialog-differences-zh.png');

    // The dialog is in the URL: a reload shows it again.
    await page.reload();
    await expect.poll(() => columnNumbers(page)).toEqual(picked);

    // A column can be removed while more than two remain.
    await page.getByRole('button', { name: `移出对比 ${picked[1]}` }).click();
    await expect.poll(() => columnNumbers(page)).toEqual([picked[0], picked[2]]);
    expect(new URL(page.url()).searchParams.get('compare')).toBe(`${picked[0]},${picked[2]}`);

    await page.locator('.compare-dialog .ant-modal-close').click();
    await expect.poll(() => new URL(page.url()).searchParams.has('compare')).toBe(false);
    expect(new URL(page.url()).searchParams.get('q')).toBe(EXPRESSION);

    // In English, from the same link.
    await page.goto(`${spec.server.baseUrl}/home`);
    await page.getByText('English', { exact: true }).click();
    await page.goto(
      `${spec.server.baseUrl}/innovationSpace/searchResult?q=${encodeURIComponent(EXPRESSION)}&compare=${picked.join(',')}`,
    );
    await expect.poll(() => columnNumbers(page)).toEqual(picked);
    expect(await page.locator('.compare-dialog .ant-modal-title').innerText()).toBe('Compare patents (3)');
    expect(await page.locator('.compare-dialog').getByText('Application number').count()).toBe(1);
    await shot(page, 'compare-dialog-en.png');

    const body = await page.locator('body').innerText();
    expect(body).not.toMatch(/undefined|NaN|Invalid Date/);
    expect(errors).toEqual([]);
    await page.close();
  });
});

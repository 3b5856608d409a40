import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasChromium, launchBrowser, SCREENSHOT_DIR } from '../../fixtures/browser.js';
import { apiLogin, DEMO, newSignedInPage, type ApiSession } from '../../fixtures/auth.js';
import { startServer, type RunningServer } from '../../fixtures/server.js';

const runBrowser = hasChromium();

describe.runIf(runBrowser)('[PATENT][DETAIL]: a real patent from the demo corpus', () => {
  let server: RunningServer;
  let browser: Browser;
  // Gated pages need a session: one API login, seeded into each page's storage.
  let session: ApiSession;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    session = await apiLogin(server.baseUrl, DEMO.email, DEMO.password);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('loads the demo corpus on first start', () => {
    expect(server.patents).toBeGreaterThan(20_000);
  });

  it('shows a Chinese patent in zh with its title and tabs', async () => {
    const page = await newSignedInPage(browser, server.baseUrl, session, {
      viewport: { width: 1366, height: 900 },
      locale: 'zh-CN',
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.baseUrl}/search/detail?pn=${encodeURIComponent('CN 116226907 A')}`);
    await page.waitForURL(/\/innovationSpace\/searchDetail\?pn=/);
    await expect.poll(() => page.getByText('一种隐私计算协议分布式执行系统及方法').first().isVisible()).toBe(true);
    for (const tab of ['基本信息', '法律信息', '说明书附图', '原文', '同族', '引证']) {
      expect(await page.getByRole('tab', { name: tab }).count(), tab).toBe(1);
    }
    expect(await page.title()).toContain('Patlas');
    const body = await page.locator('body').innerText();
    expect(body).not.toMatch(/undefined|Invalid Date|NaN/);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'patent-detail-cn-zh.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows a US grant in en with citations linked to records we hold', async () => {
    const page = await newSignedInPage(browser, server.baseUrl, session, {
      viewport: { width: 1366, height: 900 },
      locale: 'en-US',
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${server.baseUrl}/home`);
    await page.evaluate(() => {
      // The language switch stores the choice; set it the way the header switch does.
      for (const key of Object.keys(localStorage)) if (key.includes('language')) localStorage.removeItem(key);
    });
    // The header switch is an antd Segmented (radio options), not a button.
    await page.getByText('English', { exact: true }).click();
    // A Patent Public Search record that cites a grant of the pyGrams set: the citation is a link.
    await page.goto(`${server.baseUrl}/innovationSpace/searchDetail?pn=US11803694B1`);
    await expect.poll(() => page.getByRole('tab', { name: 'Basic info' }).count()).toBe(1);
    for (const tab of ['Legal information', 'Description drawings', 'Original text', 'Family', 'Citations']) {
      expect(await page.getByRole('tab', { name: tab }).count(), tab).toBe(1);
    }
    await page.getByRole('tab', { name: 'Citations' }).click();
    const link = page.getByRole('link', { name: /US7484178/ }).first();
    await expect.poll(() => link.isVisible()).toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'patent-detail-us-en-citations.png'), fullPage: true });
    await link.click();
    await page.waitForURL(/pn=US7484178/);
    // The cited grant shows the forward citation found in the corpus.
    await page.getByRole('tab', { name: 'Citations' }).click();
    await expect
      .poll(() =>
        page
          .getByRole('link', { name: /US11803694B1/ })
          .first()
          .isVisible(),
      )
      .toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'patent-detail-us-en.png'), fullPage: true });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('says clearly when a number is not held', async () => {
    const page = await newSignedInPage(browser, server.baseUrl, session, { viewport: { width: 1366, height: 900 } });
    await page.goto(`${server.baseUrl}/innovationSpace/searchDetail?pn=CN999999999A`);
    await expect
      .poll(() =>
        page
          .getByText(/CN999999999A/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await expect
      .poll(() =>
        page
          .getByText(/未收录/)
          .first()
          .isVisible(),
      )
      .toBe(true);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'patent-detail-missing-zh.png'), fullPage: true });
    await page.close();
  });
});

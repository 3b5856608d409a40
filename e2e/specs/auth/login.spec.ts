import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, apiCall, apiLogin, DEMO, fillLoginForm, login } from '../../fixtures/auth.js';
import { hasChromium, launchBrowser } from '../../fixtures/browser.js';
import { shot } from '../../fixtures/page.js';
import { startServer, type RunningServer } from '../../fixtures/server.js';

const runBrowser = hasChromium();
const VIEWPORT = { width: 1366, height: 900 };
/** The machine is shared and often busy (CI saw a login take over Playwright's default 30 s): each wait may take 90 s. */
const STEP_TIMEOUT_MS = 90_000;
const TEST_TIMEOUT_MS = 600_000;
const SESSION_LOST = '因长时间未操作，或因其他用户登录此账号而被登出，请重新登录';
const LIMITED = { email: 'limited@patlas.local', password: 'limited-pass-1', fullname: '受限用户' };

/** The labels of the open user dropdown. */
async function userMenuLabels(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: '用户菜单' }).click();
  const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu');
  await menu.waitFor();
  const labels = await menu.locator('.ant-dropdown-menu-title-content').allInnerTexts();
  await page.keyboard.press('Escape');
  return labels.map((l) => l.trim());
}

describe.runIf(runBrowser)('[AUTH][LOGIN]: login, permissions and crowd-out through the browser', () => {
  let server: RunningServer;
  let browser: Browser;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    // A user who may only search (no detail, no account pages), made by the operator through /sys.
    const admin = await apiLogin(server.baseUrl, ADMIN.email, ADMIN.password);
    const role = await apiCall<{ id: string }>(
      server.baseUrl,
      admin.tokens.access_token,
      'POST',
      '/product/sys/roles',
      {
        name: 'e2e-search-only',
        permissions: ['/search/quick', '/search/result'],
      },
    );
    await apiCall(server.baseUrl, admin.tokens.access_token, 'POST', '/product/sys/users', {
      email: LIMITED.email,
      fullname: LIMITED.fullname,
      password: LIMITED.password,
      roleIds: [role.id],
    });
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  /** A browser context whose every wait allows STEP_TIMEOUT_MS. */
  async function contextIn(locale: 'zh-CN' | 'en-US') {
    const context = await browser.newContext({ viewport: VIEWPORT, locale });
    context.setDefaultTimeout(STEP_TIMEOUT_MS);
    context.setDefaultNavigationTimeout(STEP_TIMEOUT_MS);
    return context;
  }

  it(
    'sends a visitor of a gated page to /login and back to it after the login',
    async () => {
      const context = await contextIn('zh-CN');
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(`${server.baseUrl}/home`);
      await page.getByRole('button', { name: '登录' }).waitFor();
      expect(await page.getByRole('button', { name: '用户菜单' }).count()).toBe(0);

      const q = encodeURIComponent('TI=(电池)');
      await page.goto(`${server.baseUrl}/innovationSpace/searchResult?q=${q}`);
      await page.waitForURL(/\/login\?/);
      const params = new URL(page.url()).searchParams;
      expect(params.get('expre')).toBe('TI=(电池)');
      await page.locator('[data-captcha-id] img').waitFor();
      await shot(page, 'auth-login-zh.png');

      await fillLoginForm(page, server.baseUrl, DEMO.email, DEMO.password);
      await page.waitForURL(/\/innovationSpace\/searchResult\?q=/);
      await page.getByTestId('result-total').waitFor();
      expect(await page.getByText(DEMO.fullname).count()).toBeGreaterThan(0);
      const labels = await userMenuLabels(page);
      expect(labels).toEqual(expect.arrayContaining(['个人信息', '修改密码', '个人设置', '退出登录']));
      expect(labels).not.toContain('运营管理');
      expect(errors).toEqual([]);
      await context.close();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'keeps the refresh token in an httpOnly cookie that no script reads, and renews an expired token with it',
    async () => {
      const context = await contextIn('zh-CN');
      const page = await context.newPage();
      await login(page, server.baseUrl, DEMO.email, DEMO.password);
      await page.waitForURL(/\/home\?tabName=quick/);
      const [cookie] = (await context.cookies(server.baseUrl + '/api/platform')).filter(
        (c) => c.name === 'patlas_refresh',
      );
      expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/platform' });
      const stored = () => page.evaluate(() => ({ ...localStorage }) as Record<string, string>);
      const before = await stored();
      expect(JSON.stringify(before)).not.toContain(cookie!.value);
      expect(Object.keys(before).some((k) => k.endsWith(':refreshToken'))).toBe(false);
      expect(await page.evaluate(() => document.cookie)).not.toContain('patlas_refresh');

      // The access token runs out: the next request renews it through the cookie, and the page goes on.
      const tokenKey = Object.keys(before).find((k) => k.endsWith(':tempToken'))!;
      const expiryKey = Object.keys(before).find((k) => k.endsWith(':expiresIn'))!;
      await page.evaluate((key) => localStorage.setItem(key, JSON.stringify({ v: Date.now() - 1000 })), expiryKey);
      const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/platform/oauth/refresh/token'));
      await page.goto(`${server.baseUrl}/innovationSpace/searchDetail?pn=${encodeURIComponent('CN 116226907 A')}`);
      expect((await refreshed).status()).toBe(200);
      await expect
        .poll(() => page.getByText('一种隐私计算协议分布式执行系统及方法').first().isVisible(), { timeout: 20_000 })
        .toBe(true);
      const after = await stored();
      expect(after[tokenKey]).not.toBe(before[tokenKey]);
      const [rotated] = (await context.cookies(server.baseUrl + '/api/platform')).filter(
        (c) => c.name === 'patlas_refresh',
      );
      expect(rotated!.value).not.toBe(cookie!.value);
      await context.close();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'logs in from /login onto the quick search; a user without a permission gets 403',
    async () => {
      const context = await contextIn('zh-CN');
      const page = await context.newPage();
      await login(page, server.baseUrl, LIMITED.email, LIMITED.password);
      await page.waitForURL(/\/home\?tabName=quick/);
      const labels = await userMenuLabels(page);
      // No userInfo / modifyPassword / userSet / /sys: only the logout is offered.
      expect(labels).toEqual(['退出登录']);
      await page.goto(`${server.baseUrl}/innovationSpace/searchDetail?pn=CN116226907A`);
      await page.waitForURL(/\/403$/);

      // Logging out ends the session on the server too.
      await page.goto(`${server.baseUrl}/home`);
      await page.getByRole('button', { name: '用户菜单' }).click();
      await page.getByText('退出登录').click();
      await page.waitForURL(/\/login$/);
      expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k.endsWith(':tempToken')))).toEqual([]);
      await context.close();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'shows the re-login dialog after a login elsewhere, and logs in again from it',
    async () => {
      const first = await contextIn('zh-CN');
      const second = await contextIn('zh-CN');
      const page = await first.newPage();
      const other = await second.newPage();
      await login(page, server.baseUrl, DEMO.email, DEMO.password);
      await page.waitForURL(/\/home\?tabName=quick/);

      // The second browser is asked whether to sign out the first one, and says yes.
      await other.goto(`${server.baseUrl}/login`);
      await fillLoginForm(other, server.baseUrl, DEMO.email, DEMO.password);
      await other.waitForURL(/\/home\?tabName=quick/);

      // The first browser's next request is refused: the dialog opens over the page.
      await page.goto(`${server.baseUrl}/innovationSpace/searchDetail?pn=${encodeURIComponent('CN 116226907 A')}`);
      const dialog = page.locator('.ant-modal').filter({ hasText: SESSION_LOST });
      await dialog.waitFor();
      expect(await dialog.getByRole('button', { name: '其他方式登录' }).count()).toBe(1);
      await dialog.locator('[data-captcha-id] img').waitFor();
      // The screenshot waits for the opening animation to end.
      await expect
        .poll(() => dialog.evaluate((el) => getComputedStyle(el).opacity === '1' && !/zoom/.test(el.className)))
        .toBe(true);
      expect(await dialog.locator('input[autocomplete="username"]').inputValue()).toBe(DEMO.email);
      await shot(page, 'auth-relogin-dialog-zh.png');

      await fillLoginForm(page, server.baseUrl, DEMO.email, DEMO.password);
      await dialog.waitFor({ state: 'hidden' });
      expect(page.url()).toContain('/innovationSpace/searchDetail');
      await expect
        .poll(() => page.getByText('一种隐私计算协议分布式执行系统及方法').first().isVisible(), { timeout: 20_000 })
        .toBe(true);
      await first.close();
      await second.close();
    },
    TEST_TIMEOUT_MS,
  );

  it(
    'draws the login page in English',
    async () => {
      const context = await contextIn('en-US');
      const page = await context.newPage();
      await page.goto(`${server.baseUrl}/login`);
      await page.getByText('English', { exact: true }).click();
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.getByText('Please enter your e-mail!').waitFor();
      await page.locator('[data-captcha-id] img').waitFor();
      await shot(page, 'auth-login-en.png');
      await context.close();
    },
    TEST_TIMEOUT_MS,
  );
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { RELOGIN_DIALOG_Z_INDEX } from '@patlas/contracts';
import { renderApp, stubFetch } from '../../test/render-app';
import { appSession } from '../../session/session';
import {
  captchaAnswer,
  failure,
  healthAnswer,
  menuAnswer,
  ok,
  tokenAnswer,
  userInfoAnswer,
} from '../../test/auth-answers';

const LOST = '因长时间未操作，或因其他用户登录此账号而被登出，请重新登录';

/** Every product call is refused with the old token (crowded out) and answered with the new one. */
function stubCrowdedOut() {
  return stubFetch((url, request) => {
    switch (url.pathname) {
      case '/api/platform/oauth/captcha':
        return captchaAnswer();
      case '/api/platform/oauth/can/iplogin':
        return ok({ canIpLogin: false });
      case '/api/platform/oauth/email/token':
        return tokenAnswer('tok-new');
      case '/api/product/user/info':
        return userInfoAnswer();
      case '/api/product/user/menu':
        return menuAnswer();
      case '/api/platform/platform/logout':
        return ok(null);
      // Public (the home page's special topics): answered whatever the token.
      case '/api/product/indexPage/getSpecialTopicInfo':
        return ok([]);
      default:
        return request.headers.get('Authorization') === 'Bearer tok-new'
          ? healthAnswer
          : failure(401, 'SESSION_CROWDED_OUT', LOST);
    }
  });
}

describe('re-login dialog', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opens over the page on a crowded-out 401, and a login there keeps the page and refetches', async () => {
    const calls = stubCrowdedOut();
    const { router } = renderApp('/home?tabName=number');
    expect(await screen.findByText(LOST)).toBeTruthy();
    const dialog = document.querySelector('.ant-modal-wrap') as HTMLElement;
    expect(dialog.style.zIndex).toBe(String(RELOGIN_DIALOG_Z_INDEX));
    // "logs the user out once": token and name gone, menu kept for the page underneath.
    expect(appSession.getSnapshot().session).toBeUndefined();
    expect(window.localStorage.getItem('patlas:1:_menu')).not.toBeNull();
    expect(screen.getByText('其他方式登录').closest('button')).toBeTruthy();

    fireEvent.change(screen.getByPlaceholderText('请输入邮箱号'), { target: { value: 'demo@patlas.local' } });
    fireEvent.change(screen.getByPlaceholderText('请输入密码'), { target: { value: 'patlas-demo' } });
    fireEvent.change(screen.getByPlaceholderText('请输入验证码'), { target: { value: 'abcd' } });

    await waitFor(() => expect(document.querySelector('[data-captcha-id]')).toBeTruthy());

    fireEvent.click(screen.getByText('确定').closest('button')!);

    expect(await screen.findByText('2.5万', {}, { timeout: 5_000 })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText(LOST)).toBeNull());
    expect(router.state.location.pathname).toBe('/home');
    expect(new URLSearchParams(router.state.location.search).get('tabName')).toBe('number');
    expect(appSession.getSnapshot().session?.token).toBe('tok-new');
    const health = calls.filter((c) => c.url.pathname === '/api/health');
    expect(health.at(-1)?.headers.get('Authorization')).toBe('Bearer tok-new');
  });

  it('goes to the login page with the page to come back to on 其他方式登录', async () => {
    stubCrowdedOut();
    const { router } = renderApp('/home?tabName=number');
    fireEvent.click((await screen.findByText('其他方式登录')).closest('button')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/home?tabName=number');
    await waitFor(() => expect(screen.queryByText(LOST)).toBeNull());
    expect(window.localStorage.getItem('patlas:1:_menu')).toBeNull();
  });

  it('after a refused refresh ends the session with a dialog that leads to /login', async () => {
    const calls = stubFetch((url) => {
      if (url.pathname === '/api/platform/oauth/refresh/token') {
        return failure(401, 'REFRESH_TOKEN_INVALID', '登录已失效，请重新登录');
      }
      if (url.pathname === '/api/platform/oauth/captcha') return captchaAnswer();
      if (url.pathname === '/api/platform/oauth/can/iplogin') return ok({ canIpLogin: false });
      return healthAnswer;
    });
    const { router } = renderApp('/home?tabName=number', 'zh', { session: { expiresAt: Date.now() - 1_000 } });
    const button = (await screen.findByText('重新登录', { selector: 'button span' })).closest('button')!;
    expect(screen.getByText('登录已失效，请重新登录')).toBeTruthy();
    expect(calls.filter((c) => c.url.pathname === '/api/platform/oauth/refresh/token')).toHaveLength(1);
    expect(window.localStorage.getItem('patlas:1:tempToken')).toBeNull();
    expect(window.localStorage.getItem('patlas:1:_menu')).toBeNull();
    fireEvent.click(button);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirect')).toBe('/home?tabName=number');
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MENU_PERMISSIONS } from '@patlas/contracts';
import { renderApp, stubFetch } from '../test/render-app';
import { appSession } from '../session/session';
import {
  captchaAnswer,
  failure,
  healthAnswer,
  menuAnswer,
  ok,
  tokenAnswer,
  userInfoAnswer,
} from '../test/auth-answers';

/** The home page's own calls answered as the server would (the function guide's and the special topics' lists), the rest with health. */
const HOME_LISTS = new Set(['/api/product/user/functionGuide', '/api/product/indexPage/getSpecialTopicInfo']);
const homeAnswer = (url: URL) => (HOME_LISTS.has(url.pathname) ? ok([]) : healthAnswer);

const searchAnswer = ok({ total: 0, page: 1, pageSize: 20, items: [], facets: [], key: 'k1', took: 1 });

describe('route guard', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('sends a visitor from a gated page to /login, keeping the page and its expression', async () => {
    stubFetch((url) => {
      if (url.pathname === '/api/platform/oauth/can/iplogin') return ok({ canIpLogin: false });
      if (url.pathname === '/api/platform/oauth/captcha') return captchaAnswer();
      return failure(401, 'UNAUTHORIZED', '未登录');
    });
    const { router } = renderApp(`/search/result?q=${encodeURIComponent('TI=电池')}`, 'zh', { session: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('redirect')).toBe(`/innovationSpace/searchResult?q=${encodeURIComponent('TI=电池')}`);
    expect(params.get('expre')).toBe('TI=电池');
    expect(await screen.findByPlaceholderText('请输入邮箱号')).toBeTruthy();
  });

  it('lets a visitor open public pages, and the quick search sends them to login with the expression', async () => {
    stubFetch((url) =>
      url.pathname === '/api/platform/oauth/can/iplogin' ? ok({ canIpLogin: false }) : homeAnswer(url),
    );
    const { router } = renderApp('/search/quick?expre=TI%3D%E7%94%B5%E6%B1%A0', 'zh', { session: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(screen.getByText('登录', { selector: 'button span' })).toBeTruthy();
    await screen.findByRole('textbox', { name: '检索式' });
    fireEvent.click((await screen.findAllByRole('button', { name: /检\s*索/ })).at(-1)!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('expre')).toBe('TI=电池');
  });

  it('logs a visitor of an allowed address in by IP and opens the page', async () => {
    const calls = stubFetch((url) => {
      switch (url.pathname) {
        case '/api/platform/oauth/can/iplogin':
          return ok({ canIpLogin: true, tenantCode: 'campus' });
        case '/api/platform/oauth/ip/token':
          return tokenAnswer('ip-token', 'ip');
        case '/api/product/user/info':
          return userInfoAnswer('IP', 'ip');
        case '/api/product/user/menu':
          return menuAnswer(['/search/quick', '/search/result']);
        default:
          return searchAnswer;
      }
    });
    const { router } = renderApp('/innovationSpace/searchResult?q=TI%3Dx', 'zh', { session: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/searchResult'), {
      timeout: 5_000,
    });
    expect(appSession.getSnapshot().session).toMatchObject({ token: 'ip-token', loginType: 'ip' });
    const search = calls.find((c) => c.url.pathname === '/api/product/search/searchNew');
    await waitFor(() => expect(search ?? calls.find((c) => c.url.pathname.includes('searchNew'))).toBeTruthy());
    expect(await screen.findByText(/机构 IP 用户/)).toBeTruthy();
  });

  it('shows the IP-range-without-role message on the login page with a way to use an account', async () => {
    stubFetch((url) => {
      if (url.pathname === '/api/platform/oauth/can/iplogin') return ok({ canIpLogin: true });
      if (url.pathname === '/api/platform/oauth/ip/token') return failure(403, 'IP_NO_ROLE', '当前IP范围无角色权限！');
      return captchaAnswer();
    });
    const { router } = renderApp('/innovationSpace/searchResult?q=x', 'zh', { session: null });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(await screen.findByText('当前IP范围无角色权限！')).toBeTruthy();
    fireEvent.click(screen.getByText('使用其他账号登录').closest('button')!);
    expect(await screen.findByPlaceholderText('请输入邮箱号')).toBeTruthy();
  });

  it('sends a user without the page permission to /403', async () => {
    stubFetch(() => healthAnswer);
    const { router } = renderApp('/innovationSpace/searchDetail?pn=CN1', 'zh', {
      session: { menu: ['/search/quick', '/search/result'] },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/403'));
    expect(appSession.getSnapshot().session?.token).toBeTruthy();
  });

  it('sends a user without the duplicate-check permission from /repeat/detail to /login (spec 2 §2), from /repeat to /403', async () => {
    stubFetch((url) => (url.pathname === '/api/platform/oauth/captcha' ? captchaAnswer() : ok({ canIpLogin: false })));
    const detail = renderApp('/repeat/detail?id=abc12345', 'zh', { session: { menu: ['/search/quick'] } });
    await waitFor(() => expect(detail.router.state.location.pathname).toBe('/login'));
    detail.unmount();
    const list = renderApp('/innovationSpace/repeat', 'zh', { session: { menu: ['/search/quick'] } });
    await waitFor(() => expect(list.router.state.location.pathname).toBe('/403'));
  });

  it('sends a user without the alert permission from /warning/details to /login (spec 2 §2), from the alert list to /403', async () => {
    stubFetch((url) => (url.pathname === '/api/platform/oauth/captcha' ? captchaAnswer() : ok({ canIpLogin: false })));
    const detail = renderApp('/warning/details?id=a1', 'zh', { session: { menu: ['/search/quick'] } });
    await waitFor(() => expect(detail.router.state.location.pathname).toBe('/login'));
    detail.unmount();
    const list = renderApp('/innovationSpace/warning', 'zh', { session: { menu: ['/search/quick'] } });
    await waitFor(() => expect(list.router.state.location.pathname).toBe('/403'));
  });

  it('sends a user whose menu lacks /search/quick back to login and ends the session', async () => {
    const calls = stubFetch((url) =>
      url.pathname === '/api/platform/oauth/captcha' ? captchaAnswer() : ok({ canIpLogin: false }),
    );
    const { router } = renderApp('/innovationSpace/searchResult?q=x', 'zh', {
      session: { menu: ['/search/result', '/search/detail'] },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('reason')).toBe('noQuickSearch');
    expect(await screen.findByText('当前账号没有快速检索权限，无法访问，请联系管理员')).toBeTruthy();
    expect(appSession.getSnapshot().session).toBeUndefined();
    expect(calls.some((c) => c.url.pathname === '/api/platform/platform/logout')).toBe(true);
  });

  it('treats an expired token whose refresh cookie ran out as no session', async () => {
    stubFetch((url) =>
      url.pathname === '/api/platform/oauth/can/iplogin' ? ok({ canIpLogin: false }) : captchaAnswer(),
    );
    const { router } = renderApp('/innovationSpace/searchDetail?pn=CN1', 'zh', {
      session: { expiresAt: Date.now() - 1_000, canRefresh: false },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('pn')).toBe('CN1');
  });
});

describe('header and tabs by permission', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('offers the operators area only with /sys, and logs out clearing tokens, menu and tabs', async () => {
    const calls = stubFetch(homeAnswer);
    window.localStorage.setItem(
      'patlas:1:tabs',
      JSON.stringify({
        v: [
          {
            key: '/home',
            path: '/home',
            originPath: '/home',
            name: 'routes.home',
            permission: false,
            isFixed: true,
            viewCache: true,
          },
          {
            key: '/innovationSpace/searchDetail?pn=CN1',
            path: '/innovationSpace/searchDetail?pn=CN1',
            originPath: '/innovationSpace/searchDetail',
            name: 'routes.patentDetail',
            label: 'CN1',
            permission: '/search/detail',
            isFixed: false,
            viewCache: true,
          },
        ],
      }),
    );
    const { router } = renderApp('/home', 'zh', { session: { menu: [...MENU_PERMISSIONS], nickName: '王五' } });
    fireEvent.click(await screen.findByLabelText('用户菜单'));
    const logoutItem = await screen.findByText('退出登录');
    expect(screen.queryByText('运营管理')).toBeNull();
    expect(screen.getByText('王五')).toBeTruthy();
    // The kept detail tab is shown: the user has /search/detail.
    expect(screen.getByText('CN1')).toBeTruthy();
    fireEvent.click(logoutItem);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const logout = calls.find((c) => c.url.pathname === '/api/platform/platform/logout');
    expect(logout?.headers.get('Authorization')).toBe('Bearer test-access-token');
    for (const name of ['tempToken', 'refreshExpiresAt', '_menu', 'nickName', 'tabs']) {
      expect(window.localStorage.getItem(`patlas:1:${name}`), name).toBeNull();
    }
  });

  it('shows the operators area to a user with /sys and hides gated tabs from visitors', async () => {
    stubFetch(homeAnswer);
    renderApp('/home', 'zh');
    fireEvent.click(await screen.findByLabelText('用户菜单'));
    expect(await screen.findByText('运营管理')).toBeTruthy();
    cleanup();
    window.localStorage.setItem(
      'patlas:1:tabs',
      JSON.stringify({
        v: [
          {
            key: '/innovationSpace/searchDetail?pn=CN2',
            path: '/innovationSpace/searchDetail?pn=CN2',
            originPath: '/innovationSpace/searchDetail',
            name: 'routes.patentDetail',
            label: 'CN2',
            permission: '/search/detail',
            isFixed: false,
            viewCache: true,
          },
        ],
      }),
    );
    renderApp('/home', 'zh', { session: null });
    expect(await screen.findByText('登录', { selector: 'button span' })).toBeTruthy();
    expect(screen.queryByText('CN2')).toBeNull();
  });
});

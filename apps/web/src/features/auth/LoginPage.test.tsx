// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { decryptPassword } from '@patlas/contracts';
import { renderApp } from '../../test/render-app';
import { renderPage, stubFetch, type FakeResponse, type RecordedRequest } from '../../test/render-page';
import { LoginPage } from './LoginPage';
import { appSession } from '../../session/session';
import {
  CAPTCHA_ID,
  captchaAnswer,
  failure,
  healthAnswer,
  menuAnswer,
  ok,
  tokenAnswer,
  userInfoAnswer,
} from '../../test/auth-answers';

type LoginAnswer = (request: RecordedRequest, attempt: number) => FakeResponse;

/** The auth API with a login that answers as told; everything else is the home page's health. */
function stubAuth(login: LoginAnswer, menu: FakeResponse = menuAnswer()) {
  let attempt = 0;
  let captchas = 0;
  return stubFetch((url, request) => {
    switch (url.pathname) {
      case '/api/platform/oauth/captcha':
        captchas += 1;
        return captchaAnswer(`${CAPTCHA_ID.slice(0, 31)}${captchas % 10}`);
      case '/api/platform/oauth/can/iplogin':
        return ok({ canIpLogin: false });
      case '/api/platform/oauth/email/token':
        attempt += 1;
        return login(request, attempt);
      case '/api/product/user/info':
        return userInfoAnswer();
      case '/api/product/user/menu':
        return menu;
      case '/api/platform/platform/logout':
        return ok(null);
      default:
        return healthAnswer;
    }
  });
}

async function fillAndSubmit(email = 'demo@patlas.local', password = 'patlas-demo', captcha = 'ab12') {
  fireEvent.change(await screen.findByPlaceholderText('请输入邮箱号'), { target: { value: email } });
  fireEvent.change(screen.getByPlaceholderText('请输入密码'), { target: { value: password } });
  fireEvent.change(screen.getByPlaceholderText('请输入验证码'), { target: { value: captcha } });
  // Wait for the captcha image, so the login carries its id.
  await waitFor(() => expect(document.querySelector('[data-captcha-id]')).toBeTruthy());
  fireEvent.click(submitButton());
}

/** The form's submit button (role queries are slow on antd's DOM in jsdom). */
const submitButton = () => document.querySelector('button[type=submit]') as HTMLButtonElement;

const loginCalls = (calls: RecordedRequest[]) =>
  calls.filter((c) => c.url.pathname === '/api/platform/oauth/email/token');

describe('login page', () => {
  beforeEach(() => window.localStorage.clear());
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('applies the form rules of spec 1 §5 before sending anything', async () => {
    const calls = stubAuth(() => tokenAnswer());
    renderApp('/login', 'zh', { session: null });
    fireEvent.click(await screen.findByText('登录', { selector: 'button span' }));
    expect(await screen.findByText('请输入邮箱号！')).toBeTruthy();
    expect(await screen.findByText('请输入密码！')).toBeTruthy();
    expect(await screen.findByText('请输入验证码！')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('请输入邮箱号'), { target: { value: `${'a'.repeat(45)}@x.com` } });
    fireEvent.change(screen.getByPlaceholderText('请输入密码'), { target: { value: 'p'.repeat(51) } });
    fireEvent.change(screen.getByPlaceholderText('请输入验证码'), { target: { value: '12345' } });
    expect(await screen.findByText('邮箱号最多 50 个字符')).toBeTruthy();
    expect(await screen.findByText('密码最多 50 个字符')).toBeTruthy();
    expect(await screen.findByText('验证码最多 4 个字符')).toBeTruthy();
    fireEvent.click(submitButton());
    await new Promise((r) => setTimeout(r, 50));
    expect(loginCalls(calls)).toHaveLength(0);
    await waitFor(() => expect(document.title).toBe('Patlas - 登录'));
  });

  it('logs in with the password encrypted by the captcha id and lands on the result page of expre', async () => {
    const calls = stubAuth(() => tokenAnswer('tok-1'));
    const { router } = renderPage(<LoginPage />, `/login?expre=${encodeURIComponent('TI=电池')}`, 'zh', {
      session: null,
    });
    await fillAndSubmit();
    await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/searchResult'), {
      timeout: 5_000,
    });
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('TI=电池');
    const [login] = loginCalls(calls);
    const body = login?.body as {
      email: string;
      password: string;
      uuid: string;
      verify_code: string;
      crowd_out: boolean;
    };
    expect(body).toMatchObject({ email: 'demo@patlas.local', verify_code: 'ab12', crowd_out: false });
    expect(body.password).not.toBe('patlas-demo');
    expect(decryptPassword(body.password, body.uuid)).toBe('patlas-demo');
    const info = calls.find((c) => c.url.pathname === '/api/product/user/info');
    expect(info?.headers.get('Authorization')).toBe('Bearer tok-1');
    const session = appSession.getSnapshot().session;
    expect(session).toMatchObject({ token: 'tok-1', nickName: '演示用户', loginType: 'password' });
    expect(session?.menu).toContain('/search/quick');
    expect(JSON.parse(window.localStorage.getItem('patlas:1:tempToken') ?? '{}')).toEqual({ v: 'tok-1' });
  });

  it('shows the server message of a status 0 answer and fetches a new captcha', async () => {
    const calls = stubAuth(() => failure(400, 'CAPTCHA_WRONG', '验证码错误'));
    renderPage(<LoginPage />, '/login', 'zh', { session: null });
    await fillAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toContain('验证码错误');
    await waitFor(() => expect(calls.filter((c) => c.url.pathname === '/api/platform/oauth/captcha')).toHaveLength(2));
    expect(appSession.getSnapshot().session).toBeUndefined();
  });

  it('says 网络异常! when the login cannot reach the server', async () => {
    stubAuth(() => ({ status: 200, body: null }));
    const fetchMock = vi.mocked(fetch);
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('/oauth/email/token')) throw new TypeError('Failed to fetch');
      return answer!(input, init);
    });
    renderPage(<LoginPage />, '/login', 'zh', { session: null });
    await fillAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toContain('网络异常!');
  });

  it('asks before crowding out the other device, then logs in again with crowd_out true', async () => {
    const question = '此账号已在其他设备登录，是否在其他设备退出，并在此设备登录？';
    const calls = stubAuth((request) =>
      (request.body as { crowd_out: boolean }).crowd_out
        ? tokenAnswer('tok-2')
        : failure(409, 'LOGGED_IN_ELSEWHERE', question),
    );
    const { router } = renderApp('/login', 'zh', { session: null });
    await fillAndSubmit();
    expect(await screen.findByText(question)).toBeTruthy();
    expect(loginCalls(calls)).toHaveLength(1);
    fireEvent.click(screen.getByText('确定').closest('button')!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'), { timeout: 5_000 });
    expect(new URLSearchParams(router.state.location.search).get('tabName')).toBe('quick');
    const logins = loginCalls(calls);
    expect(logins).toHaveLength(2);
    expect(logins[1]?.body).toMatchObject({ crowd_out: true, uuid: (logins[0]?.body as { uuid: string }).uuid });
    expect(appSession.getSnapshot().session?.token).toBe('tok-2');
  });

  it('says 未配置角色权限，无法访问 for an empty menu and ends the session', async () => {
    const calls = stubAuth(() => tokenAnswer('tok-3'), menuAnswer([]));
    const { router } = renderApp('/login', 'zh', { session: null });
    await fillAndSubmit();
    expect(await screen.findByText('未配置角色权限，无法访问', {}, { timeout: 5_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(appSession.getSnapshot().session).toBeUndefined();
    const logout = calls.find((c) => c.url.pathname === '/api/platform/platform/logout');
    expect(logout?.headers.get('Authorization')).toBe('Bearer tok-3');
  });

  it('sends a user without /search/quick back to the login page with a message', async () => {
    stubAuth(() => tokenAnswer('tok-4'), menuAnswer(['/search/result']));
    const { router } = renderApp('/login', 'zh', { session: null });
    await fillAndSubmit();
    expect(
      await screen.findByText('当前账号没有快速检索权限，无法访问，请联系管理员', {}, { timeout: 5_000 }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(appSession.getSnapshot().session).toBeUndefined();
  });

  it('marks the captcha expired after its time and fetches a new one on click', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const calls = stubAuth(() => tokenAnswer());
      renderPage(<LoginPage />, '/login', 'zh', { session: null });
      await waitFor(() => expect(document.querySelector('[data-captcha-id]')).toBeTruthy());
      expect(screen.queryByText('已过期，点击刷新')).toBeNull();
      await vi.advanceTimersByTimeAsync(61_000);
      fireEvent.click(await screen.findByText('已过期，点击刷新'));
      await waitFor(() => expect(screen.queryByText('已过期，点击刷新')).toBeNull());
      expect(calls.filter((c) => c.url.pathname === '/api/platform/oauth/captcha')).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('shows the loginErrorMsg of a login answer and still completes the login', async () => {
    stubAuth(() => {
      const answer = tokenAnswer('tok-5');
      (answer.body as { data: Record<string, unknown> }).data.loginErrorMsg = '您的试用期将于 3 天后结束';
      return answer;
    });
    const { router } = renderPage(<LoginPage />, '/login?pn=CN117151122A', 'zh', { session: null });
    await fillAndSubmit();
    expect(await screen.findByText('您的试用期将于 3 天后结束')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/searchDetail'), {
      timeout: 5_000,
    });
    expect(new URLSearchParams(router.state.location.search).get('pn')).toBe('CN117151122A');
  });
});

import {
  encryptPassword,
  REFRESH_COOKIE,
  LOGIN_FAILURE_WINDOW_SECONDS,
  LOGIN_LOCKOUT_SECONDS,
  LOGIN_MAX_FAILURES,
} from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  captchaFor,
  passwordLogin,
  reachableDialects,
  setPassword,
  TEST_ADMIN_PASSWORD,
  TestClock,
} from '../../../test/helpers.js';
import { ADMIN_EMAIL, DEMO_EMAIL } from './seed.js';

const dialects = await reachableDialects();

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
interface Envelope {
  status: number;
  message: string;
  data: Record<string, unknown> & { code?: string };
}
interface Tokens {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  loginType: string;
  tenantCode: string;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe.each(dialects)('login and sessions on %s', (dialect) => {
  let t: TestApp;
  const clock = new TestClock();
  let emailCounter = 0;

  /** A fresh account with every menu permission and a known password. */
  async function newAccount(password = 'correct horse 1'): Promise<string> {
    emailCounter += 1;
    const email = `person${emailCounter}@example.org`;
    const { repositories } = t.context;
    const tenant = (await repositories.tenants.findByCode('default'))!;
    const user = await repositories.users.create({
      email,
      fullname: `Person ${emailCounter}`,
      passwordHash: null,
      tenantId: tenant.id,
    });
    const role = (await repositories.roles.findByName('全部功能'))!;
    await repositories.users.setRoles(user.id, [role.id]);
    await setPassword(t, email, password);
    return email;
  }

  const menuOf = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/product/user/menu', headers: bearer(token) });

  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, { now: clock.now });
  });
  afterAll(async () => t.close());

  it('seeds the demo and admin accounts, who log in with the documented passwords', async () => {
    const demo = await passwordLogin(t, DEMO_EMAIL, 'patlas-demo');
    expect(demo.statusCode).toBe(200);
    const body = demo.json() as Envelope;
    expect(body.status).toBe(1);
    const tokens = body.data as unknown as Tokens;
    expect(tokens).toMatchObject({
      token_type: 'bearer',
      loginType: 'password',
      tenantCode: 'default',
      canOperation: true,
    });
    expect(tokens.expires_in).toBe(7200);
    const menu = ((await menuOf(tokens.access_token)).json() as { data: { menu: string[] } }).data.menu;
    expect(menu).toContain('/search/quick');
    expect(menu).not.toContain('/sys');

    const admin = await passwordLogin(t, ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
    const adminMenu = (
      (await menuOf((admin.json() as { data: Tokens }).data.access_token)).json() as {
        data: { menu: string[] };
      }
    ).data.menu;
    expect(adminMenu).toContain('/sys');
    const user = await t.context.repositories.users.findByEmail(DEMO_EMAIL);
    expect(user?.last_login_at).toBe(clock.now().toISOString());
  });

  it('serves a 4-character SVG captcha with a 32-letter id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/platform/oauth/captcha' });
    const data = (res.json() as { data: { uuid: string; image: string; expiresIn: number } }).data;
    expect(data.uuid).toMatch(/^[A-Za-z]{32}$/);
    expect(data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(data.expiresIn).toBe(60);
    const { answer } = (
      (
        await t.app.inject({ method: 'GET', url: `/api/platform/oauth/captcha/test-answer?uuid=${data.uuid}` })
      ).json() as {
        data: { answer: string };
      }
    ).data;
    expect(answer).toHaveLength(4);
  });

  it('refuses an expired captcha (60 s) and a captcha used twice', async () => {
    const email = await newAccount();
    const captcha = await captchaFor(t);
    clock.advance(61);
    const expired = await passwordLogin(t, email, 'correct horse 1', { captcha });
    expect((expired.json() as Envelope).data.code).toBe('CAPTCHA_EXPIRED');
    expect((expired.json() as Envelope).message).toBe('验证码已过期，请刷新验证码');

    const fresh = await captchaFor(t);
    clock.advance(59);
    const first = await passwordLogin(t, email, 'correct horse 1', { captcha: fresh });
    expect((first.json() as Envelope).status).toBe(1);
    const again = await passwordLogin(t, email, 'correct horse 1', { captcha: fresh, crowdOut: true });
    expect((again.json() as Envelope).data.code).toBe('CAPTCHA_EXPIRED');
  });

  it('consumes a captcha on a wrong answer', async () => {
    const email = await newAccount();
    const captcha = await captchaFor(t);
    const wrong = await passwordLogin(t, email, 'correct horse 1', { captcha: { ...captcha, answer: 'zzzz' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json() as Envelope).toMatchObject({
      status: 0,
      message: '验证码错误',
      data: { code: 'CAPTCHA_WRONG' },
    });
    const retry = await passwordLogin(t, email, 'correct horse 1', { captcha });
    expect((retry.json() as Envelope).data.code).toBe('CAPTCHA_EXPIRED');
  });

  it('answers the same LOGIN_FAILED for an unknown e-mail and a wrong password', async () => {
    const email = await newAccount();
    const unknown = (await passwordLogin(t, 'nobody@example.org', 'whatever 123')).json() as Envelope;
    const wrong = (await passwordLogin(t, email, 'not the password')).json() as Envelope;
    expect(unknown).toEqual(wrong);
    expect(wrong).toEqual({ status: 0, message: '邮箱或密码错误', data: { code: 'LOGIN_FAILED' } });
    // a password not encrypted with the captcha id is a wrong password, not a crash
    const captcha = await captchaFor(t);
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/platform/oauth/email/token',
      payload: { email, password: 'correct horse 1', verify_code: captcha.answer, uuid: captcha.uuid },
    });
    expect((plain.json() as Envelope).data.code).toBe('LOGIN_FAILED');
  });

  it('locks an e-mail after the maximum of failures and unlocks it after the lockout', async () => {
    const email = await newAccount();
    for (let i = 1; i < LOGIN_MAX_FAILURES; i += 1) {
      expect(((await passwordLogin(t, email, 'wrong')).json() as Envelope).data.code).toBe('LOGIN_FAILED');
    }
    const locking = (await passwordLogin(t, email, 'wrong')).json() as Envelope;
    expect(locking.data.code).toBe('LOGIN_LOCKED');
    expect(locking.message).toBe(`密码错误次数过多，请 ${LOGIN_LOCKOUT_SECONDS / 60} 分钟后再试`);
    // even the right password is refused while locked
    clock.advance(60);
    const stillLocked = await passwordLogin(t, email, 'correct horse 1', { crowdOut: true });
    expect((stillLocked.json() as Envelope).data.code).toBe('LOGIN_LOCKED');
    expect((stillLocked.json() as Envelope).message).toContain(`${LOGIN_LOCKOUT_SECONDS / 60 - 1} 分钟`);
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/platform/oauth/email/token',
      headers: { 'accept-language': 'en' },
      payload: await (async () => {
        const c = await captchaFor(t);
        return { email, password: encryptPassword('x', c.uuid), verify_code: c.answer, uuid: c.uuid };
      })(),
    });
    expect((en.json() as Envelope).message).toMatch(/^Too many failed attempts; please try again in \d+ minutes$/);

    clock.advance(LOGIN_LOCKOUT_SECONDS);
    const unlocked = await passwordLogin(t, email, 'correct horse 1', { crowdOut: true });
    expect((unlocked.json() as Envelope).status).toBe(1);
    const audit = await t.context.services.audit.list({ page: 1, pageSize: 100, action: 'login_locked' });
    expect(audit.items.some((e) => e.actorEmail === email)).toBe(true);
  });

  it('does not lock when the failures are spread beyond the window', async () => {
    const email = await newAccount();
    for (let i = 0; i < LOGIN_MAX_FAILURES + 1; i += 1) {
      expect(((await passwordLogin(t, email, 'wrong')).json() as Envelope).data.code).toBe('LOGIN_FAILED');
      clock.advance(Math.ceil(LOGIN_FAILURE_WINDOW_SECONDS / (LOGIN_MAX_FAILURES - 1)) + 1);
    }
  });

  it('asks before crowding out another session, then ends it', async () => {
    const email = await newAccount();
    const first = ((await passwordLogin(t, email, 'correct horse 1')).json() as { data: Tokens }).data;
    expect((await menuOf(first.access_token)).statusCode).toBe(200);

    const captcha = await captchaFor(t);
    const asked = await passwordLogin(t, email, 'correct horse 1', { captcha });
    expect(asked.json()).toEqual({
      status: 0,
      message: '此账号已在其他设备登录，是否在其他设备退出，并在此设备登录？',
      data: { code: 'LOGGED_IN_ELSEWHERE' },
    });
    // no session was created, and the first client still works
    expect((await menuOf(first.access_token)).statusCode).toBe(200);
    const online = await t.app.inject({
      method: 'GET',
      url: '/api/platform/oauth/check/user',
      headers: bearer(first.access_token),
    });
    expect((online.json() as { data: { online: boolean } }).data.online).toBe(false);

    // the same captcha is good for the one retry with crowd_out
    const second = await passwordLogin(t, email, 'correct horse 1', { captcha, crowdOut: true });
    expect((second.json() as Envelope).status).toBe(1);
    const kicked = await menuOf(first.access_token);
    expect(kicked.statusCode).toBe(401);
    expect(kicked.json()).toEqual({
      status: 0,
      message: '因长时间未操作，或因其他用户登录此账号而被登出，请重新登录',
      data: { code: 'SESSION_CROWDED_OUT' },
    });
    const secondTokens = (second.json() as { data: Tokens }).data;
    expect((await menuOf(secondTokens.access_token)).statusCode).toBe(200);
    const audit = await t.context.services.audit.list({ page: 1, pageSize: 10, action: 'crowd_out' });
    expect(audit.items[0]?.actorEmail).toBe(email);
    // and the captcha is spent now
    const third = await passwordLogin(t, email, 'correct horse 1', { captcha, crowdOut: true });
    expect((third.json() as Envelope).data.code).toBe('CAPTCHA_EXPIRED');
  });

  it('rotates tokens on refresh and refuses an old refresh token', async () => {
    const email = await newAccount();
    const login = ((await passwordLogin(t, email, 'correct horse 1')).json() as { data: Tokens }).data;
    const refresh = (token: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/platform/oauth/refresh/token?grant_type=refresh_token&refresh_token=${encodeURIComponent(token)}`,
      });
    clock.advance(60);
    const rotated = await refresh(login.refresh_token);
    expect(rotated.statusCode).toBe(200);
    const next = (rotated.json() as { data: Tokens }).data;
    expect(next.access_token).not.toBe(login.access_token);
    expect(next.refresh_token).not.toBe(login.refresh_token);
    expect(next.loginType).toBe('password');

    // used again at once: a lost race of two tabs, not a theft (auth-security.test.ts has the rest)
    const reused = await refresh(login.refresh_token);
    expect(reused.statusCode).toBe(409);
    expect((reused.json() as Envelope).data.code).toBe('REFRESH_RACE_LOST');
    // the old access token still works until its own expiry, then answers TOKEN_EXPIRED
    expect((await menuOf(login.access_token)).statusCode).toBe(200);
    clock.advance(7200 - 60);
    const oldExpired = await menuOf(login.access_token);
    expect(oldExpired.statusCode).toBe(401);
    expect((oldExpired.json() as Envelope).data.code).toBe('TOKEN_EXPIRED');
    expect((await menuOf(next.access_token)).statusCode).toBe(200);

    // the refresh token lives twice as long as the access token
    clock.advance(7200);
    const again = ((await refresh(next.refresh_token)).json() as { data: Tokens }).data;
    clock.advance(2 * 7200 + 1);
    expect((await refresh(again.refresh_token)).statusCode).toBe(401);
  });

  it('survives the refresh race: expired token → TOKEN_EXPIRED, one refresh, then 20 parallel requests succeed', async () => {
    const email = await newAccount();
    const login = ((await passwordLogin(t, email, 'correct horse 1')).json() as { data: Tokens }).data;
    clock.advance(7201);
    const stale = await Promise.all(Array.from({ length: 20 }, () => menuOf(login.access_token)));
    expect(stale.map((r) => (r.json() as Envelope).data.code)).toEqual(Array(20).fill('TOKEN_EXPIRED'));
    const refreshed = await t.app.inject({
      method: 'GET',
      url: `/api/platform/oauth/refresh/token?grant_type=refresh_token&refresh_token=${login.refresh_token}`,
    });
    const next = (refreshed.json() as { data: Tokens }).data;
    const retried = await Promise.all(Array.from({ length: 20 }, () => menuOf(next.access_token)));
    expect(retried.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
  });

  it('ends the session on logout; logout always answers status 1', async () => {
    const email = await newAccount();
    const login = ((await passwordLogin(t, email, 'correct horse 1')).json() as { data: Tokens }).data;
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/platform/platform/logout',
      headers: bearer(login.access_token),
    });
    expect(out.json()).toEqual({ status: 1, message: '', data: null });
    const after = await menuOf(login.access_token);
    expect(after.statusCode).toBe(401);
    expect((after.json() as Envelope).data.code).toBe('UNAUTHORIZED');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/platform/platform/logout' });
    expect((anonymous.json() as Envelope).status).toBe(1);
    // no live session left: a new login is not asked about another device
    expect(((await passwordLogin(t, email, 'correct horse 1')).json() as Envelope).status).toBe(1);
    const audit = await t.context.services.audit.list({ page: 1, pageSize: 5, action: 'logout' });
    expect(audit.items[0]?.actorEmail).toBe(email);
  });

  it("keeps the web app's refresh token in an httpOnly cookie, never in the body (issue 41)", async () => {
    const email = await newAccount();
    const cookieMode = { [REFRESH_COOKIE.transportHeader]: 'cookie' };
    const login = await passwordLogin(t, email, 'correct horse 1', { headers: cookieMode });
    const tokens = (login.json() as { data: Tokens }).data;
    expect(tokens.access_token).toBeTruthy();
    expect(tokens).not.toHaveProperty('refresh_token');
    const setCookie = String(login.headers['set-cookie']);
    expect(setCookie).toMatch(new RegExp(`^${REFRESH_COOKIE.name}=[^;]+;`));
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain(`Path=${REFRESH_COOKIE.path}`);
    expect(setCookie).toContain(`Max-Age=${2 * 7200}`);
    const cookie = login.cookies.find((c) => c.name === REFRESH_COOKIE.name)!.value;

    // the refresh reads the cookie when the body has no token, and sets the rotated one
    const refreshWithCookie = (value: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/platform/oauth/refresh/token',
        headers: cookieMode,
        cookies: { [REFRESH_COOKIE.name]: value },
        payload: { grant_type: 'refresh_token' },
      });
    clock.advance(60);
    const rotated = await refreshWithCookie(cookie);
    expect(rotated.statusCode).toBe(200);
    const next = (rotated.json() as { data: Tokens }).data;
    expect(next).not.toHaveProperty('refresh_token');
    expect(next.access_token).not.toBe(tokens.access_token);
    const nextCookie = rotated.cookies.find((c) => c.name === REFRESH_COOKIE.name)!.value;
    expect(nextCookie).not.toBe(cookie);
    expect((await refreshWithCookie(cookie)).statusCode).toBe(409);

    // no token anywhere: refused as an invalid sign-in, in the user's language
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/platform/oauth/refresh/token',
      headers: { 'accept-language': 'en' },
      payload: {},
    });
    expect(none.statusCode).toBe(401);
    expect((none.json() as Envelope).data.code).toBe('REFRESH_TOKEN_INVALID');

    // a logout without the access token (the page dropped it) ends the session by its cookie and clears it
    const out = await t.app.inject({
      method: 'POST',
      url: '/api/platform/platform/logout',
      cookies: { [REFRESH_COOKIE.name]: nextCookie },
    });
    expect((out.json() as Envelope).status).toBe(1);
    expect(String(out.headers['set-cookie'])).toMatch(
      new RegExp(`^${REFRESH_COOKIE.name}=;.*Expires=Thu, 01 Jan 1970`),
    );
    expect((await menuOf(next.access_token)).statusCode).toBe(401);
    expect((await refreshWithCookie(nextCookie)).statusCode).toBe(401);

    // an API client that does not ask for the cookie keeps the spec's body field and gets no cookie
    const plain = await passwordLogin(t, email, 'correct horse 1');
    expect((plain.json() as { data: Tokens }).data.refresh_token).toBeTruthy();
    expect(plain.headers['set-cookie']).toBeUndefined();
  });

  it('logs in a user whose roles give an empty menu, with an empty menu', async () => {
    const email = await newAccount();
    const user = (await t.context.repositories.users.findByEmail(email))!;
    await t.context.repositories.users.setRoles(user.id, []);
    const login = ((await passwordLogin(t, email, 'correct horse 1')).json() as { data: Tokens }).data;
    const menu = await menuOf(login.access_token);
    expect((menu.json() as { data: { menu: string[] } }).data.menu).toEqual([]);
  });

  it('refuses a disabled account after checking the password', async () => {
    const email = await newAccount();
    const user = (await t.context.repositories.users.findByEmail(email))!;
    await t.context.repositories.users.update(user.id, { disabled: true });
    expect(((await passwordLogin(t, email, 'wrong')).json() as Envelope).data.code).toBe('LOGIN_FAILED');
    const res = await passwordLogin(t, email, 'correct horse 1');
    expect(res.statusCode).toBe(403);
    expect((res.json() as Envelope).data.code).toBe('ACCOUNT_DISABLED');
  });

  it('logs IP visitors in by tenant range (IPv4 and IPv6), refuses no-role ranges and caps concurrent visitors', async () => {
    const { repositories } = t.context;
    const role = await repositories.roles.create({
      name: `ip-role-${dialect}`,
      permissions: ['/search/quick', '/search/result'],
    });
    const capped = await repositories.tenants.create({
      code: 'campus',
      name: 'Campus',
      ipRanges: ['10.20.0.0/16', '2001:db8:20::/48'],
      ipRoleIds: [role.id],
      onlineCap: 2,
    });
    await repositories.tenants.create({
      code: 'noroles',
      name: 'No roles',
      ipRanges: ['192.0.2.0/24'],
      ipRoleIds: [],
      onlineCap: null,
    });
    const ipGet = (url: string, remoteAddress: string) => t.app.inject({ method: 'GET', url, remoteAddress });

    const can = await ipGet('/api/platform/oauth/can/iplogin', '10.20.3.4');
    expect((can.json() as Envelope).data).toEqual({ canIpLogin: true, tenantCode: 'campus' });
    const cannot = await ipGet('/api/platform/oauth/can/iplogin', '10.21.3.4');
    expect((cannot.json() as Envelope).data).toEqual({ canIpLogin: false });

    const v4 = await ipGet('/api/platform/oauth/ip/token', '::ffff:10.20.3.4');
    expect((v4.json() as Envelope).status).toBe(1);
    const v4Tokens = (v4.json() as { data: Tokens }).data;
    expect(v4Tokens).toMatchObject({ loginType: 'ip', tenantCode: 'campus', canOperation: false });
    expect(((await menuOf(v4Tokens.access_token)).json() as { data: { menu: string[] } }).data.menu).toEqual([
      '/search/quick',
      '/search/result',
    ]);
    // IP visitors are not accounts: no API tokens
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/platform/platform/user/token',
      headers: bearer(v4Tokens.access_token),
      payload: { name: 'x' },
    });
    expect(token.statusCode).toBe(401);
    expect((token.json() as Envelope).data.code).toBe('LOGIN_REQUIRED');

    const v6 = await ipGet('/api/platform/oauth/ip/token', '2001:db8:20::1');
    expect((v6.json() as { data: Tokens }).data.loginType).toBe('ip');

    const full = await ipGet('/api/platform/oauth/ip/token', '10.20.9.9');
    expect(full.json()).toEqual({
      status: -3,
      message: '专利数据库同时在线人数到达上限！',
      data: { code: 'IP_ONLINE_LIMIT' },
    });
    // a visitor leaving frees a seat
    await t.app.inject({ method: 'GET', url: '/api/platform/platform/logout', headers: bearer(v4Tokens.access_token) });
    expect(((await ipGet('/api/platform/oauth/ip/token', '10.20.9.9')).json() as Envelope).status).toBe(1);

    const noRole = await ipGet('/api/platform/oauth/ip/token', '192.0.2.77');
    expect(noRole.json()).toEqual({ status: 0, message: '当前IP范围无角色权限！', data: { code: 'IP_NO_ROLE' } });
    const outside = await ipGet('/api/platform/oauth/ip/token', '198.51.100.1');
    expect((outside.json() as Envelope).data.code).toBe('IP_NOT_ALLOWED');
    await repositories.tenants.update(capped.id, { ipRanges: [] });
  });

  it('creates, lists, uses and revokes personal API tokens', async () => {
    const email = await newAccount();
    const login = ((await passwordLogin(t, email, 'correct horse 1')).json() as { data: Tokens }).data;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/platform/platform/user/token',
      headers: bearer(login.access_token),
      payload: { name: 'my script' },
    });
    const { token, id, prefix } = (created.json() as { data: { token: string; id: string; prefix: string } }).data;
    expect(token).toMatch(/^pat_/);
    expect(token.startsWith(prefix)).toBe(true);
    const listed = await t.app.inject({
      method: 'GET',
      url: '/api/platform/platform/user/token',
      headers: bearer(login.access_token),
    });
    const items = (listed.json() as { data: Record<string, unknown>[] }).data;
    expect(items).toHaveLength(1);
    expect(items[0]).not.toHaveProperty('token');
    expect(JSON.stringify(items)).not.toContain(token);

    const used = await menuOf(token);
    expect(used.statusCode).toBe(200);
    expect((used.json() as { data: { menu: string[] } }).data.menu).toContain('/search/quick');
    const search = await t.app.inject({
      method: 'POST',
      url: '/api/platform/data/search/expression/total-hits',
      headers: bearer(token),
      payload: {},
    });
    expect(search.statusCode).not.toBe(401);
    expect(search.statusCode).not.toBe(403);

    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/api/platform/platform/user/token/${id}`,
      headers: bearer(login.access_token),
    });
    expect((revoke.json() as Envelope).status).toBe(1);
    expect((await menuOf(token)).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'DELETE',
      url: `/api/platform/platform/user/token/${id}`,
      headers: bearer(login.access_token),
    });
    expect(again.statusCode).toBe(404);
  });

  it('answers an oversize or missing login field with 400 naming the field', async () => {
    const captcha = await captchaFor(t);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/platform/oauth/email/token',
      payload: { email: 'x'.repeat(51), password: 'p', verify_code: captcha.answer, uuid: captcha.uuid },
    });
    expect(res.statusCode).toBe(400);
    expect((res.json() as Envelope).data).toEqual({ code: 'VALIDATION_FAILED', field: 'email' });
  });
});

describe('test hooks and rate limits', () => {
  it('has no captcha test hook outside test mode', async () => {
    const t = await buildTestApp('sqlite', { mode: 'production' });
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/platform/oauth/captcha/test-answer?uuid=x' });
      expect(res.statusCode).toBe(404);
      expect((res.json() as Envelope).data.code).toBe('ROUTE_NOT_FOUND');
    } finally {
      await t.close();
    }
  });

  it('limits captcha and login requests per address with RATE_LIMITED', async () => {
    const base = (await import('../../../test/helpers.js')).testConfig();
    const t = await buildTestApp('sqlite', { auth: { ...base.auth, rateLimitPerMinute: 3 } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        codes.push(
          (await t.app.inject({ method: 'GET', url: '/api/platform/oauth/captcha', remoteAddress: '203.0.113.9' }))
            .statusCode,
        );
      }
      expect(codes).toEqual([200, 200, 200, 429]);
      const limited = await t.app.inject({
        method: 'GET',
        url: '/api/platform/oauth/captcha',
        remoteAddress: '203.0.113.9',
      });
      expect(limited.json()).toEqual({
        status: 0,
        message: '当前网络繁忙，请稍后再试',
        data: { code: 'RATE_LIMITED' },
      });
      // another address is not affected
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/platform/oauth/captcha', remoteAddress: '203.0.113.10' }))
          .statusCode,
      ).toBe(200);
    } finally {
      await t.close();
    }
  });
});

import {
  IP_SESSION_IDLE_SECONDS,
  LOGIN_LOCKOUT_SECONDS,
  LOGIN_MAX_FAILURES,
  REFRESH_RACE_GRACE_SECONDS,
} from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import {
  buildTestApp,
  captchaFor,
  loginAs,
  passwordLogin,
  reachableDialects,
  setPassword,
  TestClock,
} from '../../../test/helpers.js';
import { MailCatcher } from '../../../test/mail-catcher.js';
import { PasswordAttempts } from './password-attempts.js';
import { ADMIN_EMAIL } from './seed.js';

/** Issue 16 §2: the authentication and session findings, one block each. */

const dialects = await reachableDialects();

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
interface Envelope {
  status: number;
  message: string;
  data: Record<string, unknown> & { code?: string };
}

describe('TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    // TRUST_PROXY=1 used to parse as `true`: Fastify then took the left-most X-Forwarded-For entry.
    t = await buildTestApp('sqlite', { trustProxy: loadConfig({ TRUST_PROXY: '1' }).trustProxy });
    const role = await t.context.repositories.roles.create({ name: 'proxy-ip-role', permissions: ['/search/quick'] });
    await t.context.repositories.tenants.create({
      code: 'proxied',
      name: 'Proxied campus',
      ipRanges: ['10.20.0.0/16'],
      ipRoleIds: [role.id],
      onlineCap: null,
    });
  });
  afterAll(async () => t.close());

  const canIpLogin = async (forwardedFor: string) =>
    (
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/platform/oauth/can/iplogin',
          remoteAddress: '192.0.2.1', // the reverse proxy
          headers: { 'x-forwarded-for': forwardedFor },
        })
      ).json() as Envelope
    ).data.canIpLogin;

  it('takes the address the one trusted proxy saw, not one the client wrote in front of it', async () => {
    // The client sent "X-Forwarded-For: 10.20.1.1"; the proxy appended the real address.
    expect(await canIpLogin('10.20.1.1, 198.51.100.7')).toBe(false);
    // A client inside the range, seen so by the proxy.
    expect(await canIpLogin('10.20.1.1')).toBe(true);
  });

  it('with a CIDR list, trusts X-Forwarded-For only from those proxies', async () => {
    const listed = await buildTestApp('sqlite', { trustProxy: loadConfig({ TRUST_PROXY: '192.0.2.0/24' }).trustProxy });
    try {
      await listed.context.repositories.tenants.create({
        code: 'listed',
        name: 'Listed campus',
        ipRanges: ['10.20.0.0/16'],
        ipRoleIds: [],
        onlineCap: null,
      });
      const ask = async (remoteAddress: string, forwardedFor: string) =>
        (
          (
            await listed.app.inject({
              method: 'GET',
              url: '/api/platform/oauth/can/iplogin',
              remoteAddress,
              headers: { 'x-forwarded-for': forwardedFor },
            })
          ).json() as Envelope
        ).data.canIpLogin;
      expect(await ask('192.0.2.1', '10.20.1.1')).toBe(true);
      // a client reaching the server directly cannot name an address
      expect(await ask('198.51.100.7', '10.20.1.1')).toBe(false);
    } finally {
      await listed.close();
    }
  });
});

interface Tokens {
  access_token: string;
  refresh_token: string;
}
const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe.each(dialects)('credentials on %s', (dialect) => {
  let t: TestApp;
  let smtp: MailCatcher;
  const clock = new TestClock();
  let counter = 0;

  beforeAll(async () => {
    smtp = await MailCatcher.start();
    t = await buildTestApp(
      dialect,
      { mail: { smtpUrl: smtp.url, from: 'Patlas <no-reply@patlas.example.org>' }, publicUrl: 'https://p.example.org' },
      { now: clock.now },
    );
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  /** A fresh account with every menu permission and a known password. */
  async function newAccount(password = 'correct horse 1'): Promise<{ email: string; id: string }> {
    counter += 1;
    const email = `sec${counter}-${dialect}@example.org`;
    const { repositories } = t.context;
    const tenant = (await repositories.tenants.findByCode('default'))!;
    const user = await repositories.users.create({
      email,
      fullname: `Sec ${counter}`,
      passwordHash: null,
      tenantId: tenant.id,
    });
    await repositories.users.setRoles(user.id, [(await repositories.roles.findByName('全部功能'))!.id]);
    await setPassword(t, email, password);
    return { email, id: user.id };
  }
  const login = async (email: string, password = 'correct horse 1') =>
    ((await passwordLogin(t, email, password, { crowdOut: true })).json() as { data: Tokens }).data;
  const post = (url: string, token: string, payload: Record<string, unknown> = {}, lang = 'zh') =>
    t.app.inject({ method: 'POST', url, headers: { ...bearer(token), 'accept-language': lang }, payload });
  const mintToken = async (accessToken: string, password?: string) =>
    post('/api/platform/platform/user/token', accessToken, { name: 'script', ...(password ? { password } : {}) });
  const menuStatus = async (token: string) => (await post('/api/product/user/menu', token)).statusCode;

  it('revokes personal API tokens when the password is changed, reset by mail, or reset by an operator', async () => {
    const { email, id } = await newAccount();
    // 1. changed by the owner
    let session = await login(email);
    let pat = ((await mintToken(session.access_token)).json() as { data: { token: string } }).data.token;
    expect(await menuStatus(pat)).toBe(200);
    const changed = await post('/api/platform/platform/update/password', session.access_token, {
      oldPassword: 'correct horse 1',
      newPassword: 'correct horse 2',
    });
    expect((changed.json() as Envelope).status).toBe(1);
    expect(await menuStatus(pat)).toBe(401);

    // 2. reset through the mailed link
    pat = ((await mintToken(session.access_token)).json() as { data: { token: string } }).data.token;
    expect(await menuStatus(pat)).toBe(200);
    const before = smtp.mails.length;
    await t.app.inject({
      method: 'GET',
      url: `/api/platform/oauth/forget/password?email=${encodeURIComponent(email)}`,
    });
    await smtp.waitFor(before + 1);
    const link = /resetPassword\?(\S+)/.exec(smtp.to(email).at(-1)?.text ?? '')?.[1] ?? '';
    const linkToken = new URLSearchParams(link).get('token') ?? '';
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/platform/oauth/reset/password',
      payload: { token: linkToken, password: 'correct horse 3' },
    });
    expect((reset.json() as Envelope).status).toBe(1);
    expect(await menuStatus(pat)).toBe(401);

    // 3. reset by an operator
    session = await login(email, 'correct horse 3');
    pat = ((await mintToken(session.access_token)).json() as { data: { token: string } }).data.token;
    expect(await menuStatus(pat)).toBe(200);
    const admin = (await loginAs(t, ADMIN_EMAIL)).authorization.slice('Bearer '.length);
    const byOperator = await post(`/api/product/sys/users/${id}/resetPassword`, admin);
    expect((byOperator.json() as Envelope).status).toBe(1);
    expect(await menuStatus(pat)).toBe(401);
  });

  it('mints an API token only with the current password or right after a password login', async () => {
    const { email } = await newAccount();
    const session = await login(email);
    const fresh = await mintToken(session.access_token);
    expect((fresh.json() as Envelope).status).toBe(1);
    const pat = (fresh.json() as { data: { token: string } }).data.token;

    clock.advance(11 * 60); // the login is no longer fresh; the access token still lives
    const stale = await mintToken(session.access_token);
    expect(stale.statusCode).toBe(403);
    expect(stale.json()).toEqual({
      status: 0,
      message: '创建 API 令牌需要输入当前密码',
      data: { code: 'API_TOKEN_PASSWORD_REQUIRED' },
    });
    expect(((await mintToken(session.access_token, 'wrong one')).json() as Envelope).data.code).toBe(
      'CURRENT_PASSWORD_WRONG',
    );
    expect(((await mintToken(session.access_token, 'correct horse 1')).json() as Envelope).status).toBe(1);
    // an API token cannot mint another without the password
    expect(((await mintToken(pat)).json() as Envelope).data.code).toBe('API_TOKEN_PASSWORD_REQUIRED');
    expect(((await mintToken(pat, 'correct horse 1')).json() as Envelope).status).toBe(1);
  });

  it('locks the login atomically: of 20 parallel wrong passwords at most LOGIN_MAX_FAILURES are verified', async () => {
    const { email, id } = await newAccount();
    const captchas = [];
    for (let i = 0; i < 20; i += 1) captchas.push(await captchaFor(t));
    const answers = await Promise.all(captchas.map((captcha) => passwordLogin(t, email, 'wrong', { captcha })));
    const codes = answers.map((a) => (a.json() as Envelope).data.code);
    // every attempt verified records one login_failed: 20 before the fix
    const failed = await t.context.services.audit.list({ page: 1, pageSize: 100, action: 'login_failed', userId: id });
    expect(failed.total).toBe(LOGIN_MAX_FAILURES);
    expect(codes.every((c) => c === 'LOGIN_FAILED' || c === 'LOGIN_LOCKED')).toBe(true);
    expect(codes.filter((c) => c === 'LOGIN_LOCKED').length).toBeGreaterThanOrEqual(20 - LOGIN_MAX_FAILURES);
    expect(await t.context.repositories.loginFailures.since(email, '')).toHaveLength(LOGIN_MAX_FAILURES);
    // the right password is refused too while locked, and works after the lockout
    expect(((await passwordLogin(t, email, 'correct horse 1')).json() as Envelope).data.code).toBe('LOGIN_LOCKED');
    clock.advance(LOGIN_LOCKOUT_SECONDS + 1);
    expect(((await passwordLogin(t, email, 'correct horse 1')).json() as Envelope).status).toBe(1);
  });

  it('throttles the current-password checks of change-password and change-email like the login', async () => {
    const { email, id } = await newAccount();
    const session = await login(email);
    const changePassword = (oldPassword: string, lang = 'zh') =>
      post(
        '/api/platform/platform/update/password',
        session.access_token,
        { oldPassword, newPassword: 'new password 1' },
        lang,
      );
    const changeEmail = (password: string, lang = 'zh') =>
      post('/api/platform/platform/update/email', session.access_token, { email: `moved-${email}`, password }, lang);

    // a parallel burst: at most LOGIN_MAX_FAILURES checks run, the rest are refused unverified
    const burst = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 ? changeEmail('nope') : changePassword('nope'))),
    );
    const codes = burst.map((r) => (r.json() as Envelope).data.code);
    expect(codes.every((c) => c === 'CURRENT_PASSWORD_WRONG' || c === 'CURRENT_PASSWORD_LOCKED')).toBe(true);
    expect(codes.filter((c) => c === 'CURRENT_PASSWORD_LOCKED').length).toBeGreaterThanOrEqual(12 - LOGIN_MAX_FAILURES);
    // the failures recorded are the checks that ran
    const key = PasswordAttempts.currentPasswordKey(id);
    expect(await t.context.repositories.loginFailures.since(key, '')).toHaveLength(LOGIN_MAX_FAILURES);

    // locked: even the right password is refused, with a clear message in the user's language
    const locked = await changeEmail('correct horse 1');
    expect(locked.statusCode).toBe(400);
    expect(locked.json()).toEqual({
      status: 0,
      message: `当前密码错误次数过多，请 ${LOGIN_LOCKOUT_SECONDS / 60} 分钟后再试`,
      data: { code: 'CURRENT_PASSWORD_LOCKED' },
    });
    expect((await changePassword('correct horse 1', 'en')).json()).toMatchObject({
      message: `Too many incorrect current passwords; please try again in ${LOGIN_LOCKOUT_SECONDS / 60} minutes`,
    });
    // the login of the account is a separate lock
    expect(((await passwordLogin(t, email, 'correct horse 1', { crowdOut: true })).json() as Envelope).status).toBe(1);

    clock.advance(LOGIN_LOCKOUT_SECONDS + 1);
    const session2 = await login(email);
    const moved = await post('/api/platform/platform/update/email', session2.access_token, {
      email: `moved-${email}`,
      password: 'correct horse 1',
    });
    expect((moved.json() as Envelope).status).toBe(1);
  });
});

describe.each(dialects)('sessions on %s', (dialect) => {
  let t: TestApp;
  const logLines: string[] = [];
  const clock = new TestClock();
  let counter = 0;

  beforeAll(async () => {
    t = await buildTestApp(
      dialect,
      { logLevel: 'info' },
      { now: clock.now, logStream: { write: (line) => void logLines.push(line) } },
    );
  });
  afterAll(async () => t.close());

  async function login(): Promise<Tokens> {
    counter += 1;
    const email = `sess${counter}-${dialect}@example.org`;
    const { repositories } = t.context;
    const tenant = (await repositories.tenants.findByCode('default'))!;
    const user = await repositories.users.create({ email, fullname: 'S', passwordHash: null, tenantId: tenant.id });
    await repositories.users.setRoles(user.id, [(await repositories.roles.findByName('全部功能'))!.id]);
    await setPassword(t, email, 'correct horse 1');
    return ((await passwordLogin(t, email, 'correct horse 1')).json() as { data: Tokens }).data;
  }
  const refresh = (refreshToken: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/platform/oauth/refresh/token',
      payload: { grant_type: 'refresh_token', refresh_token: refreshToken },
    });
  const menuStatus = async (token: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/product/user/menu', headers: bearer(token) })).statusCode;

  it('takes the refresh token in a POST body, and no log line holds a refresh token (nor the spec GET form)', async () => {
    const first = await login();
    const viaPost = await refresh(first.refresh_token);
    expect(viaPost.statusCode).toBe(200);
    expect(viaPost.headers['cache-control']).toBe('no-store');
    const second = (viaPost.json() as { data: Tokens }).data;
    clock.advance(1);
    const viaGet = await t.app.inject({
      method: 'GET',
      url: `/api/platform/oauth/refresh/token?grant_type=refresh_token&refresh_token=${second.refresh_token}`,
    });
    expect(viaGet.statusCode).toBe(200);
    // a failing GET is logged at warn level or above: still masked
    await t.app.inject({
      method: 'GET',
      url: `/api/platform/oauth/refresh/token?grant_type=nope&refresh_token=${second.refresh_token}`,
    });
    expect(logLines.some((line) => line.includes('/oauth/refresh/token'))).toBe(true);
    const leaked = logLines.filter((line) => line.includes(first.refresh_token) || line.includes(second.refresh_token));
    expect(leaked).toEqual([]);
  });

  it('ends the whole session when a rotated-away refresh token comes back later', async () => {
    const first = await login();
    const second = ((await refresh(first.refresh_token)).json() as { data: Tokens }).data;
    clock.advance(REFRESH_RACE_GRACE_SECONDS + 1);
    const third = ((await refresh(second.refresh_token)).json() as { data: Tokens }).data;
    expect(await menuStatus(third.access_token)).toBe(200);

    // the first token, stolen and replayed (or the owner's copy after a thief rotated it)
    const replay = await refresh(first.refresh_token);
    expect(replay.statusCode).toBe(401);
    expect((replay.json() as Envelope).data.code).toBe('REFRESH_TOKEN_INVALID');
    // every token of the session is dead now, the newest included
    expect(await menuStatus(third.access_token)).toBe(401);
    expect((await refresh(third.refresh_token)).statusCode).toBe(401);
    const audit = await t.context.services.audit.list({ page: 1, pageSize: 5, action: 'refresh_token_reuse' });
    expect(audit.total).toBeGreaterThanOrEqual(1);
  });

  it('answers a lost race of two refreshes with 409 REFRESH_RACE_LOST and keeps the session', async () => {
    const first = await login();
    const racing = await Promise.all(Array.from({ length: 4 }, () => refresh(first.refresh_token)));
    const statuses = racing.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    expect((racing.find((r) => r.statusCode === 409)!.json() as Envelope).data.code).toBe('REFRESH_RACE_LOST');
    const winner = (racing.find((r) => r.statusCode === 200)!.json() as { data: Tokens }).data;
    expect(await menuStatus(winner.access_token)).toBe(200);
    expect((await refresh(winner.refresh_token)).statusCode).toBe(200);
  });

  it('frees a seat of the IP online cap when its session goes idle', async () => {
    const role = await t.context.repositories.roles.create({
      name: `idle-ip-${dialect}`,
      permissions: ['/search/quick'],
    });
    await t.context.repositories.tenants.create({
      code: `idle-${dialect}`,
      name: 'Idle campus',
      ipRanges: ['10.77.0.0/16'],
      ipRoleIds: [role.id],
      onlineCap: 2,
    });
    const ipLogin = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/platform/oauth/ip/token', remoteAddress: '10.77.1.1' })
      ).json() as Envelope & {
        data: Tokens;
      };
    // one visitor calling the IP login again and again fills the cap at once…
    const a = await ipLogin();
    const b = await ipLogin();
    expect((await ipLogin()).status).toBe(-3);
    // …but only while those sessions are used: A keeps working, B is left alone
    clock.advance(IP_SESSION_IDLE_SECONDS - 60);
    expect(await menuStatus(a.data.access_token)).toBe(200);
    clock.advance(120);
    const c = await ipLogin();
    expect(c.status).toBe(1);
    // B comes back while A and C hold the seats: the IP-login maximum, and B is over
    const back = await t.app.inject({
      method: 'POST',
      url: '/api/product/user/menu',
      headers: bearer(b.data.access_token),
    });
    expect(back.json()).toMatchObject({ status: -3, data: { code: 'IP_ONLINE_LIMIT' } });
    expect(await menuStatus(b.data.access_token)).toBe(401);
    expect(await menuStatus(c.data.access_token)).toBe(200);
  });

  it('does not let an idle IP session take a full seat back by refreshing', async () => {
    const role = await t.context.repositories.roles.create({
      name: `idle-rf-${dialect}`,
      permissions: ['/search/quick'],
    });
    await t.context.repositories.tenants.create({
      code: `idle-rf-${dialect}`,
      name: 'One seat',
      ipRanges: ['10.78.0.0/16'],
      ipRoleIds: [role.id],
      onlineCap: 1,
    });
    const ipLogin = async () =>
      (
        await t.app.inject({ method: 'GET', url: '/api/platform/oauth/ip/token', remoteAddress: '10.78.1.1' })
      ).json() as Envelope & { data: Tokens };
    const x = await ipLogin();
    clock.advance(IP_SESSION_IDLE_SECONDS + 60);
    const y = await ipLogin();
    expect(y.status).toBe(1);
    const refreshed = await refresh(x.data.refresh_token);
    expect(refreshed.json()).toMatchObject({ status: -3, data: { code: 'IP_ONLINE_LIMIT' } });
    expect((await refresh(x.data.refresh_token)).statusCode).toBe(401);
    expect(await menuStatus(y.data.access_token)).toBe(200);
  });
});

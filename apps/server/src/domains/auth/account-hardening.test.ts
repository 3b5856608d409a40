import { ALL_PERMISSIONS, MENU_PERMISSIONS, SYS_PERMISSION } from '@patlas/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  buildTestApp,
  captchaFor,
  loginAs,
  multipartOf,
  passwordLogin,
  reachableDialects,
  setPassword,
  TestClock,
  testConfig,
} from '../../../test/helpers.js';
import { MailCatcher } from '../../../test/mail-catcher.js';
import { hashPassword } from './password.js';
import { PUBLISHED_DEMO_PASSWORD } from '../../config.js';
import { DEMO_EMAIL, demoAccountWarning } from './seed.js';

/** Issue 41, "accounts and sessions": one block per finding. */

const dialects = await reachableDialects();

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
interface Envelope {
  status: number;
  message: string;
  data: Record<string, unknown> & { code?: string };
}

/** The path with every :param filled by a dummy value. */
function concretePath(url: string): string {
  return url.replace(/:([A-Za-z_]\w*)/g, 'dummy-$1');
}

describe.each(dialects)('operators’ routes need an account (%s)', (dialect) => {
  let t: TestApp;
  let ipVisitor: { authorization: string };
  const campus = '10.41.0.0/16';

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    // An operator gave a campus's IP visitors a role that carries every permission, /sys included.
    const role = await t.context.repositories.roles.create({ name: 'campus-everything', permissions: ALL_PERMISSIONS });
    await t.context.repositories.tenants.create({
      code: 'campus',
      name: 'Campus',
      ipRanges: [campus],
      ipRoleIds: [role.id],
      onlineCap: null,
    });
    const login = await t.app.inject({
      method: 'GET',
      url: '/api/platform/oauth/ip/token',
      remoteAddress: '10.41.1.1',
    });
    const token = (login.json() as Envelope).data.access_token as string;
    ipVisitor = { authorization: `Bearer ${token}` };
  });
  afterAll(async () => t.close());

  it('refuses an IP visitor on every /sys route with LOGIN_REQUIRED, before reading the input', async () => {
    const menu = await t.app.inject({ method: 'POST', url: '/api/product/user/menu', headers: ipVisitor });
    expect((menu.json() as Envelope).data.menu).toContain(SYS_PERMISSION);
    const operatorRoutes = t.app.routeAccess.filter(
      (r) =>
        r.method !== 'HEAD' &&
        (r.access === SYS_PERMISSION || (Array.isArray(r.access) && r.access.includes(SYS_PERMISSION))),
    );
    // the operators' area, the imports, awards, special topics, jobs, tracking summaries …
    expect(operatorRoutes.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        '/api/product/sys/users',
        '/api/product/sys/audit',
        '/api/platform/data/patents/import/files',
        '/api/platform/data/patents/import/runs',
      ]),
    );
    for (const route of operatorRoutes) {
      const method = route.method as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
      const url = concretePath(route.url);
      const res = await t.app.inject({ method, url, headers: ipVisitor, remoteAddress: '10.41.1.1' });
      expect([res.statusCode, (res.json() as Envelope).data?.code], `${method} ${url}`).toEqual([
        401,
        'LOGIN_REQUIRED',
      ]);
    }
  });

  it('refuses the IP visitor’s upload of an import file, and lets the same permission work for an account', async () => {
    const file = multipartOf(Buffer.from('pn,title\nCN1A,x\n'), 'patents.csv', 'text/csv');
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/platform/data/patents/import/files',
      payload: file.payload,
      headers: { ...file.headers, ...ipVisitor },
      remoteAddress: '10.41.1.1',
    });
    expect([upload.statusCode, (upload.json() as Envelope).data.code]).toEqual([401, 'LOGIN_REQUIRED']);
    // The visitor's other permissions still work.
    const info = await t.app.inject({ method: 'POST', url: '/api/product/user/info', headers: ipVisitor });
    expect((info.json() as Envelope).status).toBe(1);
    const operator = await authHeader(t, ALL_PERMISSIONS);
    const runs = await t.app.inject({
      method: 'GET',
      url: '/api/platform/data/patents/import/runs',
      headers: operator,
    });
    expect((runs.json() as Envelope).status).toBe(1);
  });
});

describe.each(dialects)('answers carrying tokens are not cached (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
    await t.context.repositories.tenants.create({
      code: 'nocache-campus',
      name: 'Campus',
      ipRanges: ['10.42.0.0/16'],
      ipRoleIds: [(await t.context.repositories.roles.create({ name: 'nc', permissions: ['/search/quick'] })).id],
      onlineCap: null,
    });
    await setPassword(t, DEMO_EMAIL, 'patlas-demo');
  });
  afterAll(async () => t.close());

  it('sends Cache-Control: no-store with the login, IP login, refresh and new API token answers', async () => {
    const login = await passwordLogin(t, DEMO_EMAIL, 'patlas-demo');
    expect((login.json() as Envelope).status).toBe(1);
    expect(login.headers['cache-control']).toBe('no-store');
    const tokens = (login.json() as Envelope).data as { access_token: string; refresh_token: string };

    const ip = await t.app.inject({ method: 'GET', url: '/api/platform/oauth/ip/token', remoteAddress: '10.42.0.9' });
    expect((ip.json() as Envelope).status).toBe(1);
    expect(ip.headers['cache-control']).toBe('no-store');

    const apiToken = await t.app.inject({
      method: 'POST',
      url: '/api/platform/platform/user/token',
      headers: { authorization: `Bearer ${tokens.access_token}` },
      payload: { name: 'ci', password: 'patlas-demo' },
    });
    expect((apiToken.json() as Envelope).status).toBe(1);
    expect(apiToken.headers['cache-control']).toBe('no-store');

    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/platform/oauth/refresh/token',
      payload: { refresh_token: tokens.refresh_token },
    });
    expect((refresh.json() as Envelope).status).toBe(1);
    expect(refresh.headers['cache-control']).toBe('no-store');
  });
});

describe.each(dialects)('crowding out is one step (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect);
  });
  afterAll(async () => t.close());

  const liveSessionsOf = async (email: string) => {
    const user = (await t.context.repositories.users.findByEmail(email))!;
    return t.context.repositories.sessions.countLive(
      { userId: user.id, loginType: 'password' },
      new Date().toISOString(),
    );
  };
  const tokenWorks = async (token: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/product/user/menu',
        headers: { authorization: `Bearer ${token}` },
      })
    ).statusCode === 200;

  // The interleaving of concurrent logins depends on when each password hash finishes: several
  // rounds, so that the race the old check-then-write lost shows in (almost) every run.
  const ROUNDS = 5;

  it('leaves exactly one session of concurrent crowding-out logins standing', async () => {
    const email = 'crowd-a@test.local';
    await createAccount(t, email, 'crowd-password');
    for (let round = 0; round < ROUNDS; round += 1) {
      // Four at once: LOGIN_MAX_FAILURES (5) attempts in flight would lock the address.
      const captchas = await Promise.all(Array.from({ length: 4 }, () => captchaFor(t)));
      const answers = await Promise.all(
        captchas.map((captcha) => passwordLogin(t, email, 'crowd-password', { crowdOut: true, captcha })),
      );
      const tokens = answers.map((res) => {
        expect((res.json() as Envelope).status, res.body).toBe(1);
        return (res.json() as Envelope).data.access_token as string;
      });
      expect(await liveSessionsOf(email), `round ${round}`).toBe(1);
      const working = (await Promise.all(tokens.map(tokenWorks))).filter(Boolean);
      expect(working, `round ${round}`).toHaveLength(1);
    }
  });

  it('lets one of concurrent logins without crowding out in, and asks the others', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const email = `crowd-b${round}@test.local`;
      await createAccount(t, email, 'crowd-password');
      const captchas = await Promise.all(Array.from({ length: 4 }, () => captchaFor(t)));
      const answers = await Promise.all(
        captchas.map((captcha) => passwordLogin(t, email, 'crowd-password', { crowdOut: false, captcha })),
      );
      const codes = answers.map((res) => (res.json() as Envelope).data.code ?? 'OK').sort();
      expect(codes, `round ${round}`).toEqual([
        'LOGGED_IN_ELSEWHERE',
        'LOGGED_IN_ELSEWHERE',
        'LOGGED_IN_ELSEWHERE',
        'OK',
      ]);
      expect(await liveSessionsOf(email), `round ${round}`).toBe(1);
    }
  });
});

/** An account with a password and every menu permission, made directly through the repositories. */
async function createAccount(t: TestApp, email: string, password: string): Promise<string> {
  const { repositories } = t.context;
  const tenant = (await repositories.tenants.findByCode('default'))!;
  const role = await repositories.roles.create({ name: `role-${email}`, permissions: MENU_PERMISSIONS });
  const user = await repositories.users.create({
    email,
    fullname: email,
    passwordHash: await hashPassword(password),
    tenantId: tenant.id,
  });
  await repositories.users.setRoles(user.id, [role.id]);
  return user.id;
}

describe.each(dialects)('personal API tokens expire (%s)', (dialect) => {
  let t: TestApp;
  const clock = new TestClock();
  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, { now: clock.now });
  });
  afterAll(async () => t.close());

  const create = (who: { authorization: string }, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/platform/platform/user/token', headers: who, payload });
  const list = async (who: { authorization: string }) =>
    ((await t.app.inject({ method: 'GET', url: '/api/platform/platform/user/token', headers: who })).json() as Envelope)
      .data as unknown as { id: string; expiresAt: string }[];
  const useToken = (token: string) =>
    t.app.inject({ method: 'POST', url: '/api/product/user/info', headers: { authorization: `Bearer ${token}` } });

  it('gives a token the lifetime chosen at creation (default 90 days, at most 365) and refuses it after', async () => {
    const owner = await authHeader(t, MENU_PERMISSIONS);
    const byDefault = await create(owner, { name: 'default' });
    const chosen = await create(owner, { name: 'a week', expiresInDays: 7 });
    const tooLong = await create(owner, { name: 'for ever', expiresInDays: 366 });
    expect([tooLong.statusCode, (tooLong.json() as Envelope).data.code]).toEqual([400, 'VALIDATION_FAILED']);
    const day = 86_400_000;
    const defaultToken = (byDefault.json() as Envelope).data as { token: string; expiresAt: string };
    const weekToken = (chosen.json() as Envelope).data as { id: string; token: string; expiresAt: string };
    expect(Date.parse(defaultToken.expiresAt) - clock.now().getTime()).toBe(90 * day);
    expect(Date.parse(weekToken.expiresAt) - clock.now().getTime()).toBe(7 * day);
    expect((await list(owner)).map((x) => x.expiresAt).sort()).toEqual(
      [defaultToken.expiresAt, weekToken.expiresAt].sort(),
    );

    expect((await useToken(weekToken.token)).statusCode).toBe(200);
    clock.advance(7 * 86_400);
    const expired = await useToken(weekToken.token);
    expect([expired.statusCode, (expired.json() as Envelope).data.code]).toEqual([401, 'API_TOKEN_EXPIRED']);
    expect((await useToken(defaultToken.token)).statusCode).toBe(200);
    // the list shows live tokens only (the owner's session was renewed meanwhile)
    const renewed = await loginAs(t, (await t.context.repositories.users.findById(owner.userId))!.email);
    expect((await list(renewed)).map((x) => x.expiresAt)).toEqual([defaultToken.expiresAt]);
    clock.advance(83 * 86_400);
    expect((await useToken(defaultToken.token)).statusCode).toBe(401);
  });
});

describe.each(dialects)('an e-mail change is confirmed by the new address (%s)', (dialect) => {
  let t: TestApp;
  let mails: MailCatcher;
  beforeAll(async () => {
    mails = await MailCatcher.start();
    t = await buildTestApp(dialect, {
      mail: { smtpUrl: mails.url, from: 'Patlas <no-reply@patlas.test>' },
      publicUrl: 'https://patlas.test',
    });
  });
  afterAll(async () => {
    await t.close();
    await mails.close();
  });

  const linkIn = (text: string) => /https:\/\/patlas\.test\/confirmEmail\?token=([\w-]+)/.exec(text);

  it('mails a link to the new address and a notice to the old one, and changes only when the link is opened', async () => {
    const oldEmail = `owner-${dialect}@old.test`;
    const newEmail = `owner-${dialect}@new.test`;
    const userId = await createAccount(t, oldEmail, 'owner-password');
    const session = await loginAs(t, oldEmail);
    const apiToken = (
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/platform/platform/user/token',
          headers: session,
          payload: { name: 'script', password: 'owner-password' },
        })
      ).json() as Envelope
    ).data.token as string;
    const scriptCall = () =>
      t.app.inject({ method: 'POST', url: '/api/product/user/info', headers: { authorization: `Bearer ${apiToken}` } });

    const sent = mails.mails.length;
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/platform/platform/update/email',
      headers: { ...session, 'accept-language': 'en' },
      payload: { email: newEmail, password: 'owner-password' },
    });
    expect(asked.json()).toEqual({ status: 1, message: '', data: { email: oldEmail, pendingEmail: newEmail } });
    await mails.waitFor(sent + 2);
    const [confirm] = mails.to(newEmail);
    const [notice] = mails.to(oldEmail);
    expect(confirm!.subject).toBe('Patlas: confirm your new e-mail address');
    expect(notice!.subject).toBe('Patlas: a change of your e-mail address was requested');
    expect(notice!.text).toContain(newEmail);
    expect(linkIn(notice!.text)).toBeNull();
    const token = linkIn(confirm!.text)![1]!;

    // Nothing changed yet: the old address signs in, the new one is unknown, the script works.
    expect((await t.context.repositories.users.findById(userId))?.email).toBe(oldEmail);
    expect(((await passwordLogin(t, newEmail, 'owner-password')).json() as Envelope).data.code).toBe('LOGIN_FAILED');
    expect((await scriptCall()).statusCode).toBe(200);
    // The link sets no password.
    const asReset = await t.app.inject({
      method: 'POST',
      url: '/api/platform/oauth/reset/password',
      payload: { token, password: 'hijacked-password' },
    });
    expect((asReset.json() as Envelope).data.code).toBe('EMAIL_LINK_INVALID');

    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/platform/oauth/confirm/email',
      headers: { 'accept-language': 'en' },
      payload: { token },
    });
    expect(confirmed.json()).toEqual({ status: 1, message: '', data: { email: newEmail } });
    expect((await t.context.repositories.users.findById(userId))?.email).toBe(newEmail);
    // The personal API tokens are revoked; the old address is told.
    expect((await scriptCall()).statusCode).toBe(401);
    await mails.waitFor(sent + 3);
    expect(mails.to(oldEmail).map((m) => m.subject)).toEqual([
      'Patlas: a change of your e-mail address was requested',
      'Patlas: your e-mail address was changed',
    ]);
    const again = await t.app.inject({ method: 'POST', url: '/api/platform/oauth/confirm/email', payload: { token } });
    expect([again.statusCode, (again.json() as Envelope).data.code]).toEqual([400, 'EMAIL_CHANGE_LINK_INVALID']);
    const audit = await t.context.services.audit.list({ page: 1, pageSize: 10, userId, action: 'user_update' });
    expect(audit.items.map((e) => (e.detail as { stage?: string } | null)?.stage)).toEqual(
      expect.arrayContaining(['requested', 'confirmed']),
    );
  });
});

describe.each(dialects)('the account pages tell nobody who is registered (%s)', (dialect) => {
  let t: TestApp;
  let mails: MailCatcher;
  beforeAll(async () => {
    mails = await MailCatcher.start();
    t = await buildTestApp(dialect, {
      mail: { smtpUrl: mails.url, from: 'Patlas <no-reply@patlas.test>' },
      publicUrl: 'https://patlas.test',
    });
  });
  afterAll(async () => {
    await t.close();
    await mails.close();
  });

  const register = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/platform/oauth/tryout/account/PCRegister',
      headers: { 'accept-language': 'en' },
      payload: { email, fullname: 'Someone' },
    });
  const forget = (email: string) =>
    t.app.inject({ method: 'GET', url: `/api/platform/oauth/forget/password?email=${encodeURIComponent(email)}` });

  it('answers a registration of a registered address as any other, and mails its holder a notice', async () => {
    const holder = `holder-${dialect}@known.test`;
    await createAccount(t, holder, 'holder-password');
    const sent = mails.mails.length;
    const known = await register(holder.toUpperCase());
    const fresh = await register(`fresh-${dialect}@unknown.test`);
    expect([known.statusCode, known.json()]).toEqual([fresh.statusCode, fresh.json()]);
    expect(known.json()).toEqual({ status: 1, message: '', data: null });
    await mails.waitFor(sent + 2);
    const [notice] = mails.to(holder);
    expect(notice!.subject).toBe('Patlas: this address already has an account');
    // no link that sets a password, and the account is as it was
    expect(notice!.text).not.toContain('token=');
    const user = await t.context.repositories.users.findByEmail(holder);
    expect(user?.fullname).toBe(holder);
  });

  it('answers a forgotten-password request before the mail is sent, so an account takes no longer', async () => {
    const holder = `forgetful-${dialect}@known.test`;
    await createAccount(t, holder, 'holder-password');
    // Counted before asking: the mail goes on after the answer and may arrive before the next line.
    const before = mails.mails.length;
    const unknown = await forget(`nobody-${dialect}@unknown.test`);
    const known = await forget(holder);
    expect([known.statusCode, known.json()]).toEqual([unknown.statusCode, unknown.json()]);
    await mails.waitFor(before + 1);

    // A slow SMTP server (the mail arrives, its answer is withheld): the request is answered anyway,
    // the look-up and the mail going on after it (they used to hold the answer for the SMTP round trip).
    const other = `forgetful2-${dialect}@known.test`;
    await createAccount(t, other, 'holder-password');
    const sent = mails.mails.length;
    const release = mails.hold();
    let mailed: Promise<void>;
    try {
      ({ mailed } = await t.context.services.registration.forgotPassword(other, { lang: 'en', ip: null }));
      await mails.waitFor(sent + 1);
    } finally {
      release();
    }
    await mailed;
    expect(mails.to(other).map((m) => m.subject)).toEqual(['Patlas: reset your password']);
  });
});

describe.each(dialects)('invitations and shares by e-mail are rate-limited per user (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(dialect, {
      auth: { ...testConfig().auth, recipientLookupsPerMinute: 2 },
    });
  });
  afterAll(async () => t.close());

  const call = (who: { authorization: string }, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/product${url}`, headers: who, payload });
  const codeOf = (res: { json(): unknown }) => (res.json() as Envelope).data?.code;

  it('refuses the third look-up of a minute on each route with COSTLY_RATE_LIMITED, per user', async () => {
    const prober = await authHeader(t, MENU_PERMISSIONS);
    const share = (who: { authorization: string }, n: number) =>
      call(who, '/share/insert/sharePatent', { emails: [`probe${n}@unknown.test`], pns: ['CN1234567A'] });
    expect(codeOf(await share(prober, 1))).toBe('EMAIL_NOT_REGISTERED');
    expect(codeOf(await share(prober, 2))).toBe('EMAIL_NOT_REGISTERED');
    const limited = await share(prober, 3);
    expect([limited.statusCode, codeOf(limited)]).toEqual([429, 'COSTLY_RATE_LIMITED']);
    // another user is not held by the prober's count
    const other = await authHeader(t, MENU_PERMISSIONS);
    expect(codeOf(await share(other, 4))).toBe('EMAIL_NOT_REGISTERED');

    const group = ((await call(prober, '/group/insert/group', { name: 'probe group' })).json() as Envelope).data as {
      groupId?: string;
      id?: string;
    };
    const groupId = group.id;
    const invite = (n: number) =>
      call(prober, '/group/insert/groupMember', { groupId, emails: [`probe${n}@unknown.test`] });
    expect(codeOf(await invite(1))).toBe('EMAIL_NOT_REGISTERED');
    expect(codeOf(await invite(2))).toBe('EMAIL_NOT_REGISTERED');
    expect(codeOf(await invite(3))).toBe('COSTLY_RATE_LIMITED');

    // a library's invitations count, its other actions do not
    const libraryInvite = (n: number) =>
      call(prober, '/archive/v2/share', { action: 'invite', folderId: 'no-such', emails: [`probe${n}@unknown.test`] });
    expect(codeOf(await libraryInvite(1))).not.toBe('COSTLY_RATE_LIMITED');
    expect(codeOf(await libraryInvite(2))).not.toBe('COSTLY_RATE_LIMITED');
    expect(codeOf(await libraryInvite(3))).toBe('COSTLY_RATE_LIMITED');
    const members = await call(prober, '/archive/v2/share', { action: 'members', folderId: 'no-such' });
    expect(codeOf(members)).not.toBe('COSTLY_RATE_LIMITED');
  });
});

describe.each(dialects)('websocket tickets (%s)', (dialect) => {
  let t: TestApp;
  const clock = new TestClock();
  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, { now: clock.now });
  });
  afterAll(async () => t.close());

  const ticketOf = async (who: { authorization: string }) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/platform/platform/socket/ticket', headers: who });
    expect(res.headers['cache-control']).toBe('no-store');
    return (res.json() as Envelope).data as { ticket: string; expiresIn: number };
  };
  const redeem = (ticket: string) => t.context.services.sessions.redeemSocketTicket(ticket);

  it('are single use, live 30 s and stand only while the session that asked for them does', async () => {
    const owner = await authHeader(t, MENU_PERMISSIONS);
    const first = await ticketOf(owner);
    expect(first.expiresIn).toBe(30);
    await expect(redeem(first.ticket)).resolves.toMatchObject({ userId: owner.userId, loginType: 'password' });
    await expect(redeem(first.ticket)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });

    const late = await ticketOf(owner);
    clock.advance(31);
    await expect(redeem(late.ticket)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });

    const orphan = await ticketOf(owner);
    await t.app.inject({ method: 'POST', url: '/api/platform/platform/logout', headers: owner });
    await expect(redeem(orphan.ticket)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('are refused to IP visitors, who have no account', async () => {
    const tenant = (await t.context.repositories.tenants.findByCode('default'))!;
    const tokens = await t.context.services.sessions.open({
      userId: null,
      tenantId: tenant.id,
      loginType: 'ip',
      ip: '10.9.9.9',
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/platform/platform/socket/ticket',
      headers: { authorization: `Bearer ${tokens.accessToken}` },
    });
    expect((res.json() as Envelope).data.code).toBe('LOGIN_REQUIRED');
  });
});

describe('the demo account with the published password (issue 41)', () => {
  it('is disabled while the server listens beyond loopback unless allowed, its row untouched', async () => {
    for (const [host, allowExposedDemo, blocked] of [
      ['0.0.0.0', false, true],
      ['192.0.2.10', false, true],
      ['0.0.0.0', true, false],
      ['127.0.0.1', false, false],
      ['::1', false, false],
      ['localhost', false, false],
    ] as const) {
      const t = await buildTestApp('sqlite', {
        host,
        auth: { ...testConfig().auth, demoPassword: PUBLISHED_DEMO_PASSWORD, allowExposedDemo },
      });
      try {
        expect(t.demoAccount, host).toMatchObject({ email: DEMO_EMAIL, blocked });
        const login = (await passwordLogin(t, DEMO_EMAIL, PUBLISHED_DEMO_PASSWORD)).json() as Envelope;
        if (blocked) {
          expect(login.data.code, host).toBe('DEMO_ACCOUNT_DISABLED');
          // A session or API token of an earlier run stops working too.
          const session = await loginAs(t, DEMO_EMAIL);
          const info = await t.app.inject({ method: 'POST', url: '/api/product/user/info', headers: session });
          expect(info.statusCode).toBe(401);
          expect(demoAccountWarning(t.demoAccount!, host)).toContain('PATLAS_ALLOW_DEMO_ACCOUNTS=true');
        } else {
          expect(login.status, `${host} ${JSON.stringify(login)}`).toBe(1);
          expect(demoAccountWarning(t.demoAccount!, host)).toContain('Anyone who can reach this server');
        }
        // The account row is untouched: a start on loopback allows it again.
        expect((await t.context.repositories.users.findByEmail(DEMO_EMAIL))?.disabled).toBe(0);
      } finally {
        await t.close();
      }
    }
  });

  it('is left alone once its password is not the published one', async () => {
    const t = await buildTestApp('sqlite', {
      host: '0.0.0.0',
      auth: { ...testConfig().auth, demoPassword: 'a-private-demo-password' },
    });
    try {
      expect(t.demoAccount).toBeUndefined();
      expect(((await passwordLogin(t, DEMO_EMAIL, 'a-private-demo-password')).json() as Envelope).status).toBe(1);
    } finally {
      await t.close();
    }
  });
});

describe('the distorted captcha (CAPTCHA_STYLE, issue 41)', () => {
  it('draws a raster image without glyph paths when chosen; the SVG stays the default; the test hook works', async () => {
    const byDefault = await buildTestApp('sqlite');
    const distorted = await buildTestApp('sqlite', { auth: { ...testConfig().auth, captchaStyle: 'distorted' } });
    try {
      const svg = (await captchaImageOf(byDefault)).image;
      expect(svg.startsWith('data:image/svg+xml;base64,')).toBe(true);

      const { image } = await captchaImageOf(distorted);
      expect(image.startsWith('data:image/png;base64,')).toBe(true);
      const png = Buffer.from(image.slice('data:image/png;base64,'.length), 'base64');
      expect(png.toString('latin1')).not.toMatch(/<svg|<path/);
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 160, 70]);
      // Noise: far more colours than the glyphs' and the background's.
      const { data } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      const colours = new Set<number>();
      for (let i = 0; i + 2 < data.length; i += 3) colours.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
      expect(colours.size).toBeGreaterThan(200);

      // The login works with it, through the test hook as before.
      await setPassword(distorted, DEMO_EMAIL, 'patlas-demo');
      expect(((await passwordLogin(distorted, DEMO_EMAIL, 'patlas-demo')).json() as Envelope).status).toBe(1);
    } finally {
      await byDefault.close();
      await distorted.close();
    }
  });
});

async function captchaImageOf(t: TestApp): Promise<{ uuid: string; image: string }> {
  const res = await t.app.inject({ method: 'GET', url: '/api/platform/oauth/captcha' });
  return (res.json() as { data: { uuid: string; image: string } }).data;
}

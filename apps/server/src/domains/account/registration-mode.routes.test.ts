import { TRIAL_PERMISSIONS } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, passwordLogin, reachableDialects, type TestUser } from '../../../test/helpers.js';
import { MailCatcher, type CaughtMail } from '../../../test/mail-catcher.js';
import { ALL_FEATURES_ROLE_NAME, TRIAL_ROLE_NAME } from '../auth/index.js';

const dialects = await reachableDialects();
const PUBLIC_URL = 'https://patlas.example.org';

function tokenOf(mail: CaughtMail | undefined): string {
  const match = /https:\/\/patlas\.example\.org\/resetPassword\?(\S+)/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no link in mail: ${mail?.text}`);
  return new URLSearchParams(match[1]).get('token') ?? '';
}

/**
 * Issue 43: self-registration is a system setting — open (every feature at once, the default),
 * approval (an operator approves the account before it can log in) or trial (the trial role).
 */
describe.each(dialects)('registration modes on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let smtp: MailCatcher;
  let operator: TestUser;

  beforeAll(async () => {
    smtp = await MailCatcher.start();
    t = await buildTestApp(dialect, {
      mail: { smtpUrl: smtp.url, from: 'Patlas <no-reply@patlas.example.org>' },
      publicUrl: PUBLIC_URL,
    });
    operator = await authHeader(t);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const sys = (method: 'GET' | 'PUT' | 'PATCH', url: string, payload?: unknown, who: TestUser = operator) =>
    t.app.inject({
      method,
      url: `/api/product/sys${url}`,
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
      headers: { authorization: who.authorization },
    });
  /** Registers, opens the mailed link and sets a password, as a new user does. */
  const registerAndActivate = async (email: string, password: string) => {
    const before = smtp.mails.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/platform/oauth/tryout/account/PCRegister',
      payload: { email, fullname: 'New' },
    });
    expect(res.json(), res.body).toMatchObject({ status: 1 });
    await smtp.waitFor(before + 1);
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/platform/oauth/reset/password',
      payload: { token: tokenOf(smtp.to(email).at(-1)), password },
    });
    expect(set.json(), set.body).toMatchObject({ status: 1 });
    return (await t.context.repositories.users.findByEmail(email))!;
  };

  it('is open by default: the account logs in with every feature', async () => {
    expect((await sys('GET', '/settings/registration')).json()).toMatchObject({ status: 1, data: { mode: 'open' } });
    const user = await registerAndActivate('open-mode@example.com', 'password-open-1');
    const allFeatures = await t.context.repositories.roles.findByName(ALL_FEATURES_ROLE_NAME);
    expect(await t.context.repositories.users.roleIdsOf(user.id)).toEqual([allFeatures!.id]);
    expect((await passwordLogin(t, 'open-mode@example.com', 'password-open-1')).json()).toMatchObject({ status: 1 });
  });

  it('in approval mode refuses the login in the user’s language until an operator approves the account', async () => {
    const set = await sys('PUT', '/settings/registration', { mode: 'approval' });
    expect(set.json()).toMatchObject({ status: 1, data: { mode: 'approval' } });
    expect((await sys('GET', '/settings/registration')).json().data).toEqual({ mode: 'approval' });
    const user = await registerAndActivate('approval-mode@example.com', 'password-appr-1');

    const refused = await passwordLogin(t, 'approval-mode@example.com', 'password-appr-1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      status: 0,
      message: '账号正在等待管理员审核，审核通过后即可登录',
      data: { code: 'ACCOUNT_AWAITING_APPROVAL' },
    });
    const english = await passwordLogin(t, 'approval-mode@example.com', 'password-appr-1', {
      headers: { 'accept-language': 'en' },
    });
    expect(english.json().message).toBe(
      'Your account is awaiting approval by an administrator; you can log in once it is approved',
    );

    // The operators' list shows it awaiting approval; approving lets it in.
    const listed = (await sys('GET', '/users?keyword=approval-mode')).json().data.items;
    expect(listed).toMatchObject([{ userId: user.id, awaitingApproval: true }]);
    const approved = await sys('PATCH', `/users/${user.id}`, { approved: true });
    expect(approved.json()).toMatchObject({ status: 1, data: { awaitingApproval: false } });
    expect((await passwordLogin(t, 'approval-mode@example.com', 'password-appr-1')).json()).toMatchObject({
      status: 1,
    });
    // Audited.
    const audit = await t.context.services.audit.list({ page: 1, pageSize: 10, action: 'settings_change' });
    expect(audit.items[0]?.detail).toMatchObject({ setting: 'registration_mode', after: 'approval' });
  });

  it('in trial mode gives the trial role only', async () => {
    await sys('PUT', '/settings/registration', { mode: 'trial' });
    const user = await registerAndActivate('trial-mode@example.com', 'password-trial-1');
    const trial = await t.context.repositories.roles.findByName(TRIAL_ROLE_NAME);
    expect(JSON.parse(trial!.permissions)).toEqual([...TRIAL_PERMISSIONS]);
    expect(await t.context.repositories.users.roleIdsOf(user.id)).toEqual([trial!.id]);
    const login = await passwordLogin(t, 'trial-mode@example.com', 'password-trial-1');
    expect(login.json()).toMatchObject({ status: 1 });
    await sys('PUT', '/settings/registration', { mode: 'open' });
  });

  it('lets only operators read or change the setting, and refuses an unknown mode', async () => {
    const user = await authHeader(t, ['/search/result']);
    expect((await sys('GET', '/settings/registration', undefined, user)).statusCode).toBe(403);
    expect((await sys('PUT', '/settings/registration', { mode: 'open' }, user)).statusCode).toBe(403);
    expect((await sys('PUT', '/settings/registration', { mode: 'everyone' })).json()).toMatchObject({ status: 0 });
  });
});

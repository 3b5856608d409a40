import path from 'node:path';
import { EMAIL_LINK_TTL_SECONDS, MAIL_RESEND_INTERVAL_SECONDS } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, loginAs, passwordLogin, reachableDialects, TestClock } from '../../../test/helpers.js';
import { MailCatcher, type CaughtMail } from '../../../test/mail-catcher.js';
import { AppError } from '../../errors.js';
import { verifyPassword, ALL_FEATURES_ROLE_NAME } from '../auth/index.js';
import { createMailer } from '../../mail/mailer.js';
import { MailThrottle } from '../../mail/mail-throttle.js';
import { RegistrationService } from './registration.service.js';

const dialects = await reachableDialects();

const PUBLIC_URL = 'https://patlas.example.org';
/** Within the 50-character limit, so it is stored rather than refused. */
const HOSTILE_NAME = `Robert');DROP TABLE users;--<script>x</script>`;

function linkTokenOf(mail: CaughtMail | undefined): { token: string; mode: string | null } {
  const match = /https:\/\/patlas\.example\.org\/resetPassword\?(\S+)/.exec(mail?.text ?? '');
  if (!match) throw new Error(`no link in mail: ${mail?.text}`);
  const query = new URLSearchParams(match[1]);
  return { token: query.get('token') ?? '', mode: query.get('mode') };
}

describe.each(dialects)('registration and password reset on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let smtp: MailCatcher;
  const clock = new TestClock();

  beforeAll(async () => {
    smtp = await MailCatcher.start();
    t = await buildTestApp(
      dialect,
      { mail: { smtpUrl: smtp.url, from: 'Patlas <no-reply@patlas.example.org>' }, publicUrl: PUBLIC_URL },
      { now: clock.now },
    );
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const register = (payload: Record<string, unknown>, lang?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/platform/oauth/tryout/account/PCRegister',
      payload,
      ...(lang ? { headers: { 'accept-language': lang } } : {}),
    });
  const reset = (token: string, password: string, lang?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/platform/oauth/reset/password',
      payload: { token, password },
      ...(lang ? { headers: { 'accept-language': lang } } : {}),
    });
  const forget = (email: string) =>
    t.app.inject({ method: 'GET', url: `/api/platform/oauth/forget/password?email=${encodeURIComponent(email)}` });

  it('registers without a password, mails a one-time link, and the link sets a password that logs in', async () => {
    const before = smtp.mails.length;
    const response = await register({ email: 'New.User@Example.com', fullname: '张三', organisation: '浙江大学' });
    expect(response.json()).toEqual({ status: 1, message: '', data: null });
    await smtp.waitFor(before + 1);

    const mail = smtp.to('new.user@example.com').at(-1);
    expect(mail?.from).toBe('no-reply@patlas.example.org');
    expect(mail?.subject).toBe('Patlas 账号激活：请设置密码');
    expect(mail?.text).toContain('张三，您好');
    const { token, mode } = linkTokenOf(mail);
    expect(mode).toBe('register');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const user = await t.context.repositories.users.findByEmail('new.user@example.com');
    expect(user?.password_hash).toBeNull();
    expect(user?.fullname).toBe('张三');
    const tenant = await t.context.repositories.tenants.findById(user!.tenant_id);
    expect(tenant?.code).toBe('default');
    const allFeatures = await t.context.repositories.roles.findByName(ALL_FEATURES_ROLE_NAME);
    expect(await t.context.repositories.users.roleIdsOf(user!.id)).toEqual([allFeatures!.id]);
    // Not activated yet: the login refuses it like a wrong password.
    expect((await passwordLogin(t, 'new.user@example.com', 'first-password-1')).json()).toMatchObject({
      status: 0,
      data: { code: 'LOGIN_FAILED' },
    });

    // Only the hash of the token is stored.
    const stored = await t.context.database.db.selectFrom('email_links').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    expect((await reset(token, 'first-password-1')).json()).toEqual({ status: 1, message: '', data: null });
    const activated = await t.context.repositories.users.findByEmail('new.user@example.com');
    expect(await verifyPassword(activated!.password_hash!, 'first-password-1')).toBe(true);
    expect((await passwordLogin(t, 'New.User@example.com', 'first-password-1')).json()).toMatchObject({ status: 1 });

    const audit = await t.context.services.audit.list({ page: 1, pageSize: 20, action: 'register', userId: user!.id });
    expect(audit.items.map((e) => e.detail['stage']).sort()).toEqual(['activated', 'created']);
    expect(audit.items.find((e) => e.detail['stage'] === 'created')?.detail['organisation']).toBe('浙江大学');
  });

  it('refuses a used link, in Chinese by default and in English on request', async () => {
    const count = smtp.mails.length;
    await register({ email: 'reuse@example.com', fullname: 'Reuse' });
    await smtp.waitFor(count + 1);
    const { token } = linkTokenOf(smtp.to('reuse@example.com').at(-1));
    expect((await reset(token, 'password-one-1')).statusCode).toBe(200);

    const again = await reset(token, 'password-two-2');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      status: 0,
      message: '链接已使用过，每个链接只能使用一次；如需再次设置密码，请重新申请找回密码',
      data: { code: 'EMAIL_LINK_USED' },
    });
    expect((await reset(token, 'password-two-2', 'en-US,en;q=0.9')).json().message).toBe(
      'This link has already been used (each link works once); request a new one with "Forgot password" if needed',
    );
    const user = await t.context.repositories.users.findByEmail('reuse@example.com');
    expect(await verifyPassword(user!.password_hash!, 'password-one-1')).toBe(true);
  });

  it('answers an activated address as a new one (issue 41) and mails its holder a notice, no link', async () => {
    const before = smtp.mails.length;
    // A minute after the previous test's mails to the same address (re-sends are capped).
    clock.advance(MAIL_RESEND_INTERVAL_SECONDS);
    const response = await register({ email: 'REUSE@example.com', fullname: 'Someone else' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 1, message: '', data: null });
    const user = await t.context.repositories.users.findByEmail('reuse@example.com');
    expect(user?.fullname).toBe('Reuse');
    await smtp.waitFor(before + 1);
    expect(smtp.mails.at(-1)?.subject).toBe('Patlas：该邮箱已有账号');
    expect(smtp.mails.at(-1)?.text).not.toContain('token=');
  });

  it('sends a fresh link to an address that registered but never set a password; the older link stops working', async () => {
    const before = smtp.mails.length;
    await register({ email: 'twice@example.com', fullname: 'Twice' });
    await smtp.waitFor(before + 1);
    const first = linkTokenOf(smtp.to('twice@example.com').at(-1)).token;
    const count = smtp.mails.length;
    clock.advance(MAIL_RESEND_INTERVAL_SECONDS);
    expect((await register({ email: 'twice@example.com', fullname: 'Twice' })).json()).toMatchObject({ status: 1 });
    await smtp.waitFor(count + 1);
    const second = linkTokenOf(smtp.to('twice@example.com').at(-1)).token;
    expect(second).not.toBe(first);

    expect((await reset(first, 'password-first')).json()).toMatchObject({ data: { code: 'EMAIL_LINK_INVALID' } });
    expect((await reset(second, 'password-second')).json()).toMatchObject({ status: 1 });
  });

  it('answers a forgotten-password request the same for an unknown address and sends nothing', async () => {
    const before = smtp.mails.length;
    const unknown = await forget('nobody@example.com');
    const known = await forget('reuse@example.com');
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.json()).toEqual({ status: 1, message: '', data: null });
    await smtp.waitFor(before + 1);
    await new Promise((r) => setTimeout(r, 50));
    expect(smtp.mails.length).toBe(before + 1);
    expect(smtp.to('nobody@example.com')).toHaveLength(0);
    expect(smtp.mails.at(-1)?.subject).toBe('Patlas 找回密码：请设置新密码');
  });

  it('resets a password from the mailed link and ends every session of the account', async () => {
    const session = await loginAs(t, 'reuse@example.com');
    const info = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/product/user/info',
        headers: { authorization: session.authorization },
      });
    expect((await info()).statusCode).toBe(200);

    const count = smtp.mails.length;
    // A minute after the previous test's request for the same address (re-sends are capped).
    clock.advance(MAIL_RESEND_INTERVAL_SECONDS);
    await forget('Reuse@Example.com');
    await smtp.waitFor(count + 1);
    const { token, mode } = linkTokenOf(smtp.to('reuse@example.com').at(-1));
    expect(mode).toBeNull();
    expect((await reset(token, 'a-new-password-3')).json()).toMatchObject({ status: 1 });

    expect((await info()).statusCode).toBe(401);
    const user = await t.context.repositories.users.findByEmail('reuse@example.com');
    expect(await verifyPassword(user!.password_hash!, 'a-new-password-3')).toBe(true);
    const audit = await t.context.services.audit.list({
      page: 1,
      pageSize: 5,
      action: 'password_reset',
      userId: user!.id,
    });
    expect(audit.items).toHaveLength(1);
  });

  it('refuses an unknown token and a too-short password', async () => {
    expect((await reset('not-a-real-token', 'long-enough-1')).json()).toMatchObject({
      status: 0,
      message: '链接无效，请重新申请找回密码',
      data: { code: 'EMAIL_LINK_INVALID' },
    });
    const short = await reset('whatever', 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ data: { code: 'VALIDATION_FAILED', field: 'password' } });
  });

  it('writes the registration mail in English for an English browser', async () => {
    const count = smtp.mails.length;
    await register({ email: 'english@example.com', fullname: 'Ada' }, 'en');
    await smtp.waitFor(count + 1);
    const mail = smtp.to('english@example.com').at(-1);
    expect(mail?.subject).toBe('Patlas: activate your account');
    expect(mail?.text).toContain('Hello Ada,');
  });

  it('stores a trial application verbatim and acknowledges it by mail with a Chinese subject', async () => {
    const count = smtp.mails.length;
    const query = new URLSearchParams({
      email: 'Trial@Example.com',
      fullname: HOSTILE_NAME,
      organisation: `' OR 1=1; --`,
      phone: '+86 138 0000 0000',
      purpose: '<img src=x onerror=alert(1)> 用于专利检索评估',
    });
    const response = await t.app.inject({ method: 'GET', url: `/api/platform/oauth/apply/tryout?${query}` });
    expect(response.json()).toEqual({ status: 1, message: '', data: null });
    await smtp.waitFor(count + 1);

    const mail = smtp.to('trial@example.com').at(-1);
    expect(mail?.subject).toBe('Patlas 试用申请已收到');
    // RFC 2047 on the wire, Chinese once decoded.
    expect(mail?.raw).toMatch(/^Subject: =\?UTF-8\?[BQ]\?/im);
    expect(mail?.text).toContain(HOSTILE_NAME);
    expect(mail?.html).not.toContain('<script>');
    expect(mail?.html).toContain('&#60;script&#62;');

    const { items, total } = await t.context.repositories.tryouts.list(1, 10);
    expect(total).toBe(1);
    expect(items[0]).toMatchObject({
      email: 'trial@example.com',
      fullname: HOSTILE_NAME,
      organisation: `' OR 1=1; --`,
      phone: '+86 138 0000 0000',
      purpose: '<img src=x onerror=alert(1)> 用于专利检索评估',
    });
    // The users table is still there.
    expect(await t.context.repositories.users.findByEmail('reuse@example.com')).toBeDefined();
  });

  it('re-sends a registration link to one address at most once a minute and 5 times an hour, answered with a code', async () => {
    const sent = () => smtp.to('resend@example.com').length;
    const before = smtp.mails.length;
    expect((await register({ email: 'resend@example.com', fullname: 'Resend' })).json()).toMatchObject({ status: 1 });
    await smtp.waitFor(before + 1);

    const soon = await register({ email: 'Resend@Example.com', fullname: 'Resend' });
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toMatchObject({
      status: 0,
      message: '邮件刚刚已发送到该邮箱，请 60 秒后再试',
      data: { code: 'MAIL_RESEND_TOO_SOON' },
    });
    clock.advance(30);
    expect((await register({ email: 'resend@example.com', fullname: 'Resend' }, 'en')).json().message).toBe(
      'An e-mail was just sent to this address; please try again in 30 s',
    );
    // A minute apart, 5 in the hour; the sixth waits for the first to leave the hour.
    clock.advance(30);
    for (let n = 2; n <= 5; n++) {
      expect((await register({ email: 'resend@example.com', fullname: 'Resend' })).json()).toMatchObject({ status: 1 });
      await smtp.waitFor(before + n);
      clock.advance(MAIL_RESEND_INTERVAL_SECONDS);
    }
    const sixth = await register({ email: 'resend@example.com', fullname: 'Resend' });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({
      message: '该邮箱一小时内收到的邮件已达 5 封，请 55 分钟后再试',
      data: { code: 'MAIL_RESEND_LIMIT' },
    });
    expect(sent()).toBe(5);
  });

  it('acknowledges a trial application at most once a minute per address; the refused one is not stored', async () => {
    const apply = (email: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/platform/oauth/apply/tryout?${new URLSearchParams({ email, fullname: 'Trial' }).toString()}`,
      });
    const { total } = await t.context.repositories.tryouts.list(1, 1);
    const before = smtp.mails.length;
    expect((await apply('again@example.com')).json()).toMatchObject({ status: 1 });
    await smtp.waitFor(before + 1);
    const again = await apply('AGAIN@example.com');
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ status: 0, data: { code: 'MAIL_RESEND_TOO_SOON' } });
    expect((await t.context.repositories.tryouts.list(1, 1)).total).toBe(total + 1);
    expect(smtp.to('again@example.com')).toHaveLength(1);
  });

  it('answers a repeated forgotten-password request the same, and mails it once a minute', async () => {
    // english@example.com registered above and never set a password: each mail is a registration link.
    const links = () => smtp.to('english@example.com').filter((m) => m.subject === 'Patlas 账号激活：请设置密码');
    const before = smtp.mails.length;
    const first = await forget('english@example.com');
    const second = await forget('English@example.com');
    expect(second.json()).toEqual(first.json());
    await smtp.waitFor(before + 1);
    expect(links()).toHaveLength(1);
    clock.advance(MAIL_RESEND_INTERVAL_SECONDS);
    await forget('english@example.com');
    await smtp.waitFor(before + 2);
    expect(links()).toHaveLength(2);
  });

  it('counts a registration link mailed from the forgotten-password page against the registration caps (issue 41)', async () => {
    const links = () => smtp.to('twopaths@example.com');
    const before = smtp.mails.length;
    expect((await register({ email: 'twopaths@example.com', fullname: 'Two paths' })).json()).toMatchObject({
      status: 1,
    });
    await smtp.waitFor(before + 1);
    // The account has no password yet: the reset page would mail the registration link again, at once.
    const forgotten = await forget('twopaths@example.com');
    expect(forgotten.json()).toMatchObject({ status: 1 });
    // Its look-up runs after the answer: let it end (refused) before the clock moves on, or it
    // would reserve at the later time and race the next request's reservation.
    await t.context.services.registration.settled();
    clock.advance(MAIL_RESEND_INTERVAL_SECONDS);
    await forget('twopaths@example.com');
    await smtp.waitFor(before + 2);
    // Two mails: the registration and the link a minute later; the one asked at once was not sent.
    expect(links()).toHaveLength(2);
    expect(links().every((m) => m.subject === 'Patlas 账号激活：请设置密码')).toBe(true);
    // And the other way round: registering right after the reset page mailed the link waits its minute.
    const soon = await register({ email: 'twopaths@example.com', fullname: 'Two paths' });
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toMatchObject({ data: { code: 'MAIL_RESEND_TOO_SOON' } });
    expect(links()).toHaveLength(2);
  });

  it('stores a hostile name at registration verbatim', async () => {
    await register({ email: 'hostile@example.com', fullname: HOSTILE_NAME, organisation: `x'; DELETE FROM roles;--` });
    expect((await t.context.repositories.users.findByEmail('hostile@example.com'))?.fullname).toBe(HOSTILE_NAME);
    expect(await t.context.repositories.roles.findByName(ALL_FEATURES_ROLE_NAME)).toBeDefined();
  });

  it('answers oversize and malformed fields with 400 naming the field', async () => {
    const longName = await register({ email: 'long@example.com', fullname: 'x'.repeat(51) });
    expect(longName.statusCode).toBe(400);
    expect(longName.json()).toMatchObject({ status: 0, data: { code: 'VALIDATION_FAILED', field: 'fullname' } });
    expect(longName.json().message).toContain('fullname');
    expect(await t.context.repositories.users.findByEmail('long@example.com')).toBeUndefined();

    const badEmail = await register({ email: 'not-an-email', fullname: 'x' });
    expect(badEmail.json()).toMatchObject({ data: { code: 'VALIDATION_FAILED', field: 'email' } });

    const query = new URLSearchParams({ email: 'p@example.com', fullname: 'P', purpose: '用'.repeat(501) });
    const longPurpose = await t.app.inject({ method: 'GET', url: `/api/platform/oauth/apply/tryout?${query}` });
    expect(longPurpose.statusCode).toBe(400);
    expect(longPurpose.json()).toMatchObject({ data: { code: 'VALIDATION_FAILED', field: 'purpose' } });

    const longOrg = await register({ email: 'o@example.com', fullname: 'O', organisation: 'o'.repeat(201) });
    expect(longOrg.json()).toMatchObject({ data: { code: 'VALIDATION_FAILED', field: 'organisation' } });
  });

  it('answers MAIL_SEND_FAILED when the SMTP server is unreachable; registering again sends a fresh link', async () => {
    const { config, repositories, services } = t.context;
    const mailer = createMailer(
      { smtpUrl: 'smtp://127.0.0.1:1', from: 'x@example.org', outboxDir: path.join(config.dataDir, 'outbox') },
      t.app.log,
    );
    const offline = new RegistrationService({
      accounts: repositories.accounts,
      links: repositories.emailLinks,
      tryouts: repositories.tryouts,
      settings: repositories.registrationSettings,
      audit: services.audit,
      sessions: services.sessions,
      mailer,
      throttle: new MailThrottle(repositories.mailSends, clock.now),
      publicUrl: config.publicUrl,
      now: clock.now,
      log: t.app.log,
    });
    const error = await offline
      .register({ email: 'offline@example.com', fullname: 'Offline' }, { lang: 'zh', ip: null })
      .catch((e: unknown) => e);
    mailer.close();
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('MAIL_SEND_FAILED');

    const count = smtp.mails.length;
    expect((await register({ email: 'offline@example.com', fullname: 'Offline' })).json()).toMatchObject({ status: 1 });
    await smtp.waitFor(count + 1);
    expect(smtp.to('offline@example.com')).toHaveLength(1);
  });

  // Moves the shared clock: keep it last.
  it('refuses a link after EMAIL_LINK_TTL_SECONDS', async () => {
    const count = smtp.mails.length;
    await register({ email: 'late@example.com', fullname: 'Late' });
    await smtp.waitFor(count + 1);
    const { token } = linkTokenOf(smtp.to('late@example.com').at(-1));

    clock.advance(EMAIL_LINK_TTL_SECONDS + 1);
    const response = await reset(token, 'too-late-password');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      status: 0,
      message: '链接已过期，请重新申请找回密码',
      data: { code: 'EMAIL_LINK_EXPIRED' },
    });
    expect((await reset(token, 'too-late-password', 'en')).json().message).toBe(
      'This link has expired; please request a new one with "Forgot password"',
    );
    expect((await t.context.repositories.users.findByEmail('late@example.com'))?.password_hash).toBeNull();
  });
});

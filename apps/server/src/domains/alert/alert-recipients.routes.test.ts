import { ALERT_CONFIRMATION_TTL_SECONDS, ALL_PERMISSIONS, type Alert, type AlertInput } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  buildTestApp,
  loginAs,
  productCalls,
  reachableDialects,
  TestClock,
  type AuthHeader,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.js';
import { MailCatcher, type CaughtMail } from '../../../test/mail-catcher.js';

const dialects = await reachableDialects();

const CONFIRM_SUBJECT = 'Patlas 专利预警：请确认接收邮箱';
/** Fixed: the alert's name (the owner's text) is never part of it. */
const ALERT_SUBJECTS = ['Patlas 专利预警：有新的检索结果', 'Patlas alert: new results'];
/** The owner's text, made to look like a link: it must never reach a subject, nor the HTML as markup. */
const HOSTILE_NAME = '<a href="https://evil.example/login">领取奖励</a> https://evil.example';

/** The confirmation link of a mail, as a path on the test app. */
function linkOf(mail: CaughtMail | undefined): string {
  const match = /https:\/\/patlas\.example(\/api\/product\/warn\/recipient\/confirm\?token=[A-Za-z0-9_-]+)/.exec(
    mail?.text ?? '',
  );
  if (!match) throw new Error(`no confirmation link in: ${mail?.text}`);
  return match[1]!;
}
const tokenOf = (link: string) => new URL(`https://x${link}`).searchParams.get('token')!;

/**
 * Issue 41, part A: alerts mail only the owner's address and addresses their holder confirmed
 * (double opt-in), one mail each under a fixed subject; an account's alerts and confirmation
 * mails are capped; a disabled owner's, or one without /warning, mail nothing; a failed mail
 * tells the owner no internal host. Real SMTP (smtp-server) throughout.
 */
describe.each(dialects)('alert recipients, caps and owners (%s)', (dialect) => {
  let t: TestApp;
  let mails: MailCatcher;
  let isSmtpOpen = true;
  const clock = new TestClock(Date.parse('2026-01-15T08:00:00.000Z'));
  let caller: TestUser;
  const { call, okData, fails } = productCalls(
    () => t,
    () => caller,
  );
  const patentsAlert = (overrides: Partial<AlertInput> = {}): AlertInput => ({
    name: '组合监控',
    type: 'patents',
    content: { publicationNumbers: ['CN110000001A'] },
    schedule: { frequency: 'weekly', weekday: 1, time: '09:00', timeZone: 'Asia/Shanghai' },
    recipients: [],
    // A run mails even when nothing changed: no corpus is needed to see who is mailed.
    noUpdateNoMail: false,
    ...overrides,
  });
  const add = async (who: AuthHeader, input: AlertInput) =>
    ((await okData('/warn/addWarnInfo', input, who)) as { alert: Alert }).alert;
  const listed = async (who: AuthHeader, id: string) =>
    ((await okData('/warn/getWarnList', {}, who)).items as Alert[]).find((a) => a.id === id)!;
  /** The alerts made due now, and the scheduler's work done (what the alert-schedule job runs each minute). */
  const runNow = async (...ids: string[]) => {
    for (const id of ids) {
      await t.context.repositories.alerts.update(id, {
        next_run_at: new Date(clock.now().getTime() - 60_000).toISOString(),
      });
    }
    await t.context.services.alerts.tick();
  };
  const alertMails = () => mails.mails.filter((m) => ALERT_SUBJECTS.includes(m.subject));
  const lastRun = async (alertId: string) => (await t.context.repositories.alerts.pageRuns(alertId, 1, 1)).rows[0]!;
  const confirmByForm = (link: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/product/warn/recipient/confirm',
      payload: `token=${encodeURIComponent(tokenOf(link))}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'zh' },
    });

  beforeAll(async () => {
    mails = await MailCatcher.start();
    t = await buildTestApp(
      dialect,
      {
        mail: { smtpUrl: mails.url, from: 'Patlas <alerts@patlas.test>' },
        publicUrl: 'https://patlas.example',
        alerts: { maxPerUser: 3, confirmationsPerDay: 4 },
      },
      { now: clock.now },
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    if (isSmtpOpen) await mails?.close();
  });

  it("mails only the owner's address and confirmed ones, one mail each under a fixed subject; an unconfirmed address gets its confirmation mail alone", async () => {
    const owner = await authHeader(t);
    const before = mails.mails.length;
    const alert = await add(
      owner,
      patentsAlert({ name: HOSTILE_NAME, recipients: [owner.email, 'Pending@Example.com', 'confirmed@example.com'] }),
    );
    expect(alert.recipients).toEqual([owner.email, 'Pending@Example.com', 'confirmed@example.com']);
    expect(alert.recipientStates).toEqual([
      { email: owner.email, state: 'own' },
      { email: 'Pending@Example.com', state: 'pending' },
      { email: 'confirmed@example.com', state: 'pending' },
    ]);
    // A confirmation mail to each address that is not the owner's, naming the owner by account address only.
    await mails.waitFor(before + 2);
    expect(mails.mails).toHaveLength(before + 2);
    expect(mails.to(owner.email)).toHaveLength(0);
    const [asked] = mails.to('confirmed@example.com');
    expect(asked!.subject).toBe(CONFIRM_SUBJECT);
    expect(asked!.text).toContain(owner.email);
    expect(asked!.text).not.toContain('evil.example');

    // Opening the link asks; it confirms nothing (mail scanners open links too).
    const link = linkOf(asked);
    const page = await t.app.inject({ method: 'GET', url: link, headers: { 'accept-language': 'zh' } });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body).toContain('<form method="post" action="/api/product/warn/recipient/confirm">');
    expect(page.body).toContain(owner.email);
    expect((await listed(owner, alert.id)).recipientStates[2]).toEqual({
      email: 'confirmed@example.com',
      state: 'pending',
    });
    // The page's button confirms.
    const confirmed = await confirmByForm(link);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('data-state="confirmed"');
    expect((await listed(owner, alert.id)).recipientStates.map((r) => r.state)).toEqual([
      'own',
      'pending',
      'confirmed',
    ]);

    const sent = mails.mails.length;
    await runNow(alert.id);
    await mails.waitFor(sent + 2);
    const delivered = alertMails();
    expect(delivered.map((m) => m.to)).toEqual(expect.arrayContaining([[owner.email], ['confirmed@example.com']]));
    expect(delivered).toHaveLength(2);
    for (const mail of delivered) {
      expect(mail.subject).toBe('Patlas 专利预警：有新的检索结果');
      // Its own To: header, naming no other recipient.
      expect(mail.raw).toMatch(new RegExp(`^To: ${mail.to[0]!.replace(/[.]/g, '\\.')}\\r?$`, 'm'));
      expect(mail.raw).not.toMatch(/pending@example\.com/i);
      // The name in the body, as text: escaped in the HTML part.
      expect(mail.html).toContain('&lt;a href=&quot;https://evil.example/login&quot;&gt;');
      expect(mail.html).not.toContain('<a href="https://evil.example');
    }
    expect(new Set(delivered.map((m) => /^Message-ID:\s*(\S+)/im.exec(m.raw)?.[1])).size).toBe(2);
    // The unconfirmed address got nothing but its confirmation.
    expect(mails.to('pending@example.com').map((m) => m.subject)).toEqual([CONFIRM_SUBJECT]);
    expect((await lastRun(alert.id)).mail_state).toBe('sent');
  });

  it("caps an account's alerts and its confirmation mails per day, and each address's confirmations, in zh and en", async () => {
    caller = await authHeader(t);
    for (let i = 0; i < 3; i++) await add(caller, patentsAlert({ name: `监控 ${i}`, recipients: [caller.email] }));
    const refused = await fails(
      '/warn/addWarnInfo',
      patentsAlert({ recipients: [caller.email] }),
      'ALERT_LIMIT_REACHED',
    );
    expect(refused.message).toBe('每个账号最多设置 3 个预警，请先删除不再需要的预警');
    const en = await fails(
      '/warn/addWarnInfo',
      patentsAlert({ recipients: [caller.email] }),
      'ALERT_LIMIT_REACHED',
      caller,
      'en',
    );
    expect(en.message).toBe('An account may have at most 3 alerts; delete one you no longer need first');
    expect((await okData('/warn/getWarnList', {})).total).toBe(3);

    // 4 confirmation mails a day (this app's ALERT_CONFIRMATIONS_PER_DAY); the fifth address is refused, nothing stored.
    const sender = await authHeader(t);
    const four = ['a1@example.com', 'a2@example.com', 'a3@example.com', 'a4@example.com'];
    const before = mails.mails.length;
    const alert = await add(sender, patentsAlert({ recipients: four }));
    await mails.waitFor(before + 4);
    const over = await fails(
      '/warn/updateWarnInfo',
      { ...patentsAlert({ recipients: [...four, 'a5@example.com'] }), id: alert.id },
      'ALERT_CONFIRMATION_LIMIT',
      sender,
    );
    expect(over.message).toBe('24 小时内最多向 4 个新接收邮箱发送确认邮件，请稍后再添加新的接收邮箱');
    expect((await listed(sender, alert.id)).recipients).toEqual(four);
    // Saving again while the links are valid sends no second mail.
    await okData('/warn/updateWarnInfo', { ...patentsAlert({ recipients: four }), id: alert.id }, sender);
    expect(mails.mails).toHaveLength(before + 4);
    expect(mails.to('a5@example.com')).toHaveLength(0);

    // One address gets 3 confirmation mails a day, whoever asks.
    for (let i = 0; i < 3; i++) {
      await add(await authHeader(t), patentsAlert({ recipients: ['victim@example.com'] }));
    }
    const fourth = await authHeader(t);
    const flood = await call('/warn/addWarnInfo', patentsAlert({ recipients: ['victim@example.com'] }), fourth);
    expect(flood.json()).toMatchObject({ status: 0, data: { code: 'ALERT_RECIPIENT_CONFIRMATION_LIMIT' } });
    expect((await okData('/warn/getWarnList', {}, fourth)).total).toBe(0);
    await mails.waitFor(before + 7);
    expect(mails.to('victim@example.com')).toHaveLength(3);
  });

  it('mails nothing for a due alert of a disabled owner or of one whose roles lost /warning; the runs are kept as skipped', async () => {
    const disabled = await authHeader(t);
    const demoted = await authHeader(t);
    const active = await authHeader(t);
    const alerts = await Promise.all(
      [disabled, demoted, active].map((who) => add(who, patentsAlert({ recipients: [who.email] }))),
    );
    await t.context.repositories.users.update(disabled.userId, { disabled: true });
    const [roleId] = await t.context.repositories.users.roleIdsOf(demoted.userId);
    await t.context.repositories.roles.update(roleId!, {
      permissions: ALL_PERMISSIONS.filter((p) => p !== '/warning'),
    });

    const before = alertMails().length;
    await runNow(...alerts.map((a) => a.id));
    // The tick has returned: every mail it sent was accepted.
    expect(mails.to(disabled.email)).toHaveLength(0);
    expect(mails.to(demoted.email)).toHaveLength(0);
    expect(
      alertMails()
        .slice(before)
        .map((m) => m.to),
    ).toEqual([[active.email]]);
    for (const alert of alerts.slice(0, 2)) {
      const run = await lastRun(alert.id);
      expect(run).toMatchObject({ mail_state: 'skipped', error: '账号已停用或没有预警权限，未发送预警邮件' });
      expect((await t.context.repositories.alerts.find(alert.id))?.state).toBe('notSent');
    }
    expect((await lastRun(alerts[2]!.id)).mail_state).toBe('sent');
  });

  // Moves the shared clock past a link's lifetime.
  it('confirms through a valid link only: an unknown or expired one says why, and saving again after expiry mails a new link', async () => {
    const owner = await authHeader(t);
    const before = mails.mails.length;
    const alert = await add(owner, patentsAlert({ recipients: ['late@example.com'] }));
    await mails.waitFor(before + 1);
    const first = linkOf(mails.to('late@example.com')[0]);

    // Not confirmed: the run mails no one, and says why.
    await runNow(alert.id);
    expect(alertMails().filter((m) => m.to.includes('late@example.com'))).toHaveLength(0);
    expect(await lastRun(alert.id)).toMatchObject({
      mail_state: 'skipped',
      error: '没有已确认的接收邮箱，未发送预警邮件；接收人需先点击确认邮件中的链接',
    });

    const unknown = await t.app.inject({ method: 'GET', url: '/api/product/warn/recipient/confirm?token=forged' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('确认链接无效或已被新的确认邮件取代');

    clock.advance(ALERT_CONFIRMATION_TTL_SECONDS + 1);
    const expired = await t.app.inject({
      method: 'GET',
      url: first,
      headers: { 'accept-language': 'en' },
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain('This confirmation link has expired');
    const late = await confirmByForm(first);
    expect(late.statusCode).toBe(400);
    expect(late.body).not.toContain('data-state="confirmed"');

    // Saved again (a new session: the week ended the first): a new link replaces the old one, and
    // confirms — here through the JSON API.
    const reader = await loginAs(t, owner.email);
    await okData(
      '/warn/updateWarnInfo',
      { ...patentsAlert({ recipients: ['late@example.com'] }), id: alert.id },
      reader,
    );
    await mails.waitFor(before + 2);
    const second = linkOf(mails.to('late@example.com')[1]);
    expect(second).not.toBe(first);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/product/warn/recipient/confirm',
      payload: { token: tokenOf(second) },
    });
    expect(json.json()).toEqual({
      status: 1,
      message: '',
      data: { email: 'late@example.com', ownerEmail: owner.email, confirmed: true },
    });
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/product/warn/recipient/confirm',
      payload: { token: tokenOf(second) },
    });
    expect(again.json()).toMatchObject({ status: 0, data: { code: 'ALERT_CONFIRMATION_INVALID' } });
    expect((await listed(reader, alert.id)).recipientStates).toEqual([
      { email: 'late@example.com', state: 'confirmed' },
    ]);
  });

  // Closes the SMTP server: keep it last.
  it("tells the owner a mail failed without the SMTP server's host and port", async () => {
    const owner = await authHeader(t);
    const alert = await add(owner, patentsAlert({ recipients: [owner.email] }));
    const { port } = new URL(mails.url);
    await mails.close();
    isSmtpOpen = false;
    await runNow(alert.id);
    const after = await listed(owner, alert.id);
    expect(after.state).toBe('error');
    expect(after.lastError).toBe('预警邮件发送失败，下次运行时将重新发送；如持续失败请联系管理员');
    const run = await lastRun(alert.id);
    expect(run).toMatchObject({ mail_state: 'failed', error: after.lastError });
    for (const text of [after.lastError, run.error]) {
      expect(text).not.toContain('127.0.0.1');
      expect(text).not.toContain(port);
    }
  });
});

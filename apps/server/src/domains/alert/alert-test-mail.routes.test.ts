import { ALERT_TEST_MAILS_PER_DAY, type Alert, type AlertInput } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  buildTestApp,
  productCalls,
  reachableDialects,
  TestClock,
  type AuthHeader,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.js';
import { MailCatcher } from '../../../test/mail-catcher.js';

const dialects = await reachableDialects();

/**
 * Issue 43: "send a test mail now" on an alert — its current mail, through the real mailer
 * (smtp-server on 127.0.0.1), to the caller's own address only, marked as a test, capped per account.
 */
describe.each(dialects)('alert test mail (%s)', (dialect) => {
  let t: TestApp;
  let mails: MailCatcher;
  const clock = new TestClock(Date.parse('2026-01-15T08:00:00.000Z'));
  let caller: TestUser;
  const { call, okData, fails } = productCalls(
    () => t,
    () => caller,
  );
  const patentsAlert = (overrides: Partial<AlertInput> = {}): AlertInput => ({
    name: '组合监控 test',
    type: 'patents',
    content: { publicationNumbers: ['CN110000001A'] },
    schedule: { frequency: 'weekly', weekday: 1, time: '09:00', timeZone: 'Asia/Shanghai' },
    recipients: [],
    noUpdateNoMail: false,
    ...overrides,
  });
  const add = async (who: AuthHeader, input: AlertInput) =>
    ((await okData('/warn/addWarnInfo', input, who)) as { alert: Alert }).alert;

  beforeAll(async () => {
    mails = await MailCatcher.start();
    t = await buildTestApp(
      dialect,
      { mail: { smtpUrl: mails.url, from: 'Patlas <alerts@patlas.test>' }, publicUrl: 'https://patlas.example' },
      { now: clock.now },
    );
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await mails?.close();
  });

  it("mails the alert's mail to the caller's own address only, marked as a test, and caps it per account", async () => {
    caller = await authHeader(t);
    const alert = await add(caller, patentsAlert({ recipients: [caller.email, 'someone@example.com'] }));
    const before = mails.mails.length;

    // Before any run: the empty mail, to the owner alone (not to the other recipient).
    const sent = await okData(`/warn/sendTestMail/${alert.id}`, {});
    expect(sent).toEqual({ sentTo: caller.email });
    await mails.waitFor(before + 1);
    const [first] = mails.to(caller.email);
    expect(first!.subject).toBe('【测试邮件】Patlas 专利预警：有新的检索结果');
    expect(first!.text).toContain('组合监控 test');
    expect(mails.to('someone@example.com').every((m) => !m.subject.includes('测试'))).toBe(true);

    // At once again: refused, in the caller's language.
    const soon = await fails(`/warn/sendTestMail/${alert.id}`, {}, 'ALERT_TEST_MAIL_TOO_SOON');
    expect(soon.message).toMatch(/测试邮件刚刚已发送，请 \d+ 秒后再试/);
    const soonEn = await call(`/warn/sendTestMail/${alert.id}`, {}, caller, 'en');
    expect(soonEn.statusCode).toBe(429);
    expect(soonEn.json().message).toMatch(/A test mail was just sent/);

    // Another account's alert: not found, nothing mailed.
    const stranger = await authHeader(t);
    await fails(`/warn/sendTestMail/${alert.id}`, {}, 'ALERT_NOT_FOUND', stranger);

    // After a run, the test mail is that run's mail (its link opens the run's patents).
    await t.context.repositories.alerts.update(alert.id, {
      next_run_at: new Date(clock.now().getTime() - 60_000).toISOString(),
    });
    await t.context.services.alerts.tick();
    clock.advance(61);
    const count = mails.to(caller.email).length;
    await okData(`/warn/sendTestMail/${alert.id}`, {});
    await mails.waitFor(mails.mails.length);
    const tests = mails.to(caller.email).filter((m) => m.subject.startsWith('【测试邮件】'));
    expect(mails.to(caller.email).length).toBe(count + 1);
    const run = (await t.context.repositories.alerts.pageRuns(alert.id, 1, 1)).rows[0]!;
    expect(tests.at(-1)!.text).toContain(`set=alertRun%3A${run.id}`);

    // ALERT_TEST_MAILS_PER_DAY per 24 hours.
    for (let i = 2; i < ALERT_TEST_MAILS_PER_DAY; i++) {
      clock.advance(61);
      await okData(`/warn/sendTestMail/${alert.id}`, {});
    }
    clock.advance(61);
    const limit = await fails(`/warn/sendTestMail/${alert.id}`, {}, 'ALERT_TEST_MAIL_LIMIT');
    expect(limit.message).toContain(String(ALERT_TEST_MAILS_PER_DAY));
    expect(mails.to(caller.email).filter((m) => m.subject.startsWith('【测试邮件】'))).toHaveLength(
      ALERT_TEST_MAILS_PER_DAY,
    );
  });
});

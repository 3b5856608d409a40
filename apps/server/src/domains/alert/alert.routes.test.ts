import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Alert, AlertDetailsResponse, AlertInput, AlertRunPage, DownloadTask, Patent } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  buildTestApp,
  injectJson,
  loginAs,
  productCalls,
  reachableDialects,
  TestClock,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.js';
import { MailCatcher } from '../../../test/mail-catcher.js';
import { runImport } from '../patent/index.js';

const dialects = await reachableDialects();

const battery = (n: number, extra: Partial<Patent> = {}): Patent => ({
  publicationNumber: `CN1100000${String(n).padStart(2, '0')}A`,
  country: 'CN',
  kind: 'A',
  title: { lang: 'zh', text: `一种锂电池电极材料${n}` },
  applicants: [{ name: `宁德时代${n}` }],
  publicationDate: `2025-0${(n % 9) + 1}-01`,
  legalStatus: '实质审查',
  ...extra,
});
const unrelated: Patent = {
  publicationNumber: 'CN120000001A',
  country: 'CN',
  kind: 'A',
  title: { lang: 'zh', text: '一种水稻种植方法' },
  applicants: [{ name: '农科院' }],
};

describe.each(dialects)('alerts (%s)', (dialect) => {
  let t: TestApp;
  let mails: MailCatcher;
  let owner: TestUser;
  let stranger: TestUser;
  const clock = new TestClock(Date.parse('2026-01-15T08:00:00.000Z')); // a Thursday
  const { okData, fails } = productCalls(
    () => t,
    () => owner,
  );
  let fileNo = 0;
  /** A real file through the import pipeline (a data version, the store, the index). */
  const importFile = async (records: Patent[]) => {
    const file = path.join(t.context.config.dataDir, `import-${++fileNo}.jsonl`);
    writeFileSync(file, records.map((r) => JSON.stringify(r)).join('\n'));
    const report = await runImport(t.context, [file], { origin: 'upload' });
    expect(report.totals.rejected, JSON.stringify(report.errors)).toBe(0);
  };
  const runJobs = () => t.context.jobs.worker.runDueJobs();
  /** The mails of alert runs (issue 41: a fixed subject), not the recipients' confirmation mails. */
  const alertMails = () =>
    mails.mails.filter(
      (m) => m.subject === 'Patlas 专利预警：有新的检索结果' || m.subject === 'Patlas alert: new results',
    );
  /**
   * Issue 41: an address other than the owner's receives an alert's mails once its holder
   * confirmed it: the link of the confirmation mail opens a page whose button confirms.
   */
  const confirmRecipient = async (address: string) => {
    // Sent before the alert's save answered.
    const mail = mails.to(address).at(-1);
    const link = /https:\/\/patlas\.example(\/api\/product\/warn\/recipient\/confirm\?token=[A-Za-z0-9_-]+)/.exec(
      mail?.text ?? '',
    )?.[1];
    expect(link, mail?.text).toBeDefined();
    const token = new URL(`https://x${link}`).searchParams.get('token')!;
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/product/warn/recipient/confirm',
      payload: { token },
    });
    expect(confirmed.json()).toMatchObject({ status: 1, data: { email: address, confirmed: true } });
  };
  const searchAlert = (overrides: Partial<AlertInput> = {}): AlertInput => ({
    name: '锂电池监控',
    type: 'search',
    content: { expression: 'TI=锂电池' },
    // Mondays 09:00 in Shanghai: 2026-01-19T01:00Z.
    schedule: { frequency: 'weekly', weekday: 1, time: '09:00', timeZone: 'Asia/Shanghai' },
    recipients: ['analyst@example.com'],
    noUpdateNoMail: true,
    ...overrides,
  });

  beforeAll(async () => {
    mails = await MailCatcher.start();
    t = await buildTestApp(
      dialect,
      { mail: { smtpUrl: mails.url, from: 'Patlas <alerts@patlas.test>' }, publicUrl: 'https://patlas.example' },
      { now: clock.now },
    );
    await importFile([battery(1), battery(2), unrelated]);
    owner = await authHeader(t);
    stranger = await authHeader(t);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await mails?.close();
  });

  it('refuses what spec 2 §5 refuses, with its message in zh and en', async () => {
    expect((await fails('/warn/addWarnInfo', searchAlert({ name: ' ' }), 'ALERT_NAME_REQUIRED')).message).toBe(
      '请输入预警名称',
    );
    const en = await fails('/warn/addWarnInfo', searchAlert({ name: '' }), 'ALERT_NAME_REQUIRED', owner, 'en');
    expect(en.message).toBe('Please enter the alert name');
    await fails('/warn/addWarnInfo', searchAlert({ type: null }), 'ALERT_TYPE_REQUIRED');
    await fails('/warn/addWarnInfo', searchAlert({ content: { expression: '' } }), 'ALERT_CONTENT_REQUIRED');
    await fails('/warn/addWarnInfo', searchAlert({ recipients: [] }), 'ALERT_EMAIL_REQUIRED');
    const bad = await fails(
      '/warn/addWarnInfo',
      searchAlert({ recipients: ['a@b.com', 'not-mail'] }),
      'ALERT_EMAIL_INVALID',
    );
    expect(bad.message).toContain('not-mail');
    const six = Array.from({ length: 6 }, (_, i) => `u${i}@example.com`);
    expect((await fails('/warn/addWarnInfo', searchAlert({ recipients: six }), 'ALERT_TOO_MANY_EMAILS')).message).toBe(
      '最多填写 5 个邮箱',
    );
    const none = await fails(
      '/warn/addWarnInfo',
      searchAlert({ content: { expression: 'TI=量子隧穿' } }),
      'ALERT_NO_HITS',
    );
    expect(none.message).toBe('该检索式检索结果为 0，无法设置预警');
    const numbers = Array.from({ length: 1001 }, (_, i) => `CN${100000000 + i}A`);
    await fails(
      '/warn/addWarnInfo',
      searchAlert({ type: 'patents', content: { publicationNumbers: numbers } }),
      'ALERT_TOO_MANY_PATENTS',
    );
    await fails(
      '/warn/addWarnInfo',
      searchAlert({ schedule: { frequency: 'monthly', time: '09:00', timeZone: 'Asia/Shanghai' } }),
      'ALERT_SCHEDULE_INVALID',
    );
    await fails(
      '/warn/addWarnInfo',
      searchAlert({ schedule: { frequency: 'weekly', weekday: 1, time: '09:00', timeZone: 'Mars/Olympus' } }),
      'ALERT_TIME_ZONE_INVALID',
    );
    // Nothing was stored by the refusals.
    expect((await okData('/warn/getWarnList', {})).total).toBe(0);
  });

  it('mails once the 3 new matching records and the legal-status change an import brings, with working links; then nothing', async () => {
    const { alert } = (await okData('/warn/addWarnInfo', searchAlert())) as { alert: Alert };
    expect(alert).toMatchObject({ state: 'nextSend', enabled: true, nextRunAt: '2026-01-19T01:00:00.000Z' });
    expect(alert.recipientStates).toEqual([{ email: 'analyst@example.com', state: 'pending' }]);
    await confirmRecipient('analyst@example.com');
    // Only the owner sees and edits it.
    expect((await okData('/warn/getWarnList', {}, stranger)).total).toBe(0);
    await fails('/warn/updateWarnInfo', { ...searchAlert(), id: alert.id }, 'ALERT_NOT_FOUND', stranger);
    const other = await injectJson(t, 'GET', `/api/product/warn/deleteWarnInfo/${alert.id}`, undefined, stranger);
    expect(other.json()).toMatchObject({ data: { code: 'ALERT_NOT_FOUND' } });

    // 3 new matching records, 1 new unrelated one, and battery 1's legal status changes.
    await importFile([
      battery(3),
      battery(4),
      battery(5),
      { ...unrelated, publicationNumber: 'CN120000002A' },
      battery(1, { legalStatus: '有效' }),
    ]);
    await runJobs();
    expect(alertMails()).toHaveLength(0); // not due yet

    clock.advance(4 * 24 * 3600); // Monday 2026-01-19 08:00 UTC
    await runJobs();
    // Sessions outlive no such jump: the same accounts sign in again.
    owner = { ...owner, ...(await loginAs(t, owner.email)) };
    stranger = { ...stranger, ...(await loginAs(t, stranger.email)) };
    await mails.waitFor(2);
    expect(alertMails()).toHaveLength(1);
    const [mail] = alertMails();
    expect(mail!.to).toEqual(['analyst@example.com']);
    expect(mail!.subject).toBe('Patlas 专利预警：有新的检索结果');
    expect(mail!.text).toContain('锂电池监控');
    expect(mail!.text).toContain('新增专利 3 件，法律状态等信息变化 1 件。');
    for (const n of [3, 4, 5, 1]) {
      expect(mail!.text).toContain(battery(n).publicationNumber);
      expect(mail!.html).toContain(battery(n).publicationNumber);
    }
    expect(mail!.text).not.toContain('CN120000002A');
    expect(mail!.text).toContain('宁德时代3');
    expect(mail!.raw).toMatch(/Message-ID:\s*<alert-/i);

    // The links: the run's result page (its set) and each patent's detail page.
    const runLink = /https:\/\/patlas\.example(\/innovationSpace\/searchResult\?set=[^\s]+)/.exec(mail!.text)![1]!;
    const set = new URL(`https://x${runLink}`).searchParams.get('set')!;
    expect(set).toMatch(/^alertRun:/);
    const page = await injectJson(
      t,
      'POST',
      '/api/platform/data/search/query',
      { searchExpre: '', set: { kind: 'alertRun', key: set.slice('alertRun:'.length) }, facets: [] },
      owner,
    );
    expect(page.json().data.total, page.body).toBe(4);
    // New first, then the changed one.
    expect(page.json().data.items.at(-1).publicationNumber).toBe(battery(1).publicationNumber);
    const strangers = await injectJson(
      t,
      'POST',
      '/api/platform/data/search/query',
      { searchExpre: '', set: { kind: 'alertRun', key: set.slice('alertRun:'.length) } },
      stranger,
    );
    expect(strangers.json()).toMatchObject({ status: 0, data: { code: 'ALERT_RUN_NOT_FOUND' } });
    const detailLink = /https:\/\/patlas\.example\/innovationSpace\/searchDetail\?pn=([A-Z0-9]+)/.exec(mail!.text)![1]!;
    const detail = await injectJson(t, 'GET', `/api/product/patent/detail?pn=${detailLink}`, undefined, owner);
    expect(detail.json()).toMatchObject({ status: 1, data: { publicationNumber: detailLink } });

    // The alert, its runs and the run's patents with their changes.
    const listed = (await okData('/warn/getWarnList', {})).items as Alert[];
    expect(listed[0]).toMatchObject({
      id: alert.id,
      state: 'sent',
      lastRun: { newCount: 3, changedCount: 1 },
      nextRunAt: '2026-01-26T01:00:00.000Z',
    });
    const runs = (
      await injectJson(t, 'GET', `/api/product/warn/getWarnResultList/${alert.id}`, undefined, owner)
    ).json().data as AlertRunPage;
    expect(runs.items).toHaveLength(1);
    expect(runs.items[0]).toMatchObject({ newCount: 3, changedCount: 1, reported: 4, omitted: 0, mailState: 'sent' });
    const details = (await okData('/warn/getWarnDetails', { runId: runs.items[0]!.id })) as AlertDetailsResponse;
    expect(details.items.map((i) => i.publicationNumber)).toEqual(
      [5, 4, 3, 1].map((n) => battery(n).publicationNumber),
    );
    expect(details.items[3]).toMatchObject({
      changes: ['legalStatus'],
      changedFields: ['legalStatus'],
      legalStatus: '有效',
    });
    expect(details.items[0]).toMatchObject({ changes: ['new'], changedFields: [] });
    const changedOnly = (await okData('/warn/getWarnDetails', {
      runId: runs.items[0]!.id,
      change: 'legalStatus',
    })) as AlertDetailsResponse;
    expect(changedOnly.total).toBe(1);
    expect((await okData('/warn/getWarnResultCount', {})).items[0]).toMatchObject({
      runs: 1,
      newCount: 3,
      changedCount: 1,
    });

    // Exported through the export service (a download task over the run's set).
    const { task } = (await okData('/download/warnResult', { runId: runs.items[0]!.id, format: 'csv' })) as {
      task: DownloadTask;
    };
    expect(task.total).toBe(4);
    await runJobs();
    const done = (await injectJson(t, 'GET', '/api/product/download/list', undefined, owner)).json().data.items[0];
    expect(done).toMatchObject({ id: task.id, state: 'done', done: 4 });

    // A week on, nothing changed: no mail ("no update, no mail"), the run is kept as skipped.
    clock.advance(7 * 24 * 3600);
    await runJobs();
    owner = { ...owner, ...(await loginAs(t, owner.email)) };
    expect(alertMails()).toHaveLength(1);
    const after = (await okData('/warn/getWarnList', {})).items[0] as Alert;
    expect(after).toMatchObject({ state: 'notSent', lastRun: { newCount: 0, changedCount: 0 } });
    const runsAfter = (
      await injectJson(t, 'GET', `/api/product/warn/getWarnResultList/${alert.id}`, undefined, owner)
    ).json().data as AlertRunPage;
    expect(runsAfter.items.map((r) => r.mailState)).toEqual(['skipped', 'sent']);
  });

  it('watches publication numbers: legal events and new citations; mails in English for an English user', async () => {
    // The clock moved past the first sessions' lifetime: a new account, in English.
    const english = await authHeader(t);
    await t.context.repositories.accounts.setCustomConfig(english.userId, JSON.stringify({ language: 'en' }));
    const watched = battery(2);
    const { alert } = (await okData(
      '/warn/addWarnInfo',
      {
        ...searchAlert({
          name: 'Portfolio',
          recipients: ['portfolio@example.com'],
          type: 'patents',
          content: { publicationNumbers: [watched.publicationNumber, 'CN999999999A'] },
        }),
        noUpdateNoMail: false,
      },
      english,
    )) as { alert: Alert };
    await confirmRecipient('portfolio@example.com');
    await importFile([
      { ...watched, legalEvents: [{ date: '2026-01-20', code: 'C14', description: '授权' }] },
      {
        publicationNumber: 'US20260000001A1',
        country: 'US',
        kind: 'A1',
        title: { lang: 'en', text: 'Lithium electrode cites the watched one' },
        citations: [{ number: watched.publicationNumber }],
      },
    ]);
    const before = mails.mails.length;
    clock.advance(7 * 24 * 3600);
    await runJobs();
    // The search alert above mails its recipient the same change (battery 2 is a lithium battery too).
    await mails.waitFor(before + 2);
    const [mail] = mails.to('portfolio@example.com').filter((m) => alertMails().includes(m));
    const reader = { ...english, ...(await loginAs(t, english.email)) };
    expect(mail!.subject).toBe('Patlas alert: new results');
    expect(mail!.text).toContain('0 new patents, 2 patents with changes');
    const runs = (
      await injectJson(t, 'GET', `/api/product/warn/getWarnResultList/${alert.id}`, undefined, reader)
    ).json().data as AlertRunPage;
    const details = (await okData(
      '/warn/getWarnDetails',
      { runId: runs.items[0]!.id },
      reader,
    )) as AlertDetailsResponse;
    const byNumber = Object.fromEntries(details.items.map((i) => [i.publicationNumber, i.changes]));
    expect(byNumber[watched.publicationNumber]).toEqual(['legalEvent']);
    expect(byNumber.US20260000001A1).toContain('citation');
    expect(mail!.text).toContain(watched.publicationNumber);
    expect(mail!.text).toContain('US20260000001A1');
    expect(mail!.text).toContain('new citation');
  });
});

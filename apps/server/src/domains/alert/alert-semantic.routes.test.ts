import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Alert, AlertDetailsResponse, AlertRunPage, Patent } from '@patlas/contracts';
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
import { buildCnPatent } from '../../../test/factories.js';
import { TOPIC_TEXTS_ZH } from '../../../test/topic-texts.js';
import { runImport } from '../patent/index.js';

/** Four battery texts and four image-recognition texts; every even one is Goertek's. */
const TEXTS = [...TOPIC_TEXTS_ZH.battery, ...TOPIC_TEXTS_ZH.image];
const GOERTEK = '歌尔股份有限公司';
const record = (i: number, extra: Partial<Patent> = {}): Patent =>
  buildCnPatent({
    publicationNumber: `CN1400000${String(i + 10)}A`,
    applicationNumber: `CN20231000${String(i + 10)}0.1`,
    applicationDate: `20${String(12 + i)}-03-01`,
    publicationDate: `20${String(12 + i)}-09-01`,
    title: { lang: 'zh', text: TEXTS[i]!.split('，')[0]! },
    abstract: { lang: 'zh', text: TEXTS[i]! },
    applicants: [{ name: i % 2 === 0 ? GOERTEK : '比亚迪股份有限公司' }],
    legalStatus: '实质审查',
    ...extra,
  });
const BATTERY_TEXT = '本发明提供一种锂电池，正极材料和负极材料提高电池的能量密度与循环寿命';
const EXPRESSION = `SEM/4=(${BATTERY_TEXT}) AND PA=${GOERTEK}`;

/**
 * Issue 48 item 3: a `SEM=(…)` clause is a set like any other, alerts included. A search alert
 * whose expression holds one reports, of the records an import changed, those among the N most
 * similar and matching the rest of the expression: dropping the clause (or matching it as words)
 * would also report the changed image-recognition patent of the same applicant.
 */
describe.each(await reachableDialects())('a search alert with SEM=(…) (%s)', (dialect) => {
  let t: TestApp;
  let owner: TestUser;
  const clock = new TestClock(Date.parse('2026-01-15T08:00:00.000Z')); // a Thursday
  const { okData } = productCalls(
    () => t,
    () => owner,
  );
  let fileNo = 0;
  const importFile = async (records: Patent[]) => {
    const file = path.join(t.context.config.dataDir, `import-${++fileNo}.jsonl`);
    writeFileSync(file, records.map((r) => JSON.stringify(r)).join('\n'));
    const report = await runImport(t.context, [file], { origin: 'upload' });
    expect(report.totals.rejected, JSON.stringify(report.errors)).toBe(0);
  };

  beforeAll(async () => {
    // The vectors learned from the corpus (LSA), as with SEMANTIC_VECTORS_PATH=off.
    t = await buildTestApp(
      dialect,
      { semantic: { modelPath: undefined, vectorsPath: undefined }, publicUrl: 'https://patlas.example' },
      { now: clock.now },
    );
    await importFile(TEXTS.map((_, i) => record(i)));
    await t.context.semanticModel.refresh();
    await t.context.semanticModel.pending;
    owner = await authHeader(t);
  }, 120_000);
  afterAll(async () => t?.close());

  it('reports the changed records among the N most similar that match the rest, and only those', async () => {
    // What the search says now: the alert must agree with it on the changed records.
    const now = await injectJson(t, 'POST', '/api/product/search/searchNew', { searchExpre: EXPRESSION }, owner);
    expect(now.json(), now.body).toMatchObject({ status: 1 });
    const matching = new Set(
      (now.json().data.items as { publicationNumber: string }[]).map((item) => item.publicationNumber),
    );
    expect(matching.has(record(0).publicationNumber)).toBe(true);
    expect(matching.has(record(4).publicationNumber)).toBe(false);

    const addAlert = async (name: string, expression: string) =>
      (
        (await okData('/warn/addWarnInfo', {
          name,
          type: 'search',
          content: { expression },
          // Mondays 09:00 in Shanghai: 2026-01-19T01:00Z.
          schedule: { frequency: 'weekly', weekday: 1, time: '09:00', timeZone: 'Asia/Shanghai' },
          // The owner's own address needs no confirmation.
          recipients: [owner.email],
          noUpdateNoMail: true,
        })) as { alert: Alert }
      ).alert;
    const alert = await addAlert('歌尔电池语义监控', EXPRESSION);
    // The same without the clause: both changed records.
    const control = await addAlert('歌尔监控', `PA=${GOERTEK}`);

    // Goertek's battery patent 0 and its image-recognition patent 4 both change legal status.
    await importFile([record(0, { legalStatus: '有效' }), record(4, { legalStatus: '有效' })]);
    await t.context.jobs.worker.runDueJobs(); // the import's own jobs; the alert is not due yet
    clock.advance(4 * 24 * 3600); // Monday 2026-01-19 08:00 UTC
    await t.context.jobs.worker.runDueJobs();
    // Sessions outlive no such jump: the owner signs in again.
    owner = { ...owner, ...(await loginAs(t, owner.email)) };

    const runsOf = async (id: string) =>
      (await injectJson(t, 'GET', `/api/product/warn/getWarnResultList/${id}`, undefined, owner)).json()
        .data as AlertRunPage;
    expect((await runsOf(control.id)).items[0]).toMatchObject({ newCount: 0, changedCount: 2, reported: 2 });
    const runs = (
      await injectJson(t, 'GET', `/api/product/warn/getWarnResultList/${alert.id}`, undefined, owner)
    ).json().data as AlertRunPage;
    expect(runs.items).toHaveLength(1);
    expect(runs.items[0]).toMatchObject({ newCount: 0, changedCount: 1, reported: 1 });
    const details = (await okData('/warn/getWarnDetails', { runId: runs.items[0]!.id })) as AlertDetailsResponse;
    expect(details.items.map((item) => item.publicationNumber)).toEqual([record(0).publicationNumber]);
  });
});

import { existsSync } from 'node:fs';
import { MAX_RECALL_CHECK_NUMBERS, type Patent, type RecallCheckResponse } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_THREAD_STAT, watchHolds } from '../../../test/event-loop-holds.js';
import { buildCnPatent } from '../../../test/factories.js';
import { random, sentence } from '../../../test/heavy-check.js';
import { readRecallRecords, type RecallRecordsInput } from './recall-records.js';
import { authHeader, buildTestApp, type AuthHeader, type TestApp } from '../../../test/helpers.js';

/** Characters of description per patent: a real one runs 10k–30k. */
const DESCRIPTION_CHARS = 20_000;
/** Misses every patent on its title: each one's title is read for a term. */
const EXPRESSION = 'TI=(锂电池 OR 蓄电池)';

/** MAX_RECALL_CHECK_NUMBERS patents with Chinese descriptions of DESCRIPTION_CHARS characters (deterministic). */
function corpus(): Patent[] {
  const next = random(48);
  const text = (chars: number) => {
    let out = '';
    while (out.length < chars) out += sentence(next);
    return out;
  };
  return Array.from({ length: MAX_RECALL_CHECK_NUMBERS }, (_, p) =>
    buildCnPatent({
      publicationNumber: `CN8${String(p).padStart(5, '0')}0A`,
      applicationNumber: `CN2025${String(p).padStart(7, '0')}.1`,
      title: { lang: 'zh', text: `一种锂离子电池处理装置${p}` },
      abstract: { lang: 'zh', text: text(300) },
      claims: { lang: 'zh', text: text(3_000) },
      description: { lang: 'zh', text: text(DESCRIPTION_CHARS) },
    }),
  );
}

/**
 * Issue 48 item 4's recall check at its largest (500 patents with long texts, each missed): the
 * records are parsed and their terms found on a CPU worker, the clauses run on a search worker, so
 * no turn of the HTTP thread's event loop takes more than a few tens of ms (parsing the records
 * there held it over 100 ms). SQLite only: the point is the thread, not the database.
 */
/**
 * Milliseconds of the moved work done on this thread: the CPU task's own body (the records parsed
 * from their stored bytes, titles taken, each missed one's text searched for the clause's terms).
 */
function movedWorkCost(patents: readonly Patent[]): number {
  const encoder = new TextEncoder();
  const input: RecallRecordsInput = {
    docs: new Map(patents.map((p) => [p.publicationNumber, encoder.encode(JSON.stringify(p))])),
    missed: patents.map((p) => ({
      publicationNumber: p.publicationNumber,
      clauses: [{ terms: ['锂电池', '蓄电池'], field: 'TI' }],
    })),
  };
  const started = performance.now();
  readRecallRecords(input);
  return performance.now() - started;
}

/**
 * The longest turn allowed, in main-thread CPU (10 ms steps). Not 50: a collection of the test's own
 * heap (its 500 records, 23M characters) lands in some turn, 20–40 ms on a loaded machine.
 */
const BOUND_MS = 80;

describe.runIf(existsSync(MAIN_THREAD_STAT))('the recall check keeps the HTTP thread free', () => {
  let t: TestApp;
  let user: AuthHeader;
  let patents: Patent[];
  const check = async (publicationNumbers: string[]): Promise<RecallCheckResponse> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product/search/recall-check',
      payload: { searchExpre: EXPRESSION, publicationNumbers },
      headers: { 'accept-language': 'zh', authorization: user.authorization },
    });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    return res.json().data as RecallCheckResponse;
  };

  beforeAll(async () => {
    patents = corpus();
    t = await buildTestApp('sqlite', {
      cpu: { workers: 1, taskTimeoutMs: 180_000, costlyPerMinute: 100_000, formalReviewPerMinute: 100_000 },
      search: { workers: 1, timeoutMs: 120_000, analysisTimeoutMs: 120_000 },
    });
    // Stored whole; indexed without the long texts, which the title clause does not read (an index
    // of 11M characters would take minutes here and prove nothing more).
    const { stored } = await t.context.repositories.patents.upsertMany(patents);
    await t.context.engine.index(stored.map((p) => ({ ...p, claims: undefined, description: undefined })));
    user = await authHeader(t);
    // The workers' start (several seconds from sources on a loaded machine) is not the route's.
    await check([patents[0]!.publicationNumber]);
  }, 300_000);
  afterAll(async () => {
    await t?.close();
  });

  it(`holds the event loop under ${BOUND_MS} ms of CPU while checking 500 patents with long descriptions`, async () => {
    // What the moved work costs on this thread: the CPU task's body, inline. It must cost more than
    // the bound, or the bound proves nothing. (Measuring only a part of it, JSON.parse of 300
    // records, came under the bound on an idle 2.6 GHz Xeon.)
    const inlineMs = movedWorkCost(patents);

    const holds = watchHolds();
    const begun = performance.now();
    const data = await check(patents.map((p) => p.publicationNumber));
    const tookMs = performance.now() - begun;
    const worst = holds.stop();
    console.log(
      `[recall-check holds] ${patents.length} patents of ${DESCRIPTION_CHARS} description characters: check ${tookMs.toFixed(0)} ms; ` +
        `longest hold ${worst.cpuMs.toFixed(0)} ms of main-thread CPU (${worst.wallMs.toFixed(0)} ms wall); ` +
        `the moved work inline ${inlineMs.toFixed(0)} ms`,
    );
    expect(data.checked).toBe(patents.length);
    expect(data.missed).toHaveLength(patents.length);
    expect(data.missed[0]).toMatchObject({
      title: '一种锂离子电池处理装置0',
      clause: { field: 'TI', terms: ['锂电池', '蓄电池'] },
      suggestion: { term: '锂离子电池', foundIn: 'TI' },
    });
    expect(inlineMs, 'the input must cost more than the bound on this thread').toBeGreaterThan(BOUND_MS);
    expect(worst.cpuMs).toBeLessThan(BOUND_MS);
  }, 300_000);
});

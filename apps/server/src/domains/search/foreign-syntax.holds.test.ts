import { existsSync } from 'node:fs';
import { MAX_FOREIGN_EXPRESSION_LENGTH } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIN_THREAD_STAT, watchHolds } from '../../../test/event-loop-holds.js';
import { authHeader, buildTestApp, type AuthHeader, type TestApp } from '../../../test/helpers.js';
import { foreignTranslationOf } from './foreign-translation.js';

/**
 * Pastes at the length limit, one per system, of the costliest kind: a proximity operator between
 * OR groups, written out pair by pair (16 pairs a clause), ORed.
 */
const CLAUSES = {
  cnipa: '(发明名称=((锂电池 OR 蓄电池 OR 电芯 OR 电堆) 5W (正极 OR 负极 OR 隔膜 OR 电解液))) OR ',
  patsnap: 'TTL:((battery OR cell OR pack OR stack) $W5 (cathode OR anode OR separator OR electrolyte)) OR ',
  espacenet:
    '(ti=(battery or cell or pack or stack) prox/distance<=3 ti=(cathode or anode or separator or electrolyte)) OR ',
} as const;
const paste = (clause: string) => {
  const text = clause.repeat(Math.floor(MAX_FOREIGN_EXPRESSION_LENGTH / clause.length));
  return text.slice(0, text.lastIndexOf(' OR '));
};

/**
 * The longest turn allowed, in main-thread CPU (10 ms steps). Translated on the HTTP thread, the
 * CNIPA paste held it 60–130 ms of CPU on this 2-core machine; 10 ms since.
 */
const BOUND_MS = 25;

/**
 * Issue 48 item 2's translation of another system's expression runs on a CPU worker: a paste at
 * the length limit does not hold the HTTP thread's event loop. SQLite only: the point is the thread.
 */
describe.runIf(existsSync(MAIN_THREAD_STAT))('the foreign-syntax translation keeps the HTTP thread free', () => {
  let t: TestApp;
  let auth: AuthHeader;
  const post = (text: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/product/search/expression/foreign',
      payload: { text },
      headers: { 'accept-language': 'en', authorization: auth.authorization },
    });

  beforeAll(async () => {
    t = await buildTestApp('sqlite', {
      cpu: { workers: 1, taskTimeoutMs: 180_000, costlyPerMinute: 100_000, formalReviewPerMinute: 100_000 },
    });
    auth = await authHeader(t);
    // The worker's start (several seconds from sources on a loaded machine) is not the route's.
    expect((await post('TTL:(battery)')).statusCode).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it(`answers pastes at the length limit holding the event loop under ${BOUND_MS} ms of CPU`, async () => {
    let costliestMs = 0;
    for (const [system, clause] of Object.entries(CLAUSES)) {
      const text = paste(clause);
      const holds = watchHolds();
      const res = await post(text);
      const worst = holds.stop();
      // What the route did on this thread before: translate the paste, the first of its kind here
      // (this process translated none before; the route's translations ran on the worker).
      const started = performance.now();
      const inline = foreignTranslationOf({ text, lang: 'en' });
      const inlineMs = performance.now() - started;
      costliestMs = Math.max(costliestMs, inlineMs);
      console.log(
        `[foreign-syntax holds] ${system}, ${text.length} characters: longest hold ${worst.cpuMs.toFixed(0)} ms of ` +
          `main-thread CPU (${worst.wallMs.toFixed(0)} ms wall); translated here ${inlineMs.toFixed(0)} ms`,
      );
      expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
      const data = res.json().data;
      expect(data.system).toBe(system);
      // The same answer as on this thread (it may not parse: that many proximity clauses are past
      // Patlas's limit, which the search then names).
      expect(data).toEqual(inline);
      expect(worst.cpuMs).toBeLessThan(BOUND_MS);
    }
    expect(costliestMs, 'a paste must cost more than the bound on this thread').toBeGreaterThan(BOUND_MS);
  }, 300_000);
});

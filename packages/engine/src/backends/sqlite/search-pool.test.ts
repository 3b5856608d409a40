import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseExpression, type QueryNode } from '@patlas/query';
import { EngineError, type SearchEngine } from '../../search-engine.js';
import { createPooledEngine, type PooledEngine } from './search-pool.js';
import { createSqliteEngine } from './sqlite-engine.js';
import type { IndexablePatent } from './index-tokens.js';

const WORDS = ['锂离子', '电池', '正极', '材料', '制备', '方法', '装置', '网络', '图像', '识别', '碳纤维', '复合'];

function generate(n: number): IndexablePatent[] {
  let seed = 11;
  const rnd = (k: number): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 16) % k;
  };
  const phrase = (len: number): string => Array.from({ length: len }, () => WORDS[rnd(WORDS.length)]).join('');
  return Array.from({ length: n }, (_, i) => ({
    publicationNumber: `CN${300000000 + i}A`,
    country: 'CN',
    patentType: 'invention_application',
    title: { text: `一种${phrase(3)}` },
    abstract: { text: `本发明公开了一种${phrase(30)}，包括${phrase(25)}。所述${phrase(24)}用于${phrase(24)}。` },
    applicants: [{ name: '清华大学' }],
    applicationDate: '2020-01-01',
    publicationDate: '2021-01-01',
  }));
}

function parse(expression: string): QueryNode {
  const parsed = parseExpression(expression);
  if (!parsed.ok) throw new Error(expression);
  return parsed.ast;
}

/**
 * Seconds of same-sentence verification on the stored text of this corpus, split over 250 FTS5
 * statements (word proximity is checked on FTS5 positions, too fast to time out): built as a tree,
 * as the parser refuses more than MAX_QUERY_PROXIMITY operators (the engine has no such guard).
 */
const PATHOLOGICAL: QueryNode = {
  kind: 'Or',
  children: Array.from({ length: 250 }, (_, i) =>
    parse(`TIAB=(${WORDS[i % WORDS.length]} S ${WORDS[(i * 7 + 3 + (i >> 4)) % WORDS.length]})`),
  ),
  span: { start: 0, end: 0 },
};

describe('the search pool', () => {
  let dir: string;
  let base: SearchEngine;
  let pooled: PooledEngine;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'patlas-search-pool-'));
    const file = path.join(dir, 'index.db');
    base = createSqliteEngine({ file });
    await base.index(generate(1500));
    pooled = createPooledEngine(base, { file, workers: 1, searchTimeoutMs: 1000, analysisTimeoutMs: 1000 });
    // Budgets count from the call: the worker's start (opening the index) is not part of what is measured here.
    await pooled.ready();
  }, 120_000);
  afterAll(async () => {
    await pooled.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers as the engine it wraps, EngineErrors included', async () => {
    const ast = parse('TIAB=(电池 W/3 材料)');
    expect(await pooled.count(ast)).toBe(await base.count(ast));
    const error = await pooled.search({ ast, page: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineError);
    expect(error).toMatchObject({ code: 'PAGE_TOO_DEEP' });
  }, 60_000);

  it('ranks semantic searches on a worker as the engine does, from its vector space', async () => {
    // Two topics in other words than the Chinese corpus's twelve (which every record shares, so no
    // space could tell them apart).
    const topics = [
      ['lithium', 'battery', 'cathode', 'electrode', 'anode', 'charge', 'capacity', 'electrolyte'],
      ['engine', 'piston', 'cylinder', 'combustion', 'fuel', 'injection', 'crankshaft', 'turbocharger'],
    ];
    await base.index(
      Array.from({ length: 200 }, (_, i) => {
        const words = topics[i % 2] as string[];
        const pick = (k: number) => Array.from({ length: k }, (_, j) => words[(i * 3 + j * 5) % words.length]);
        return {
          publicationNumber: `US${9000000 + i}B2`,
          country: 'US',
          patentType: 'invention_grant',
          title: { text: pick(3).join(' ') },
          abstract: { text: pick(20).join(' ') },
          publicationDate: '2021-01-01',
        };
      }),
    );
    await base.buildSemanticModel({ dims: 8 });
    const request = {
      text: 'battery with a lithium cathode',
      weights: [3, 3, 3, 0] as const,
      limit: 100,
      pageSize: 10,
      withRanking: true,
    };
    for (const mode of ['hybrid', 'vector', 'bm25'] as const) {
      for (const filter of [undefined, parse('TI=lithium')]) {
        const asked = { ...request, mode, ...(filter ? { filter } : {}) };
        const direct = await base.semanticSearch(asked);
        expect(
          direct.items.length,
          `${mode} ${filter ? 'filtered' : ''} ${JSON.stringify(direct.keyTerms)}`,
        ).toBeGreaterThan(0);
        expect(await pooled.semanticSearch(asked)).toEqual(direct);
      }
    }
    const direct = await base.semanticSearch({ ...request, mode: 'hybrid' });
    expect(direct.model).toBe('lsa-8');
    expect(direct.items.some((hit) => hit.vectorRank !== undefined)).toBe(true);
    // The worker ranks, so a costly filter is stopped at the budget like any search (it ran to its end before).
    const slow = await pooled
      .semanticSearch({ ...request, mode: 'hybrid', filter: PATHOLOGICAL })
      .catch((e: unknown) => e);
    expect(slow).toMatchObject({ code: 'QUERY_TIMEOUT', params: { seconds: 1 } });
    const none = await pooled.semanticSearch({ ...request, text: '的', mode: 'hybrid' }).catch((e: unknown) => e);
    expect(none).toMatchObject({ code: 'TEXT_NO_TERMS' });
  }, 120_000);

  it('stops a query past its budget between two steps, keeping its worker', async () => {
    const workers = pooled.workersStarted();
    const error = await pooled.search({ ast: PATHOLOGICAL }).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'QUERY_TIMEOUT', params: { seconds: 1 } });
    expect(await pooled.count(parse('电池'))).toBeGreaterThan(0);
    expect(pooled.workersStarted()).toBe(workers);
  }, 60_000);

  it('gives the calls of one request one budget: the first call sets the deadline', async () => {
    const request = {};
    const file = path.join(dir, 'index.db');
    const shared = createPooledEngine(createSqliteEngine({ file, loadColumns: 'first-use' }), {
      file,
      workers: 1,
      searchTimeoutMs: 1000,
      analysisTimeoutMs: 60_000,
      currentRequest: () => request,
    });
    try {
      await shared.ready();
      expect(await shared.count(parse('电池'))).toBeGreaterThan(0);
      // An analysis has 60 s of its own, but this request's search budget (1 s) is already running.
      const error = await shared.countEach(PATHOLOGICAL, [parse('电池')]).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'QUERY_TIMEOUT', params: { seconds: 1 } });
    } finally {
      await shared.close();
    }
  }, 60_000);

  it('names the time the request spent in a time-out, not a budget it did not use', async () => {
    const request = {};
    const file = path.join(dir, 'index.db');
    const shared = createPooledEngine(createSqliteEngine({ file, loadColumns: 'first-use' }), {
      file,
      workers: 1,
      searchTimeoutMs: 1000,
      analysisTimeoutMs: 60_000,
      currentRequest: () => request,
    });
    try {
      await shared.ready();
      // The analysis sets a 60 s deadline; the search after it has 1 s of its own and is stopped then.
      expect(await shared.countEach(parse('电池'), [parse('材料')])).toHaveLength(1);
      const error = (await shared.search({ ast: PATHOLOGICAL }).catch((e: unknown) => e)) as EngineError;
      expect(error).toMatchObject({ code: 'QUERY_TIMEOUT' });
      // Whole seconds spent since the request's first call (before: the 60 s of the analysis budget).
      expect(error.params['seconds']).toBeGreaterThanOrEqual(1);
      expect(error.params['seconds']).toBeLessThan(10);
    } finally {
      await shared.close();
    }
  }, 60_000);

  it('holds searches while the workers open the index, and answers SERVICE_STARTING past the budget', async () => {
    const file = path.join(dir, 'index.db');
    let open: () => void = () => undefined;
    const startGate = new Promise<void>((resolve) => (open = resolve));
    const starting = createPooledEngine(createSqliteEngine({ file, loadColumns: 'first-use' }), {
      file,
      workers: 1,
      searchTimeoutMs: 1000,
      analysisTimeoutMs: 60_000,
      startGate,
    });
    try {
      const waiting = starting.count(parse('电池')).catch((e: unknown) => e);
      expect(starting.pendingCount()).toBe(1);
      expect(await waiting).toMatchObject({ code: 'SERVICE_STARTING' });
      expect(starting.pendingCount()).toBe(0);
      // A call that comes while the index opens waits for it within its budget (an analysis's 60 s).
      const waitsForStart = starting.countEach(parse('电池'), [parse('材料')]).catch((e: unknown) => e);
      open();
      await starting.ready();
      expect(await waitsForStart).toEqual(await base.countEach(parse('电池'), [parse('材料')]));
    } finally {
      await starting.close();
    }
  }, 60_000);

  it('stops the query of a caller whose signal aborts', async () => {
    const controller = new AbortController();
    const file = path.join(dir, 'index.db');
    const withSignal = createPooledEngine(createSqliteEngine({ file, loadColumns: 'first-use' }), {
      file,
      workers: 1,
      searchTimeoutMs: 60_000,
      analysisTimeoutMs: 60_000,
      currentRequest: () => ({ signal: controller.signal }),
    });
    try {
      await withSignal.ready();
      const pending = withSignal.search({ ast: PATHOLOGICAL }).catch((e: unknown) => e);
      controller.abort();
      expect(await pending).toMatchObject({ code: 'QUERY_CANCELLED' });
    } finally {
      await withSignal.close();
    }
  }, 60_000);
});

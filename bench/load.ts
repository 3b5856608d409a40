/**
 * Concurrent users over loopback (issue 16 §1): N users each send searches one after another, for
 * a fixed time, with a mix of expressions, while a prober asks GET /api/health every 50 ms. Then
 * the same prober while one pathological search (an OR of 50 `TIABC=(a S b)` clauses) runs again
 * and again. Prints latency percentiles per phase, errors (time budget exceeded counted apart),
 * the process's peak RSS (the search workers are threads of it) and the event-loop delay.
 *
 *   npx tsc -b && npx tsx --conditions=@patlas/source bench/load.ts [--users 50] [--seconds 15]
 *     [--data-dir DIR] [--workers 2] [--timeout-ms 10000] [--think-ms 0] [--clause-cache-mb 0]
 *
 * `--think-ms 0` (the default) is a stress test: every user sends the next search as soon as the last
 * one is answered, so latency grows with the queue (N users / throughput). `--think-ms T` models
 * people at work: after each answer a user reads the page for a random time, exponential with mean T
 * (at most 4 T), before the next search.
 *
 * Without --data-dir the demo corpus is loaded once into bench/out/load-demo/ and reused. Any
 * DATA_DIR holding an index (patlas.db + index.db) may be given instead, whatever its size. Client
 * and server share this process (the prober measures what a user waits; the event-loop delay is the
 * server's and the clients' together).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { PooledEngine } from '@patlas/engine';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';
import { loadDemoCorpusIfNeeded, syncSearchIndex } from '../apps/server/dist/domains/patent/import/import.service.js';
import { outFile } from './src/paths.js';

const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '15' },
    'data-dir': { type: 'string' },
    workers: { type: 'string', default: '2' },
    'timeout-ms': { type: 'string', default: '10000' },
    'think-ms': { type: 'string', default: '0' },
    // The mix repeats ten expressions, which conditions kept between queries (clause-cache.ts) would
    // answer from memory after the first round; 0 (the default here) times every search from nothing.
    'clause-cache-mb': { type: 'string', default: '0' },
  },
});
const users = Number(values.users);
const seconds = Number(values.seconds);
const thinkMs = Number(values['think-ms']);

/** A user's reading time before the next search: exponential with mean thinkMs, capped at 4 × the mean. */
function thinkTime(): number {
  return thinkMs > 0 ? Math.min(4 * thinkMs, -thinkMs * Math.log(1 - Math.random())) : 0;
}

/** Everyday shapes: terms, booleans, fields, proximity, truncation, ranges, classes, applicants, sorts. */
const MIX: { expression: string; sort?: string }[] = [
  { expression: '电池' },
  { expression: 'TI=(锂电池 AND 正极)' },
  { expression: 'TIAB=(电池 W/5 材料)' },
  { expression: '碳纤维 AND AD>=2018' },
  { expression: 'IPC=H01M*' },
  { expression: 'PA=(华为)' },
  { expression: 'TIAB=(图像 OR 识别) NOT TI=网络' },
  { expression: 'battery AND TI=(lithium OR sodium)' },
  { expression: '材料', sort: 'AD' },
  { expression: 'TIABC=(复合 NEAR/3 材料)' },
];
const WORDS = ['电池', '材料', '方法', '装置', '系统', '控制', '数据', '图像', '检测', '结构', '制备', '复合'];
/**
 * The costliest shape the proximity guard admits (MAX_QUERY_PROXIMITY = 50 operators; the issue's
 * OR of 250 `TIAB=(a W/n b)` clauses is now refused before it runs): 50 same-sentence conditions
 * over title, abstract and claims, each verified on the stored text of every candidate.
 */
const PATHOLOGICAL = Array.from(
  { length: 50 },
  (_, i) => `TIABC=(${WORDS[i % WORDS.length]} S ${WORDS[(i * 7 + 3) % WORDS.length]})`,
).join(' OR ');

function percentile(sorted: readonly number[], p: number): string {
  if (sorted.length === 0) return '–';
  return (sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number).toFixed(1);
}

function summary(name: string, latencies: number[]): string {
  const sorted = [...latencies].sort((a, b) => a - b);
  return `${name}: ${sorted.length} answers, p50 ${percentile(sorted, 0.5)} ms, p95 ${percentile(sorted, 0.95)} ms, p99 ${percentile(sorted, 0.99)} ms, max ${percentile(sorted, 1)} ms`;
}

const dataDir = values['data-dir'] ?? outFile('load-demo');
const config = loadConfig(
  {
    DATA_DIR: dataDir,
    // Without --data-dir: the demo corpus, loaded below unless this folder holds it already.
    DEMO_CORPUS: values['data-dir'] ? 'false' : 'true',
    LOG_LEVEL: 'warn',
    JOB_POLL_MS: '0',
    PATLAS_ADMIN_PASSWORD: 'bench-admin-1',
    SEARCH_WORKERS: values.workers,
    SEARCH_TIMEOUT_MS: values['timeout-ms'],
    SEARCH_CLAUSE_CACHE_MB: values['clause-cache-mb'],
    // Every user comes from 127.0.0.1.
    AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
  },
  'bench',
);
const { app, context } = await buildApp(config, { announce: () => undefined });
try {
  // As the server's start does: an index of another schema version is rebuilt from the store.
  const { repaired: reindexed } = await syncSearchIndex(context);
  if (reindexed > 0) console.log(`search index repaired from the store: ${reindexed} patents`);
  if (!values['data-dir']) {
    const loaded = await loadDemoCorpusIfNeeded(context);
    if (loaded) console.log(`demo corpus loaded into ${dataDir}: ${loaded.totals.inserted} patents`);
  }
  const opening = performance.now();
  await context.searchReady();
  console.log(`search workers ready in ${((performance.now() - opening) / 1000).toFixed(1)} s`);
  console.log(
    `conditions kept between queries (SEARCH_CLAUSE_CACHE_MB): ${config.search.clauseCacheMb ?? 64} MB per connection`,
  );
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const admin = await context.repositories.users.findByEmail('admin@patlas.local');
  if (!admin) throw new Error('no seeded operator');
  const tokens = await context.services.sessions.open({
    userId: admin.id,
    tenantId: admin.tenant_id,
    loginType: 'password',
    ip: null,
  });
  const headers = { Authorization: `Bearer ${tokens.accessToken}`, 'Content-Type': 'application/json' };
  const patents = await context.engine.size();
  console.log(
    `index: ${patents} patents; ${users} users for ${seconds} s, think time ${thinkMs > 0 ? `mean ${thinkMs} ms` : 'none'}; ` +
      `SEARCH_WORKERS=${values.workers}, SEARCH_TIMEOUT_MS=${values['timeout-ms']}`,
  );

  async function search(expression: string, sort?: string): Promise<{ ms: number; code?: string }> {
    const started = performance.now();
    const res = await fetch(`${address}/api/platform/data/search/query`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ searchExpre: expression, ...(sort ? { sort: { field: sort } } : {}) }),
    });
    const body = (await res.json()) as { status: number; data?: { code?: string } };
    const ms = performance.now() - started;
    return body.status === 1 ? { ms } : { ms, code: body.data?.code ?? String(res.status) };
  }

  async function phase(name: string, clients: ((until: number) => Promise<void>)[], health: number[]) {
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    loopDelay.enable();
    const until = Date.now() + seconds * 1000;
    const prober = (async () => {
      while (Date.now() < until) {
        const started = performance.now();
        await fetch(`${address}/api/health`);
        health.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    await Promise.all([prober, ...clients.map((c) => c(until))]);
    loopDelay.disable();
    const ms = (ns: number) => (ns / 1e6).toFixed(0);
    console.log(`\n== ${name}`);
    console.log(summary('GET /api/health', health));
    console.log(
      `event-loop delay: p50 ${ms(loopDelay.percentile(50))} ms, p99 ${ms(loopDelay.percentile(99))} ms, max ${ms(loopDelay.max)} ms`,
    );
  }

  // Phase 1: the mix.
  const latencies: number[] = [];
  const errors = new Map<string, number>();
  const user = (index: number) => async (until: number) => {
    // With think time, users start spread over one mean think time, as people do, not all at once.
    if (thinkMs > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * thinkMs));
    for (let i = index; Date.now() < until; i++) {
      const query = MIX[i % MIX.length]!;
      const { ms, code } = await search(query.expression, query.sort);
      if (code) errors.set(code, (errors.get(code) ?? 0) + 1);
      else latencies.push(ms);
      const pause = thinkTime();
      if (pause > 0) {
        if (Date.now() + pause >= until) break;
        await new Promise((resolve) => setTimeout(resolve, pause));
      }
    }
  };
  await phase(
    `${users} users, expression mix`,
    Array.from({ length: users }, (_, i) => user(i)),
    [],
  );
  console.log(summary('searches answered', latencies));
  console.log(
    `throughput: ${((latencies.length + [...errors.values()].reduce((a, b) => a + b, 0)) / seconds).toFixed(1)} searches/s`,
  );
  console.log(`errors: ${errors.size === 0 ? 'none' : JSON.stringify(Object.fromEntries(errors))}`);

  // Phase 2: one pathological search after another.
  const pathological: string[] = [];
  await phase(
    `one pathological search (OR of 50 same-sentence clauses, ${PATHOLOGICAL.length} characters) at a time`,
    [
      async (until) => {
        while (Date.now() < until) {
          const { ms, code } = await search(PATHOLOGICAL);
          pathological.push(`${code ?? 'answered'} after ${(ms / 1000).toFixed(1)} s`);
        }
      },
    ],
    [],
  );
  console.log(`pathological searches: ${pathological.join(', ')}`);
  const pool = context.engine as Partial<PooledEngine>;
  if (pool.workersStarted)
    console.log(`search workers started: ${pool.workersStarted()} (a replaced worker counts once more)`);
  console.log(
    `\npeak RSS (server, its workers and the clients): ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`,
  );
} finally {
  await app.close();
}

/**
 * Export at scale (issue 18 "Benchmark"): a download task of up to 300,000 rows × 20 fields to csv
 * and to xlsx, run by the job worker while a searching user keeps searching, over real HTTP.
 * Prints rows/s, total time, peak RSS, the event-loop delay of the server meanwhile and the
 * latency of the searches. Targets: csv ≥ 10,000 rows/s, xlsx ≥ 4,000 rows/s, RSS < 400 MB,
 * searches still answered.
 *
 *   npx tsc -b && npx tsx --conditions=@patlas/source bench/export.bench.ts --data-dir bench/out/load-1m-full [--rows 300000]
 *
 * `--data-dir` is a DATA_DIR holding an index (patlas.db + index.db), as for bench/library.bench.ts;
 * without it the demo corpus is loaded once into bench/out/load-demo/ and the largest candidate
 * result set is exported (the demo corpus has fewer than 300,000 patents).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { MAX_EXPORT_ROWS, type DownloadTask, type ExportFieldId } from '@patlas/contracts';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';
import { loadDemoCorpusIfNeeded, syncSearchIndex } from '../apps/server/dist/domains/patent/import/import.service.js';
import { outFile } from './src/paths.js';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    rows: { type: 'string', default: String(MAX_EXPORT_ROWS) },
    workers: { type: 'string', default: '2' },
    formats: { type: 'string', default: 'csv,xlsx' },
  },
});
const wantedRows = Math.min(Number(values.rows), MAX_EXPORT_ROWS);

/** Broad expressions; the one with the most hits is exported (its first `--rows`). */
const CANDIDATES = [
  'TI=(方法 OR 装置 OR 系统 OR method OR device OR system)',
  'TI=(方法 OR 装置 OR 系统)',
  'TI=装置',
  'TI=方法',
];

/** 20 fields, the long texts included: what a reviewer's sheet holds. */
const FIELDS: ExportFieldId[] = [
  'publicationNumber',
  'applicationNumber',
  'title',
  'patentType',
  'applicants',
  'currentAssignees',
  'inventors',
  'agency',
  'province',
  'applicationDate',
  'publicationDate',
  'grantDate',
  'priorityDate',
  'ipcMain',
  'ipc',
  'cpc',
  'abstract',
  'firstClaim',
  'legalStatus',
  'citedByCount',
];

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

const dataDir = values['data-dir'] ?? outFile('load-demo');
const config = loadConfig(
  {
    DATA_DIR: dataDir,
    DEMO_CORPUS: values['data-dir'] ? 'false' : 'true',
    LOG_LEVEL: 'warn',
    JOB_POLL_MS: '200',
    PATLAS_ADMIN_PASSWORD: 'bench-admin-1',
    SEARCH_WORKERS: values.workers,
    SEARCH_TIMEOUT_MS: '60000',
  },
  'bench',
);
const { app, context } = await buildApp(config, { announce: () => undefined });
try {
  const reindexed = await syncSearchIndex(context);
  if (reindexed > 0) console.log(`search index rebuilt from the store: ${reindexed} patents`);
  if (!values['data-dir']) await loadDemoCorpusIfNeeded(context);
  await context.searchReady();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  context.jobs.worker.start();
  const admin = await context.repositories.users.findByEmail('admin@patlas.local');
  if (!admin) throw new Error('no seeded operator');
  const tokens = await context.services.sessions.open({
    userId: admin.id,
    tenantId: admin.tenant_id,
    loginType: 'password',
    ip: null,
  });
  const headers = { Authorization: `Bearer ${tokens.accessToken}`, 'Content-Type': 'application/json' };
  type Data = { total: number; task: DownloadTask; items: DownloadTask[] };
  const post = async (url: string, body: unknown): Promise<Data> => {
    const res = await fetch(`${address}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
    const answer = (await res.json()) as { status: number; data: Data };
    if (answer.status !== 1) throw new Error(`${url}: ${JSON.stringify(answer).slice(0, 300)}`);
    return answer.data;
  };
  console.log(
    `index: ${(await context.engine.size()).toLocaleString('en')} patents (${dataDir}); SEARCH_WORKERS=${values.workers}`,
  );

  let chosen = { expression: '', total: 0 };
  for (const expression of CANDIDATES) {
    const { total } = await post('/api/platform/data/search/query', { searchExpre: expression, pageSize: 1 });
    console.log(`  ${expression}: ${total.toLocaleString('en')} hits`);
    if (total > chosen.total) chosen = { expression, total };
  }
  const rows = Math.min(wantedRows, chosen.total);
  console.log(`exporting the first ${rows.toLocaleString('en')} of "${chosen.expression}" × ${FIELDS.length} fields\n`);

  console.log(
    `RSS before the exports: ${Math.round(process.memoryUsage().rss / 1024 / 1024)} MB (the server, its search workers and their columns)`,
  );
  for (const format of values.formats.split(',')) {
    const delay = monitorEventLoopDelay({ resolution: 10 });
    let peakRss = process.memoryUsage().rss;
    const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 100);
    const searchMs: number[] = [];
    let isRunning = true;
    // Another user searching meanwhile: one search after another, a page of 20 with facets.
    const searcher = (async () => {
      const terms = ['TI=电池', 'TI=图像', 'TI=控制', 'TI=材料'];
      for (let i = 0; isRunning; i++) {
        const started = performance.now();
        await post('/api/platform/data/search/query', { searchExpre: terms[i % terms.length], pageSize: 20 });
        searchMs.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();
    delay.enable();
    const started = performance.now();
    const { task } = await post('/api/product/download/task', {
      target: { kind: 'results', query: { searchExpre: chosen.expression }, rows: { mode: 'first', count: rows } },
      fields: FIELDS,
      format,
      filename: `bench-${format}`,
    });
    let current = task;
    while (current.state === 'waiting' || current.state === 'running') {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const list = await post('/api/product/download/list', { pageSize: 20 });
      current = list.items.find((item) => item.id === task.id) ?? current;
    }
    const seconds = (performance.now() - started) / 1000;
    delay.disable();
    isRunning = false;
    await searcher;
    clearInterval(rssTimer);
    if (current.state !== 'done') throw new Error(`${format} task ended ${current.state}: ${current.error}`);
    const file = await fetch(`${address}${current.downloadUrl}`, { headers });
    const bytes = (await file.arrayBuffer()).byteLength;
    searchMs.sort((a, b) => a - b);
    console.log(
      `${format}: ${current.done.toLocaleString('en')} rows in ${seconds.toFixed(1)} s = ` +
        `${Math.round(current.done / seconds).toLocaleString('en')} rows/s; file ${(bytes / 1024 / 1024).toFixed(1)} MB`,
    );
    console.log(
      `  event-loop delay p50 ${(delay.percentile(50) / 1e6).toFixed(1)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms, ` +
        `max ${(delay.max / 1e6).toFixed(1)} ms; peak RSS during the export ${Math.round(peakRss / 1024 / 1024)} MB`,
    );
    console.log(
      `  ${searchMs.length} searches meanwhile: p50 ${percentile(searchMs, 0.5).toFixed(0)} ms, ` +
        `p95 ${percentile(searchMs, 0.95).toFixed(0)} ms, max ${(searchMs.at(-1) ?? 0).toFixed(0)} ms`,
    );
  }
  console.log(`\npeak RSS of the process: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
} finally {
  await app.close();
}

/**
 * The operators' import page's path, measured over real HTTP: upload a generated corpus to
 * POST /api/platform/data/patents/import/files, start the run, poll it as the page does (GET
 * …/runs/:id) until done. Prints the upload rate, records/s end to end, how long the page's polls
 * take while the import works and how long the event loop is held, and the server's peak memory. The pipeline alone
 * (`patlas import`) is measured by import.bench.ts.
 *
 *   npx tsc -b && npx tsx --conditions=@patlas/source bench/web-import.bench.ts [--generated 20000]
 *
 * The corpus is written by bench/corpus.ts to bench/out/ (reused when present).
 */
import { existsSync, mkdtempSync, openAsBlob, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { ImportRun, ImportUploadResponse } from '@patlas/contracts';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';
import { writeCorpus } from './corpus.js';
import { outFile } from './src/paths.js';

const { values } = parseArgs({
  options: { generated: { type: 'string', default: '20000' }, seed: { type: 'string', default: '42' } },
});
const count = Number(values.generated);
const seed = Number(values.seed);

/** The page polls every second; the bench asks more often to sample the latency during the run. */
const POLL_MS = 250;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
}

const corpus = outFile(`corpus-${count}-${seed}.jsonl.gz`);
if (!existsSync(corpus)) {
  console.log(`writing ${count} generated patents to ${corpus} …`);
  await writeCorpus(corpus, { count, seed });
}
const corpusBytes = statSync(corpus).size;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'patlas-bench-web-import-'));
const config = loadConfig(
  {
    DATA_DIR: dataDir,
    DEMO_CORPUS: 'false',
    LOG_LEVEL: 'warn',
    JOB_POLL_MS: '0',
    PATLAS_ADMIN_PASSWORD: 'bench-admin-1',
  },
  'bench',
);
const { app, context } = await buildApp(config, { announce: () => undefined });
try {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  // A session of the seeded operator, opened directly (no captcha round trip).
  const admin = await context.repositories.users.findByEmail('admin@patlas.local');
  if (!admin) throw new Error('no seeded operator');
  const tokens = await context.services.sessions.open({
    userId: admin.id,
    tenantId: admin.tenant_id,
    loginType: 'password',
    ip: null,
  });
  const headers = { Authorization: `Bearer ${tokens.accessToken}` };
  const api = `${address}/api/platform/data/patents/import`;

  const form = new FormData();
  form.append('file', await openAsBlob(corpus), path.basename(corpus));
  const uploadStarted = performance.now();
  const uploaded = (await (await fetch(`${api}/files`, { method: 'POST', headers, body: form })).json()) as {
    data: ImportUploadResponse;
  };
  const uploadSeconds = (performance.now() - uploadStarted) / 1000;
  const [file] = uploaded.data.files;
  if (!file?.format) throw new Error(`upload not recognised: ${JSON.stringify(uploaded)}`);

  const runStarted = performance.now();
  const started = (await (
    await fetch(`${api}/runs`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ fileIds: [file.id] }),
    })
  ).json()) as { data: ImportRun };
  const polls: number[] = [];
  // How long any request waits behind the import's synchronous work (client and server share this loop).
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  let run = started.data;
  while (run.status === 'queued' || run.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const asked = performance.now();
    run = ((await (await fetch(`${api}/runs/${run.id}`, { headers })).json()) as { data: ImportRun }).data;
    polls.push(performance.now() - asked);
  }
  const runSeconds = (performance.now() - runStarted) / 1000;
  loopDelay.disable();
  const totals = run.report?.totals;
  if (run.status !== 'done' || !totals) throw new Error(`run ended ${run.status}`);
  polls.sort((a, b) => a - b);
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

  console.log(
    `corpus: ${count} generated patents (seed ${seed}), ${mb(corpusBytes)} MB gzip JSONL, format ${file.format}`,
  );
  console.log(
    `upload: ${mb(corpusBytes)} MB in ${uploadSeconds.toFixed(2)} s (${mb(corpusBytes / uploadSeconds)} MB/s)`,
  );
  console.log(
    `import: ${totals.read} read, ${totals.inserted} new, ${totals.rejected} refused in ${runSeconds.toFixed(1)} s ` +
      `(${Math.round(totals.read / runSeconds)} records/s end to end, from Start to the report)`,
  );
  console.log(
    `polls during the run: ${polls.length}, p50 ${percentile(polls, 0.5).toFixed(1)} ms, ` +
      `p95 ${percentile(polls, 0.95).toFixed(1)} ms, max ${percentile(polls, 1).toFixed(1)} ms`,
  );
  const ms = (ns: number) => (ns / 1e6).toFixed(0);
  console.log(
    `event-loop delay during the run: p50 ${ms(loopDelay.percentile(50))} ms, p99 ${ms(loopDelay.percentile(99))} ms, ` +
      `max ${ms(loopDelay.max)} ms`,
  );
  console.log(`server peak RSS: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
} finally {
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * The classification browser (issue 43 item 4): what a user waits for on /innovationSpace/ipc, over
 * the product's own routes (apps/server/dist, an empty corpus: counts are then cheap, the scheme work
 * is what is timed), and the HTTP thread's longest event-loop delay meanwhile (target ≤ 50 ms).
 * "cold" is each call's first time in a fresh server process (the scheme worker starts on the first
 * call and builds a tree on its first use); "warm" the median of 5 calls after it.
 *
 *   npx tsc -b && npx tsx --conditions=@patlas/source bench/classification.bench.ts
 *
 * (or `npm run bench:classification -w bench` after the build). Prints the figures and the scheme
 * files' sizes. Targets: the first level of either tree < 1 s cold.
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { brotliDecompressSync } from 'node:zlib';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';
import { SchemeStore } from '../apps/server/dist/domains/classification/scheme-store.js';
import { REPO_ROOT } from './src/paths.js';

const CALLS: { name: string; url: string; lang?: string }[] = [
  { name: 'IPC first level', url: '/api/product/classification/children?scheme=ipc' },
  { name: 'CPC first level', url: '/api/product/classification/children?scheme=cpc' },
  { name: 'IPC G06F3/00 children', url: '/api/product/classification/children?scheme=ipc&code=G06F3/00' },
  { name: 'CPC H01M4/00 children', url: '/api/product/classification/children?scheme=cpc&code=H01M4/00' },
  {
    name: 'IPC search 虚拟现实',
    url: `/api/product/classification/search?scheme=ipc&keyword=${encodeURIComponent('虚拟现实')}`,
  },
  {
    name: 'IPC search "virtual reality" (en)',
    url: '/api/product/classification/search?scheme=ipc&keyword=virtual%20reality',
    lang: 'en',
  },
  {
    name: 'CPC search 锂电池',
    url: `/api/product/classification/search?scheme=cpc&keyword=${encodeURIComponent('锂电池')}`,
  },
];

const dataDir = mkdtempSync(path.join(tmpdir(), 'patlas-bench-classification-'));
const config = loadConfig(
  { DATA_DIR: dataDir, DEMO_CORPUS: 'false', LOG_LEVEL: 'warn', PATLAS_ADMIN_PASSWORD: 'bench-admin-1' },
  'bench',
);
const { app, context } = await buildApp(config, { announce: () => undefined });
await context.searchReady();
const admin = await context.repositories.users.findByEmail('admin@patlas.local');
if (!admin) throw new Error('no seeded operator');
const tokens = await context.services.sessions.open({
  userId: admin.id,
  tenantId: admin.tenant_id,
  loginType: 'password',
  ip: null,
});

async function call(url: string, lang = 'zh'): Promise<{ ms: number; items: number }> {
  const started = performance.now();
  const res = await app.inject({
    method: 'GET',
    url,
    headers: { authorization: `Bearer ${tokens.accessToken}`, 'accept-language': lang },
  });
  const ms = performance.now() - started;
  const body = res.json() as { status: number; data: { children?: unknown[]; items?: unknown[] } };
  if (body.status !== 1) throw new Error(`${url}: ${res.body.slice(0, 300)}`);
  return { ms, items: (body.data.children ?? body.data.items ?? []).length };
}

// The machine's own noise: the same measure over 3 s of idle (a busy shared machine starves threads too).
const idle = monitorEventLoopDelay({ resolution: 5 });
idle.enable();
await new Promise((resolve) => setTimeout(resolve, 3000));
idle.disable();

const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
const rows: string[] = [];
for (const c of CALLS) {
  const cold = await call(c.url, c.lang);
  const warm: number[] = [];
  for (let i = 0; i < 5; i += 1) warm.push((await call(c.url, c.lang)).ms);
  warm.sort((a, b) => a - b);
  rows.push(
    `${c.name.padEnd(36)} cold ${cold.ms.toFixed(0).padStart(6)} ms   warm ${warm[2]!.toFixed(1).padStart(7)} ms   ${cold.items} nodes`,
  );
}
delay.disable();
// A scheme's first level with nothing read ahead: the CPC tab opened first, on a fresh store.
const fresh = new SchemeStore();
const freshStarted = performance.now();
await fresh.query({ op: 'children', scheme: 'cpc' });
rows.push(
  `${'CPC first level, fresh store (worker)'.padEnd(36)} cold ${(performance.now() - freshStarted).toFixed(0).padStart(6)} ms`,
);
await fresh.close();
for (const row of rows) console.log(row);
console.log(
  `event-loop delay while they ran: max ${(delay.max / 1e6).toFixed(1)} ms, p99 ${(delay.percentile(99) / 1e6).toFixed(1)} ms ` +
    `(idle: max ${(idle.max / 1e6).toFixed(1)} ms, p99 ${(idle.percentile(99) / 1e6).toFixed(1)} ms)`,
);

const schemeDir = path.join(REPO_ROOT, 'data/scheme');
for (const file of ['ipc-2026.01.tsv.br', 'cpc-2022.tsv.br']) {
  const packed = readFileSync(path.join(schemeDir, file));
  const text = brotliDecompressSync(packed).toString('utf8');
  const symbols = text.split('\n').filter(Boolean).length;
  console.log(
    `${file}: ${symbols} symbols, ${(statSync(path.join(schemeDir, file)).size / 1024 / 1024).toFixed(2)} MB ` +
      `(${(Buffer.byteLength(text) / 1024 / 1024).toFixed(1)} MB unpacked)`,
  );
}
await app.close();
rmSync(dataDir, { recursive: true, force: true });

/**
 * What a new user meets first: the built server started on an empty data folder, as README's
 * `npm start` does (SQLite, the demo corpus loaded on first start), and the first searches sent the
 * moment `/api/health` says the load is over, each timed over HTTP with its answer. Before the bulk
 * load wrote the column snapshot (engine-columns.ts snapshotAfterBulkLoad), each search worker
 * parsed every document's columns inside its first search's 10 s budget and the first searches
 * answered "检索超时" (docs/search-workers.md, "After a large load").
 *
 *   npm run build && npx tsx --conditions=@patlas/source bench/first-searches.bench.ts
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BenchServerProcess } from './src/server-process.js';
import { browserSession } from './src/web-session.js';
import { formatTable } from './src/search-stats.js';

const ADMIN_PASSWORD = 'bench-first-searches-1';
const EXPRESSIONS = ['TIABC=(电池)', 'TIABC=(锂电池 AND 正极)', 'TI=(图像)', '无人机', 'TIABC=(神经网络)', 'PA=(华为)'];

async function health(url: string): Promise<{ patents: number; starting: boolean; demoLoading: boolean }> {
  const { data } = (await (await fetch(`${url}/api/health`)).json()) as {
    data: { patents: number; starting: boolean; demoLoading: boolean };
  };
  return data;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'patlas-first-searches-'));
const started = performance.now();
const server = await BenchServerProcess.start(dataDir, {
  DEMO_CORPUS: 'true',
  NODE_ENV: 'test',
  PATLAS_ADMIN_PASSWORD: ADMIN_PASSWORD,
});
try {
  let patents = 0;
  for (;;) {
    const h = await health(server.url).catch(() => undefined);
    if (h && !h.starting && !h.demoLoading && h.patents > 0) {
      patents = h.patents;
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const loadedAfter = (performance.now() - started) / 1000;
  const session = await browserSession(server.url, 'admin@patlas.local', ADMIN_PASSWORD);
  const token = (
    JSON.parse(session.localStorage.find((e) => e.name === 'patlas:1:tempToken')?.value ?? '{}') as { v: string }
  ).v;
  console.log(
    `first searches after the demo load: ${patents} patents, loaded ${loadedAfter.toFixed(0)} s after the start; ` +
      `${os.cpus().length} × ${os.cpus()[0]?.model}, load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  const rows: string[][] = [];
  for (const [i, expression] of EXPRESSIONS.entries()) {
    const t0 = performance.now();
    const res = await fetch(`${server.url}/api/platform/data/search/query`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({ searchExpre: expression }),
    });
    const body = (await res.json()) as { status: number; message: string; data?: { total: number } };
    const ms = performance.now() - t0;
    rows.push([
      String(i + 1),
      expression,
      ms.toFixed(0),
      body.status === 1 ? String(body.data?.total) : `${res.status} ${body.message}`,
    ]);
  }
  console.log(formatTable(['#', 'expression', 'ms', 'hits (or the error answered)'], rows));
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

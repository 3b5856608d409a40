/**
 * Assisted writing (issue 22): what Patlas itself adds around the language model, over real HTTP.
 * The model is a stand-in (below: a local chat-completions server that answers the passage with
 * a few words swapped), answering at once or after `--latency-ms`, so the figures are Patlas's own
 * costs, not a model's speed:
 * - a 2,000-character passage (POST /patent/rewrite/text): time per call, p50 / p95 / max;
 * - a 50,000-character document (POST /patent/rewrite/all): pieces, time to done, the status call.
 *
 *   npx tsc -b && npx tsx --conditions=@patlas/source bench/rewrite.bench.ts [--passages 100] [--latency-ms 500]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';
import { percentile } from './src/search-stats.js';

const { values } = parseArgs({
  options: { passages: { type: 'string', default: '100' }, 'latency-ms': { type: 'string', default: '500' } },
});
const PASSAGES = Number(values.passages);
const LATENCY_MS = Number(values['latency-ms']);

const SENTENCE = '所述冷却板(30)设置在壳体(10)底部，包括进液口(11)和出液口(12)，用于导出电芯组(20)产生的热量。';
const textOf = (chars: number) => SENTENCE.repeat(Math.ceil(chars / SENTENCE.length)).slice(0, chars);

/** Stands in for the language model: OpenAI chat completions, the user text with 包括→包含, after `delayMs`. */
async function startStandIn(delayMs: number) {
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (part: Buffer) => (raw += part.toString('utf8')));
    req.on('end', () => {
      const body = JSON.parse(raw) as { messages: { role: string; content: string }[] };
      const text = body.messages.find((m) => m.role === 'user')?.content ?? '';
      const answer = { choices: [{ message: { role: 'assistant', content: text.replaceAll('包括', '包含') } }] };
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer)), delayMs);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function run(latencyMs: number) {
  const fake = await startStandIn(latencyMs);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'patlas-rewrite-bench-'));
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      DEMO_CORPUS: 'false',
      LOG_LEVEL: 'warn',
      PATLAS_ADMIN_PASSWORD: 'bench-admin-1',
      SEARCH_WORKERS: '0',
      JOB_POLL_MS: '50',
      LLM_URL: fake.url,
      REWRITE_DAILY_CHARS: '100000000',
    },
    'bench',
  );
  const { app, context } = await buildApp(config, { announce: () => undefined });
  context.jobs.worker.start();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const admin = (await context.repositories.users.findByEmail('admin@patlas.local'))!;
  const tokens = await context.services.sessions.open({
    userId: admin.id,
    tenantId: admin.tenant_id,
    loginType: 'password',
    ip: null,
  });
  const headers = { Authorization: `Bearer ${tokens.accessToken}`, 'Content-Type': 'application/json' };
  const call = async <T>(method: 'GET' | 'POST', url: string, body?: unknown) => {
    const started = performance.now();
    const res = await fetch(`${address}/api/product${url}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const answer = (await res.json()) as { status: number; data: T };
    if (answer.status !== 1) throw new Error(`${url}: ${JSON.stringify(answer).slice(0, 300)}`);
    return { ms: performance.now() - started, data: answer.data };
  };

  const passage = textOf(2000);
  const times: number[] = [];
  for (let i = 0; i < PASSAGES; i += 1) {
    times.push((await call('POST', '/patent/rewrite/text', { text: passage, mode: 'rephrase' })).ms);
  }
  times.sort((a, b) => a - b);
  console.log(
    `passage 2,000 chars, model latency ${latencyMs} ms, ${PASSAGES} calls: ` +
      `p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, max ${times.at(-1)!.toFixed(1)} ms`,
  );

  const document = textOf(50_000);
  const started = performance.now();
  const { data } = await call<{ rewrite: { id: string; progress: { total: number } } }>('POST', '/patent/rewrite/all', {
    text: document,
    mode: 'expand',
  });
  const statusTimes: number[] = [];
  let state = 'waiting';
  while (state !== 'done' && state !== 'failed') {
    await new Promise((resolve) => setTimeout(resolve, 100));
    const status = await call<{ state: string }>('GET', `/patent/rewrite/all/status?id=${data.rewrite.id}`);
    statusTimes.push(status.ms);
    state = status.data.state;
  }
  statusTimes.sort((a, b) => a - b);
  console.log(
    `document 50,000 chars, model latency ${latencyMs} ms: ${data.rewrite.progress.total} pieces, ${state} in ` +
      `${((performance.now() - started) / 1000).toFixed(2)} s; status call p50 ${percentile(statusTimes, 50).toFixed(1)} ms`,
  );
  await app.close();
  await fake.close();
  rmSync(dataDir, { recursive: true, force: true });
}

await run(0);
if (LATENCY_MS > 0) await run(LATENCY_MS);

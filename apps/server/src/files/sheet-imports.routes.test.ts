import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, productCalls, uploadFile, type TestApp, type TestUser } from '../../test/helpers.js';
import { largeXlsx } from '../../test/large-xlsx.js';

/**
 * The slowest health answer allowed while imports are read. The test's client, the server and the
 * workers share the machine's cores: a loaded 2-core CI once answered in 1,018 ms with nothing on
 * the HTTP thread but waiting for a core. What the bound tells apart is the whole-workbook reading it
 * replaced, which stalled health for 43 s here (67 s in the finding); bench/responsiveness.bench.ts measures
 * the real figures.
 */
const HEALTH_STALL_BOUND_MS = 5_000;

/**
 * Issue 40: a 7.5 MB .xlsx of 300,000 rows × 10 cells (95 MB unpacked, within the zip-bomb limits)
 * sent to a library import froze every user for 67 s. Spreadsheet imports are now read in a worker
 * thread, streamed, and refused at the first row past their route's cap.
 */

/**
 * Polls GET `url` from a thread of its own until told to stop, and answers each answer's latency:
 * a poller on the server's thread would stall with it and never see the stall.
 */
const POLLER = `
const { parentPort, workerData } = require('node:worker_threads');
let running = true;
parentPort.on('message', () => { running = false; });
(async () => {
  // The thread's first fetch loads and connects its HTTP client: not counted.
  await (await fetch(workerData.url)).text();
  parentPort.postMessage('ready');
  const polls = [];
  while (running) {
    const started = performance.now();
    const res = await fetch(workerData.url);
    await res.text();
    polls.push({ ms: performance.now() - started, status: res.status });
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  parentPort.postMessage(polls);
})();
`;

interface Poll {
  ms: number;
  status: number;
}

/** Posts one file as a browser's upload, from a thread of its own as a real client is. */
const UPLOADER = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  const form = new FormData();
  form.append('file', new Blob([workerData.file]), 'numbers.xlsx');
  const res = await fetch(workerData.url, { method: 'POST', body: form, headers: workerData.headers });
  parentPort.postMessage({ status: res.status, body: await res.json() });
})().catch((err) => parentPort.postMessage({ error: String(err) }));
`;

interface Posted {
  status: number;
  body: { status: number; message: string; data?: unknown };
}

async function postFromThread(url: string, file: Buffer, headers: Record<string, string>): Promise<Posted> {
  const worker = new Worker(UPLOADER, { eval: true, workerData: { url, file, headers } });
  try {
    const answer = await new Promise<Posted & { error?: string }>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    if (answer.error) throw new Error(answer.error);
    return answer;
  } finally {
    await worker.terminate();
  }
}

async function pollHealth(url: string): Promise<{ stop(): Promise<Poll[]> }> {
  const worker = new Worker(POLLER, { eval: true, workerData: { url } });
  const messages: unknown[] = [];
  const waiters: (() => void)[] = [];
  worker.on('message', (message) => {
    messages.push(message);
    waiters.splice(0).forEach((wake) => wake());
  });
  const next = async (): Promise<unknown> => {
    while (messages.length === 0) {
      await new Promise<void>((resolve, reject) => {
        waiters.push(resolve);
        worker.once('error', reject);
      });
    }
    return messages.shift();
  };
  expect(await next()).toBe('ready');
  const answered = next() as Promise<Poll[]>;
  return {
    async stop() {
      worker.postMessage('stop');
      const polls = await answered;
      await worker.terminate();
      return polls;
    },
  };
}

describe('spreadsheet imports off the HTTP thread, with per-route caps', () => {
  let t: TestApp;
  let user: TestUser;
  let base: string;
  let folderId: string;
  let large: Buffer;
  const logLines: string[] = [];
  const { okData } = productCalls(
    () => t,
    () => user,
  );

  beforeAll(async () => {
    // 300,000 rows × 10 cells, ~10.3 MB (kept in the OS temp folder after the first run).
    large = await largeXlsx(300_000, 10);
    t = await buildTestApp(
      'sqlite',
      { logLevel: 'info' },
      { logStream: { write: (line) => void logLines.push(line) } },
    );
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    user = await authHeader(t);
    folderId = (
      (await okData('/archive/v2/save', { action: 'createFolder', name: '导入上限' })).folder as { id: string }
    ).id;
  }, 180_000);
  afterAll(async () => t?.close());

  /** Fastify's responseTime (ms) of the request to `url`, from the server's log: the server's own time. */
  const serverTimeOf = (url: string): number => {
    const lines = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const incoming = lines.findLast((l) => (l.req as { url?: string } | undefined)?.url === url);
    const completed = lines.find((l) => l.reqId === incoming?.reqId && typeof l.responseTime === 'number');
    if (!completed) throw new Error(`no completed request for ${url}`);
    return completed.responseTime as number;
  };

  const postFile = (url: string, file: Buffer, lang: string) =>
    postFromThread(`${base}${url}`, file, { authorization: user.authorization, 'accept-language': lang });

  it('refuses 300,000 rows at the library cap at once, /api/health answering meanwhile', async () => {
    const url = `/api/product/archive/v2/save?action=import&folderId=${folderId}`;
    // A small import first: the reader's thread starts (from sources, through tsx) as on a running server.
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('n').addRow(['CN110000001A']);
    const small = await uploadFile(
      t,
      url,
      { content: Buffer.from(await workbook.xlsx.writeBuffer()), name: 'a.xlsx' },
      user,
    );
    expect(small.json(), small.body).toMatchObject({ status: 1, data: { read: 1 } });

    // The HTTP thread's stalls, measured on it (reported; the health polls are what is judged).
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    const poller = await pollHealth(`${base}/api/health`);
    const started = performance.now();
    const res = await postFile(url, large, 'zh');
    const clientMs = performance.now() - started;
    const polls = await poller.stop();
    loop.disable();

    const serverMs = serverTimeOf(url);
    const slowest = Math.max(...polls.map((p) => p.ms));
    console.info(
      `library import of 300,000 rows: answered in ${Math.round(serverMs)} ms (server), ${Math.round(clientMs)} ms ` +
        `(client); ${polls.length} health polls meanwhile, slowest ${Math.round(slowest)} ms; ` +
        `HTTP thread's longest stall ${Math.round(loop.max / 1e6)} ms`,
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      status: 0,
      message: '文件超过 30,000 行（不含表头），请拆分后分批导入',
      data: { code: 'IMPORT_TOO_MANY_ROWS' },
    });
    // Issue 40's targets (refused within 2 s, health under 200 ms) are what this prints on a quiet
    // machine (344 ms and 35 ms here); on a loaded 2-core CI the same run took 1.2 s and 217 ms, the
    // wait for a core. The bounds judge what the code decides, with room for that wait: the
    // whole-workbook load they replace answered after 80 s, with health stalled for 43 s.
    expect(serverMs).toBeLessThan(10_000);
    // The upload and the read took a while: health was asked several times meanwhile, and answered each time.
    expect(polls.length).toBeGreaterThanOrEqual(3);
    expect(polls.every((p) => p.status === 200)).toBe(true);
    expect(slowest).toBeLessThan(HEALTH_STALL_BOUND_MS);
  }, 300_000);

  it('refuses three such files sent at once, health answering, memory bounded', async () => {
    const url = `/api/product/archive/v2/save?action=import&folderId=${folderId}`;
    const rssBefore = process.memoryUsage().rss;
    const poller = await pollHealth(`${base}/api/health`);
    const answers = await Promise.all([
      postFile(url, large, 'en'),
      postFile(url, large, 'en'),
      postFile(url, large, 'en'),
    ]);
    const polls = await poller.stop();
    const grownMb = (process.memoryUsage().rss - rssBefore) / 2 ** 20;
    console.info(
      `three library imports at once: ${polls.length} health polls, slowest ${Math.round(Math.max(...polls.map((p) => p.ms)))} ms; ` +
        `RSS grew ${Math.round(grownMb)} MB`,
    );
    for (const answer of answers) {
      expect(answer.body).toMatchObject({
        status: 0,
        message: 'The file has more than 30,000 rows (besides a header); split it and import the parts one by one',
      });
    }
    // Three 10 MB uploads and their clients share the cores: a looser bound than one file's 200 ms,
    // still far from the whole-workbook reading's stall (43 s measured here, 67 s in the finding).
    expect(Math.max(...polls.map((p) => p.ms))).toBeLessThan(HEALTH_STALL_BOUND_MS);
    // The whole-workbook reading kept 1.3 GB per file.
    expect(grownMb).toBeLessThan(600);
  }, 300_000);

  it.each([
    ['/api/platform/data/search/import/excel?mode=number', '2,000'],
    ['/api/product/history/import', '50,000'],
    ['/api/product/operatehistory/import', '50,000'],
  ])(
    '%s refuses the file at its own cap (%s rows)',
    async (url, max) => {
      const res = await uploadFile(t, url, { content: large, name: 'rows.xlsx' }, user, 'en');
      expect(res.json(), res.body).toMatchObject({
        status: 0,
        message: `The file has more than ${max} rows (besides a header); split it and import the parts one by one`,
        data: { code: 'IMPORT_TOO_MANY_ROWS' },
      });
    },
    120_000,
  );

  it('refuses a history file wider than 64 columns', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('h');
    sheet.addRow(['序号', '时间', '检索式', '命中数', '操作', '操作内容', '数据（导入用，请勿修改）']);
    const row = Array.from({ length: 65 }, () => '');
    row[6] = '{}';
    row[64] = 'x';
    sheet.addRow(row);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    for (const url of ['/api/product/history/import', '/api/product/operatehistory/import']) {
      const res = await uploadFile(t, url, { content: file, name: 'wide.xlsx' }, user, 'zh');
      expect(res.json(), res.body).toMatchObject({
        status: 0,
        message: '工作表超过 64 列，请删除多余的列后重新导入',
        data: { code: 'IMPORT_TOO_MANY_COLUMNS' },
      });
    }
  }, 120_000);
});

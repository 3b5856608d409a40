/**
 * My files (issue 22): chunked uploads over real HTTP as the web uploader sends them (pieces one
 * after another, multipart with the `chunk` flag and the `param` JSON), then whole-file uploads,
 * the resume-state call and downloads. Prints the time per file, the throughput and the peak RSS.
 *
 *   npx tsc -b && npx tsx --conditions=@patlas/source bench/my-files.bench.ts [--files 20] [--mb 5] [--piece-mb 1]
 *
 * Runs on a fresh DATA_DIR (no corpus); FILE_UPLOAD_MAX_BYTES is raised to the file size asked.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startBenchServer } from './src/bench-server.js';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '20' },
    mb: { type: 'string', default: '5' },
    'piece-mb': { type: 'string', default: '1' },
  },
});
const FILES = Number(values.files);
const FILE_BYTES = Math.round(Number(values.mb) * 1024 * 1024);
const PIECE_BYTES = Math.round(Number(values['piece-mb']) * 1024 * 1024);

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 50);

const dataDir = mkdtempSync(path.join(tmpdir(), 'patlas-bench-files-'));
const { app, address, headers } = await startBenchServer({
  dataDir,
  workers: '0',
  env: { FILE_UPLOAD_MAX_BYTES: String(FILE_BYTES) },
});
const auth = { Authorization: headers.Authorization! };
const UPLOAD = `${address}/api/product/file/my/file/upload`;

async function post(form: FormData): Promise<{ status: number; data: { key: string | null; complete: boolean } }> {
  const res = await fetch(UPLOAD, { method: 'POST', headers: auth, body: form });
  const answer = (await res.json()) as { status: number; data: { key: string | null; complete: boolean } };
  if (!res.ok || answer.status !== 0) throw new Error(JSON.stringify(answer).slice(0, 300));
  return answer;
}

async function uploadChunked(file: Buffer, name: string): Promise<string> {
  const identifier = createHash('md5').update(file).digest('hex');
  const totalChunks = Math.ceil(file.length / PIECE_BYTES);
  let uploadId = '';
  let key: string | null = null;
  for (let n = 1; n <= totalChunks; n += 1) {
    const piece = file.subarray((n - 1) * PIECE_BYTES, n * PIECE_BYTES);
    const form = new FormData();
    form.append('chunk', 'true');
    form.append(
      'param',
      JSON.stringify({
        chunkNumber: n,
        totalChunks,
        chunkSize: PIECE_BYTES,
        fileType: 1,
        identifier,
        fileName: name,
        dirId: '',
        documentType: '',
        currentChunkSize: piece.length,
        uploadId,
      }),
    );
    form.append('file', new Blob([piece]), name);
    const answer = await post(form);
    uploadId = (answer.data as unknown as { uploadId: string }).uploadId;
    key = answer.data.key;
  }
  if (!key) throw new Error('the last piece did not complete the file');
  return key;
}

function stats(ms: number[]): string {
  const sorted = [...ms].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  const p95 = sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)]!;
  return `median ${median.toFixed(0)} ms, p95 ${p95.toFixed(0)} ms`;
}

try {
  const mb = FILE_BYTES / 1024 / 1024;
  console.log(`My files: ${FILES} files of ${mb} MB, pieces of ${PIECE_BYTES / 1024 / 1024} MB`);
  const files = Array.from({ length: FILES }, () => randomBytes(FILE_BYTES));

  const chunked: number[] = [];
  const keys: string[] = [];
  for (const [i, file] of files.entries()) {
    const started = performance.now();
    keys.push(await uploadChunked(file, `bench-${i}.pdf`));
    chunked.push(performance.now() - started);
  }
  const chunkedTotal = chunked.reduce((a, b) => a + b, 0);
  console.log(
    `chunked upload: ${stats(chunked)} a file; ${((FILES * mb) / (chunkedTotal / 1000)).toFixed(1)} MB/s overall`,
  );

  const whole: number[] = [];
  for (const [i, file] of files.entries()) {
    const form = new FormData();
    form.append('chunk', 'false');
    form.append('file', new Blob([file]), `whole-${i}.pdf`);
    const started = performance.now();
    await post(form);
    whole.push(performance.now() - started);
  }
  console.log(`whole-file upload: ${stats(whole)} a file`);

  const state: number[] = [];
  for (const file of files) {
    const identifier = createHash('md5').update(file).digest('hex');
    const started = performance.now();
    const res = await fetch(
      `${UPLOAD}?identifier=${identifier}&totalChunks=${Math.ceil(file.length / PIECE_BYTES)}&chunkSize=${PIECE_BYTES}`,
      { headers: auth },
    );
    await res.json();
    state.push(performance.now() - started);
  }
  console.log(`resume state (GET upload): ${stats(state)}`);

  const download: number[] = [];
  for (const [i, key] of keys.entries()) {
    const started = performance.now();
    const res = await fetch(`${address}/api/product/file/my/file/download/${key}`, { headers: auth });
    const bytes = Buffer.from(await res.arrayBuffer());
    download.push(performance.now() - started);
    if (!bytes.equals(files[i]!)) throw new Error(`download ${i} differs from its upload`);
  }
  console.log(`download: ${stats(download)} a file (every file equal to its upload)`);
  console.log(`peak RSS: ${(peakRss / 1024 / 1024).toFixed(0)} MB`);
} finally {
  clearInterval(sampler);
  await app.close();
  rmSync(dataDir, { recursive: true, force: true });
}

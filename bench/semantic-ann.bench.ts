/**
 * The nearest-neighbour index of semantic search at scale (issue 7: "An approximate
 * nearest-neighbour index (usearch ships prebuilt) keeps a query fast at 1M patents").
 *
 *   npx tsx --conditions=@patlas/source bench/semantic-ann.bench.ts [--size 1000000] [--queries 200] [--model shipped|lsa]
 *
 * Vectors: real vectors of the KPPatent-ZH and CN G06F records (../shared/data beside the
 * repository), from the shipped word vectors (default, data/vectors/patlas-ft.vec, 100 dims) or
 * LSA-128 learned as the engine learned it before issue 24, widened to --size by mixing two real
 * vectors with noise (a corpus of 1M real Chinese patents is not available here). With the shipped
 * vectors it also times the query side the engine adds: a short query's vector and its
 * expansion (the nearest-term scan of the vocabulary). Same index settings as the engine
 * (semantic-index.ts: cos, f16, connectivity 16, expansion 128/256). Prints build time, memory,
 * query time for the engine's candidate count (k = 1000) and k = 100, and recall@100 against an
 * exact search.
 */
import { readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import usearch from 'usearch';
import {
  contentWords,
  embedTerms,
  embedWords,
  expansionTerms,
  loadWordVectors,
  termCounts,
  trainLsaModel,
} from '@patlas/engine';
import { formatMs, formatTable, percentile } from './src/search-stats.js';
import { REPO_ROOT, SHARED_DATA } from './src/paths.js';

const { Index, MetricKind, ScalarKind } = usearch;

/**
 * The similarity of the k-th nearest vector, by brute force. Recall counts a found vector as a
 * true neighbour when it is at least that similar (less 1e-3): mixed vectors tie often, and which
 * of equally similar vectors a search returns is not an error.
 */
function kthSimilarity(matrix: Float32Array, query: Float32Array, k: number): number {
  const n = matrix.length / DIMS;
  const sims = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let dot = 0;
    for (let c = 0; c < DIMS; c++) dot += (matrix[i * DIMS + c] as number) * (query[c] as number);
    sims[i] = dot;
  }
  sims.sort();
  return sims[n - k] as number;
}

const DATA = SHARED_DATA;
const { values: args } = parseArgs({
  options: {
    size: { type: 'string', default: '1000000' },
    queries: { type: 'string', default: '200' },
    model: { type: 'string', default: 'shipped' },
  },
});
const SIZE = Number(args.size);
const QUERIES = Number(args.queries);
const SHIPPED = args.model === 'shipped';

function realTexts(): string[] {
  const kp = JSON.parse(readFileSync(path.join(DATA, 'cn-kppatent-zh/data_A.json'), 'utf8')) as { input: string }[];
  const tac = JSON.parse(readFileSync(path.join(DATA, 'cn-kppatent-zh/test_data_TAC.part1-dev.json'), 'utf8')) as {
    input: string;
  }[];
  const g06f = readFileSync(path.join(DATA, 'cn-g06f-cpc-liaoleyuan/sample_train.csv'), 'utf8').split(/\nCN\d+A,/);
  return [...kp.map((r) => r.input), ...tac.map((r) => r.input), ...g06f];
}

let seed = 7;
const random = () => (seed = (seed * 1103515245 + 12345) >>> 0) / 2 ** 32;
const gaussian = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());

const t0 = performance.now();
const texts = realTexts();
let base: Float32Array[];
let DIMS: number;
if (SHIPPED) {
  const loadStart = performance.now();
  const wv = loadWordVectors(readFileSync(path.join(REPO_ROOT, 'data/vectors/patlas-ft.vec')));
  console.log(`shipped vectors loaded in ${formatMs(performance.now() - loadStart)} ms`);
  DIMS = wv.dims;
  base = texts.map((t) => embedWords(wv, contentWords(t))).filter((v): v is Float32Array => v !== undefined);
  // The query side the engine adds for a short query: its vector and its expansion.
  const words = ['电池', '锂离子电池', '图像识别', '神经网络', 'battery', '自动驾驶', '发动机冷却', 'solar cell'];
  const times: number[] = [];
  for (let r = 0; r < 5; r++) {
    for (const w of words) {
      const s = performance.now();
      embedWords(wv, contentWords(w));
      expansionTerms(wv, w);
      times.push(performance.now() - s);
    }
  }
  times.sort((a, b) => a - b);
  console.log(
    `short query vector + expansion (${times.length} runs): p50 ${formatMs(percentile(times, 50))} ms, p95 ${formatMs(percentile(times, 95))} ms`,
  );
} else {
  DIMS = 128;
  const counts = texts.map((t) => termCounts(t).counts);
  const model = await trainLsaModel(
    counts.map((c) => ({ counts: c, forms: new Map() })),
    { dims: DIMS },
  );
  base = counts.map((c) => embedTerms(model, c)).filter((v): v is Float32Array => v !== undefined);
}
console.log(
  `real vectors: ${base.length} (${SHIPPED ? 'shipped' : 'LSA'}-${DIMS} from ${texts.length} records) in ${formatMs(performance.now() - t0)}`,
);

const matrix = new Float32Array(SIZE * DIMS);
for (let i = 0; i < SIZE; i++) {
  const a = base[Math.floor(random() * base.length)] as Float32Array;
  const b = base[Math.floor(random() * base.length)] as Float32Array;
  const mix = 0.7 + 0.3 * random();
  let norm = 0;
  for (let c = 0; c < DIMS; c++) {
    const x = mix * (a[c] as number) + (1 - mix) * (b[c] as number) + 0.01 * gaussian();
    matrix[i * DIMS + c] = x;
    norm += x * x;
  }
  norm = Math.sqrt(norm);
  for (let c = 0; c < DIMS; c++) matrix[i * DIMS + c] = (matrix[i * DIMS + c] as number) / norm;
}

const index = new Index({
  dimensions: DIMS,
  metric: MetricKind.Cos,
  quantization: ScalarKind.F16,
  connectivity: 16,
  expansion_add: 128,
  expansion_search: 256,
  multi: false,
});
const rssBefore = process.memoryUsage().rss;
let t = performance.now();
const BATCH = 10_000;
for (let i = 0; i < SIZE; i += BATCH) {
  const n = Math.min(BATCH, SIZE - i);
  const keys = new BigUint64Array(n);
  for (let j = 0; j < n; j++) keys[j] = BigInt(i + j);
  // A copy: the native add reads from the start of the buffer, ignoring a subarray's offset.
  index.add(keys, matrix.slice(i * DIMS, (i + n) * DIMS), 0);
}
const buildMs = performance.now() - t;
const rss = process.memoryUsage().rss - rssBefore;
const file = path.join(os.tmpdir(), `patlas-ann-${SIZE}.usearch`);
t = performance.now();
index.save(file);
const saveMs = performance.now() - t;
const fileMb = statSync(file).size / 2 ** 20;
t = performance.now();
const reloaded = new Index({
  dimensions: DIMS,
  metric: MetricKind.Cos,
  quantization: ScalarKind.F16,
  connectivity: 16,
  expansion_add: 128,
  expansion_search: 256,
  multi: false,
});
reloaded.load(file);
const loadMs = performance.now() - t;
rmSync(file, { force: true });

/** The engine's path: k candidates from the HNSW index, re-scored exactly, the best 100 kept (their similarities). */
function rescoredTop(query: Float32Array, keys: BigUint64Array, k: number): number[] {
  return Array.from(keys)
    .map((key) => {
      const i = Number(key);
      let dot = 0;
      for (let c = 0; c < DIMS; c++) dot += (matrix[i * DIMS + c] as number) * (query[c] as number);
      return dot;
    })
    .sort((a, b) => b - a)
    .slice(0, k);
}

const rows: string[][] = [];
for (const k of [1000, 100]) {
  const times: number[] = [];
  let recall = 0;
  let measured = 0;
  for (let q = 0; q < QUERIES; q++) {
    const query = base[Math.floor(random() * base.length)] as Float32Array;
    const start = performance.now();
    const found = index.search(query, k, 1);
    times.push(performance.now() - start);
    if (q < 50) {
      const kth = kthSimilarity(matrix, query, 100);
      recall += rescoredTop(query, found.keys, 100).filter((sim) => sim >= kth - 1e-3).length / 100;
      measured++;
    }
  }
  times.sort((a, b) => a - b);
  rows.push([
    `k=${k}`,
    formatMs(percentile(times, 50)),
    formatMs(percentile(times, 95)),
    (recall / measured).toFixed(3),
  ]);
}
console.log(
  `\nHNSW over ${SIZE.toLocaleString('en')} vectors × ${DIMS} (f16): build ${formatMs(buildMs)} (${Math.round(SIZE / (buildMs / 1000))} vectors/s), ` +
    `+${Math.round(rss / 2 ** 20)} MB RSS, file ${fileMb.toFixed(0)} MB, save ${formatMs(saveMs)}, load ${formatMs(loadMs)}; ${os.cpus().length} cores`,
);
console.log(
  formatTable(['candidates', 'p50 ms', 'p95 ms', 'recall@100 of the re-scored candidates vs exact (50 queries)'], rows),
);

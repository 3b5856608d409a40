/**
 * Libraries at scale (issue 17 "Benchmark"): collecting a result set of up to 30,000 hits into a new
 * folder, and opening page 1 of that folder on the result page with every facet, over real HTTP.
 * Targets: collect ≤ 2 s, open ≤ 200 ms p95.
 *
 *   npx tsc -b && npx tsx --conditions=@patlas/source bench/library.bench.ts --data-dir bench/out/load-1m-full [--runs 20]
 *
 * `--data-dir` is a DATA_DIR holding an index (patlas.db + index.db), such as the 1M `full` corpus
 * that `patlas import bench/out/corpus-1000000-42-full.jsonl.gz` writes (see bench/load.ts and
 * docs/import-speed.md). Without it the demo corpus is loaded once into bench/out/load-demo/. The
 * expression collected is the candidate below with the most hits not above 30,000.
 */
import { parseArgs } from 'node:util';
import { FACET_FIELD_IDS, MAX_COLLECT_PATENTS } from '@patlas/contracts';
import { startBenchServer } from './src/bench-server.js';
import { percentile } from './src/search-stats.js';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    runs: { type: 'string', default: '20' },
    workers: { type: 'string', default: '2' },
  },
});
const runs = Number(values.runs);

/** Expressions of different sizes; the largest at most MAX_COLLECT_PATENTS is collected. */
const CANDIDATES = [
  'TI=(电池 AND 材料)',
  'TI=电池',
  'IPC=H01M*',
  'IPC=G06F*',
  'IPC=H04L*',
  'TI=(数据 AND 处理)',
  'TI=(图像 AND 识别)',
  'TI=控制',
  'TI=(控制 AND 系统)',
  'AD=2019',
  'AD=2020 AND TI=装置',
];

const {
  app,
  context,
  dataDir,
  post: postAs,
} = await startBenchServer({
  dataDir: values['data-dir'],
  workers: values.workers,
  // A collect's result set is read by the search workers; no job runs here.
  env: { JOB_POLL_MS: '0' },
});
try {
  // The answers' shapes are the contracts'; the bench reads a few fields of them.
  type Data = { total: number; folder: { id: string }; result: unknown };
  const post = (url: string, body: unknown) => postAs<Data>(url, body);
  const patents = await context.engine.size();
  console.log(`index: ${patents.toLocaleString('en')} patents (${dataDir}); SEARCH_WORKERS=${values.workers}`);

  // The largest candidate result set a collect accepts.
  let chosen: { expression: string; total: number } | undefined;
  for (const expression of CANDIDATES) {
    const { data } = await post('/api/platform/data/search/query', { searchExpre: expression, pageSize: 1 });
    const total = data.total;
    console.log(`  ${expression}: ${total.toLocaleString('en')} hits`);
    if (total <= MAX_COLLECT_PATENTS && total > (chosen?.total ?? 0)) chosen = { expression, total };
  }
  if (!chosen) throw new Error('no candidate expression has at most 30,000 hits');
  console.log(`collecting "${chosen.expression}" (${chosen.total.toLocaleString('en')} hits)`);

  // Collect: three runs, each into a new folder (a folder that holds them already would skip them all).
  const collectMs: number[] = [];
  let folderId = '';
  for (let i = 0; i < 3; i++) {
    const { data: created } = await post('/api/product/archive/v2/save', {
      action: 'createFolder',
      name: `bench ${Date.now()} ${i}`,
    });
    folderId = created.folder.id;
    const { ms, data } = await post('/api/product/archive/v2/save', {
      action: 'collect',
      folderIds: [folderId],
      resultSet: { searchExpre: chosen.expression },
    });
    collectMs.push(ms);
    console.log(`  collect ${i + 1}: ${ms.toFixed(0)} ms, ${JSON.stringify(data.result).slice(0, 160)}`);
  }

  // Open page 1 of the last folder with every facet, as the result page does.
  const openMs: number[] = [];
  let shown = 0;
  for (let i = 0; i < runs; i++) {
    const { ms, data } = await post('/api/platform/data/search/query', {
      searchExpre: '',
      set: { kind: 'library', key: folderId },
      pageSize: 20,
      facets: [...FACET_FIELD_IDS],
    });
    openMs.push(ms);
    shown = data.total;
  }
  openMs.sort((a, b) => a - b);
  console.log(
    `\ncollect ${chosen.total.toLocaleString('en')} patents: ${collectMs.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ')} (target ≤ 2 s)`,
  );
  console.log(
    `open page 1 of the ${shown.toLocaleString('en')}-patent folder with ${FACET_FIELD_IDS.length} facets, ${runs} runs: ` +
      `p50 ${percentile(openMs, 50).toFixed(0)} ms, p95 ${percentile(openMs, 95).toFixed(0)} ms (target ≤ 200 ms p95)`,
  );
  console.log(`peak RSS: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
} finally {
  await app.close();
}

/**
 * Smart reports (issue 20 "Benchmark"): one full report (every section, zh) over a set of about
 * `--target` patents of an index, generated as the report job runs it (sections from the analysis
 * and text-mining services, charts by ECharts SSR, Word and PDF written). Prints the set size, the
 * time and the peak RSS. Target: ≤ 30 s for a 100k-patent set.
 *
 *   npx tsc -b && npx tsx --conditions=@patlas/source bench/report.bench.ts [--data-dir bench/out/load-1m-full] [--target 100000]
 *
 * `--data-dir` is a DATA_DIR holding an index (patlas.db + index.db), as for bench/export.bench.ts;
 * without it the demo corpus is loaded once into bench/out/load-demo/ (its largest set is used).
 * `--expression` reports on that expression instead of picking one.
 */
import { parseArgs } from 'node:util';
import { REPORT_SECTIONS, type Report } from '@patlas/contracts';
import { startBenchServer } from './src/bench-server.js';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    target: { type: 'string', default: '100000' },
    expression: { type: 'string' },
    workers: { type: 'string', default: '2' },
  },
});
const TARGET = Number(values.target);

/** Broad expressions; the one whose total is closest to `--target` (at or above it when one is) is used. */
const CANDIDATES = [
  'TI=(方法 OR 装置 OR 系统 OR method OR device OR system)',
  'TI=(方法 OR 装置 OR 系统)',
  'TI=(装置 OR 系统)',
  'TI=装置',
  'TI=方法',
  'TI=系统',
  'TI=(电池 OR battery)',
];

let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100);

const { app, context, post } = await startBenchServer({ dataDir: values['data-dir'], workers: values.workers });
try {
  let chosen = { expression: values.expression ?? '', total: 0 };
  if (values.expression) {
    const { data } = await post<{ total: number }>('/api/platform/data/search/query', {
      searchExpre: values.expression,
      pageSize: 1,
    });
    chosen.total = data.total;
  } else {
    for (const expression of CANDIDATES) {
      const { data } = await post<{ total: number }>('/api/platform/data/search/query', {
        searchExpre: expression,
        pageSize: 1,
      });
      console.log(`  ${expression}: ${data.total.toLocaleString('en')} hits`);
      const better =
        chosen.total === 0 ||
        Math.abs(Math.log(Math.max(1, data.total) / TARGET)) < Math.abs(Math.log(Math.max(1, chosen.total) / TARGET));
      if (better) chosen = { expression, total: data.total };
    }
  }
  console.log(`\nreport over "${chosen.expression}": ${chosen.total.toLocaleString('en')} patents, every section\n`);
  const rssBefore = process.memoryUsage().rss;
  peakRss = rssBefore;
  const started = performance.now();
  const { data: report } = await post<Report>('/api/product/report/patent', {
    title: '基准测试报告',
    lang: 'zh',
    sections: REPORT_SECTIONS,
    set: { searchExpre: chosen.expression, filters: [], mergeType: 0 },
  });
  // The report job's handler, as the worker runs it (other due jobs of a fresh index — value
  // backfill, drawing features — are not this benchmark's to time).
  await context.services.reports.runReport(report.id);
  const seconds = (performance.now() - started) / 1000;
  const { data: list } = await post<{ items: Report[] }>('/api/product/report/patent/list', { pageSize: 5 });
  const done = list.items.find((r) => r.id === report.id);
  if (done?.state !== 'done') throw new Error(`report ended ${done?.state}: ${done?.error ?? ''}`);
  const mb = (n: number) => `${Math.round(n / 1024 / 1024)} MB`;
  console.log(`set size             ${done.total?.toLocaleString('en')} patents`);
  console.log(`time                 ${seconds.toFixed(1)} s (job: ${((done.tookMs ?? 0) / 1000).toFixed(1)} s)`);
  console.log(`files                PDF ${mb(done.pdfSize ?? 0)}, Word ${mb(done.docxSize ?? 0)}`);
  console.log(`peak RSS             ${mb(peakRss)} (before: ${mb(rssBefore)})`);
  console.log(`target               ${seconds <= 30 ? 'met' : 'missed'} (≤ 30 s)`);
} finally {
  clearInterval(sampler);
  await app.close();
}

/**
 * Patent value rescore at scale (issue 21, "Known problem at 1M" in docs/patent-value.md): the
 * rescore that backfills and rewrites every value score, run while users keep searching over real
 * HTTP through the search workers. Prints the rescore's report, then the latency of the searches
 * before, during and in the minute after it (when the workers catch up with the changed scores).
 *
 *   npx tsc -b && npx tsx --conditions=@patlas/source bench/value-rescore.bench.ts --data-dir bench/out/load-1m-full --from-nothing
 *
 * `--from-nothing` empties the stored value indicators and cohorts of DIR first, as on the first
 * start of an index imported before value evaluation existed: every record is backfilled and every
 * score written again (the rescore restores them). Without it, the rescore recomputes what changed
 * (usually nothing). Without `--data-dir` the demo corpus in bench/out/load-demo/ is used.
 */
import path from 'node:path';
import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { startBenchServer } from './src/bench-server.js';
import { percentile } from './src/search-stats.js';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    'from-nothing': { type: 'boolean', default: false },
    users: { type: 'string', default: '4' },
    workers: { type: 'string', default: '2' },
    'after-seconds': { type: 'string', default: '60' },
  },
});

// The job worker is not started: the rescore below is the only one, timed from its start.
const { app, context, post, dataDir } = await startBenchServer({
  dataDir: values['data-dir'],
  workers: values.workers,
});
if (values['from-nothing']) {
  const db = new Database(path.join(dataDir, 'patlas.db'));
  db.pragma('busy_timeout = 60000');
  const dropped = db.prepare('DELETE FROM patent_values').run().changes;
  db.prepare('DELETE FROM patent_value_cohorts').run();
  db.close();
  console.log(`value indicators emptied: ${dropped.toLocaleString('en')} records to backfill`);
}
try {
  const size = await context.engine.size();
  console.log(
    `index: ${size.toLocaleString('en')} patents; SEARCH_WORKERS=${values.workers}; ${values.users} searching users`,
  );

  type Phase = 'before' | 'during' | 'after';
  let phase: Phase = 'before';
  let running = true;
  const ms: Record<Phase, number[]> = { before: [], during: [], after: [] };
  const failed: Record<Phase, string[]> = { before: [], during: [], after: [] };
  const delay: Record<Phase, IntervalHistogram> = {
    before: monitorEventLoopDelay({ resolution: 10 }),
    during: monitorEventLoopDelay({ resolution: 10 }),
    after: monitorEventLoopDelay({ resolution: 10 }),
  };
  delay.before.enable();
  const terms = ['TI=电池', 'TI=图像', 'TI=控制', 'TI=材料', 'TIAB=(传感器 AND 温度)', 'TI=装置 AND AD>=2015'];
  const users = Array.from({ length: Number(values.users) }, async (_, user) => {
    for (let i = user; running; i++) {
      const at = phase;
      const started = performance.now();
      // A page of 20 sorted by value with the facets: the columns the rescore changes are read.
      try {
        await post('/api/platform/data/search/query', {
          searchExpre: terms[i % terms.length],
          pageSize: 20,
          sort: i % 2 === 0 ? { field: 'value', order: 'desc' } : undefined,
        });
      } catch (e) {
        failed[at].push((e as Error).message.slice(0, 120));
      }
      ms[at].push(performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  await new Promise((resolve) => setTimeout(resolve, 10_000));
  phase = 'during';
  delay.before.disable();
  delay.during.enable();
  const report = await context.services.patentValue.rescore();
  phase = 'after';
  delay.during.disable();
  delay.after.enable();
  console.log(
    `rescore: ${report.backfilled.toLocaleString('en')} backfilled, ${report.rescored.toLocaleString('en')} rescored, ` +
      `${report.changed.toLocaleString('en')} scores changed, ${report.cohorts} cohorts (${report.movedCohorts} moved) ` +
      `in ${(report.elapsedMs / 1000).toFixed(1)} s`,
  );
  await new Promise((resolve) => setTimeout(resolve, Number(values['after-seconds']) * 1000));
  running = false;
  await Promise.all(users);
  delay.after.disable();

  for (const at of ['before', 'during', 'after'] as const) {
    const sorted = ms[at].sort((a, b) => a - b);
    console.log(
      `  searches ${at.padEnd(6)}: ${String(sorted.length).padStart(5)}, p50 ${percentile(sorted, 50).toFixed(0)} ms, ` +
        `p95 ${percentile(sorted, 95).toFixed(0)} ms, max ${(sorted.at(-1) ?? 0).toFixed(0)} ms; ` +
        `${failed[at].length} failed${failed[at][0] ? ` (${failed[at][0]})` : ''}; ` +
        `event-loop delay p99 ${(delay[at].percentile(99) / 1e6).toFixed(0)} ms, max ${(delay[at].max / 1e6).toFixed(0)} ms`,
    );
  }
  console.log(`peak RSS of the process: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
} finally {
  await app.close();
}

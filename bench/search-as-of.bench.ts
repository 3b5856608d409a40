/**
 * A search as of a data version (issue 48 item 5, docs/search-as-of.md): what matching the records
 * a later import changed on their content then costs. Imports `--records` generated records
 * (version 1), `--changed` of them marked 钠离子 in their title; version 2 takes the mark off those
 * records. Then `TI=钠离子` as of version 1 must find every one of them (matched on the revisions the
 * import kept), and as it is none. Prints the search's time cold (the revisions indexed in the CPU
 * worker, started and warmed before) and warm (the next pages: the worker's scratch index kept),
 * beside the search without `asOf`, the longest hold of the HTTP thread meanwhile (on a loaded
 * machine it includes the time the process was not scheduled), and the import of version 2.
 *
 *   npx tsc -b && npx tsx --conditions=@patlas/source bench/search-as-of.bench.ts [--records 20000] [--changed 100,1000]
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import type { Patent } from '@patlas/contracts';
import { parseExpression } from '@patlas/query';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';
import { runImport } from '../apps/server/dist/domains/patent/import/import.service.js';
import { generateCorpus } from './src/generate-corpus.js';

const { values } = parseArgs({
  options: {
    records: { type: 'string', default: '20000' },
    changed: { type: 'string', default: '100,1000' },
  },
});
const RECORDS = Number(values.records);
const MARK = '钠离子';

const marked = (p: Patent): Patent => ({ ...p, title: { lang: 'zh', text: `${MARK}${p.title?.text ?? ''}` } });

async function run(changed: number): Promise<void> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'patlas-as-of-bench-'));
  const config = loadConfig(
    {
      DATA_DIR: dir,
      DEMO_CORPUS: 'false',
      LOG_LEVEL: 'silent',
      SEARCH_WORKERS: '1',
      CPU_WORKERS: '1',
      // A loaded shared machine: the figures are times, not refusals.
      SEARCH_TIMEOUT_MS: '120000',
    },
    'bench',
  );
  const { app, context } = await buildApp(config, { announce: () => undefined });
  try {
    const records = [...generateCorpus({ count: RECORDS, seed: 48, profile: 'full' })];
    // Every RECORDS/changed-th record is marked in version 1 and unmarked by version 2.
    const step = Math.floor(RECORDS / changed);
    const chosen = records.filter((_, i) => i % step === 0).slice(0, changed);
    const chosenSet = new Set(chosen);
    const v1 = path.join(dir, 'v1.jsonl');
    writeFileSync(v1, records.map((r) => JSON.stringify(chosenSet.has(r) ? marked(r) : r)).join('\n'));
    await runImport(context, [v1], { origin: 'other' });
    const v2 = path.join(dir, 'v2.jsonl');
    writeFileSync(v2, chosen.map((r) => JSON.stringify(r)).join('\n'));
    const importStarted = performance.now();
    await runImport(context, [v2], { origin: 'other' });
    const importS = (performance.now() - importStarted) / 1000;
    await context.searchReady();

    const search = context.services.search;
    const params = (page: number, asOf?: number) => ({
      searchExpre: `TI=${MARK}`,
      page,
      pageSize: 20,
      mergeType: 0 as const,
      filters: [],
      highlight: false,
      ...(asOf !== undefined ? { asOf } : {}),
    });
    const timed = async (page: number, asOf?: number) => {
      const started = performance.now();
      const result = await search.search(params(page, asOf), 'zh');
      return { ms: performance.now() - started, result };
    };
    // Warm the search worker, and the CPU worker's start and segmenter on a record of its own.
    await search.search({ ...params(1), searchExpre: 'TI=电池' }, 'zh');
    const parsed = parseExpression('TI=电池');
    if (!parsed.ok) throw new Error('TI=电池');
    await context.cpu.run('asOfMatch', { key: 'warm-up', records: [JSON.stringify(records[0])], ast: parsed.ast });
    const hold = monitorEventLoopDelay({ resolution: 5 });
    hold.enable();
    // The baseline: the same search on the data as it is (what else runs meanwhile holds the thread too).
    const now = [await timed(1), await timed(2), await timed(3)].sort((a, b) => a.ms - b.ms)[1]!;
    const nowHold = hold.max;
    hold.reset();
    const cold = await timed(1, 1);
    const coldHold = hold.max;
    hold.reset();
    // Warm: the next pages, the worker's scratch index kept (median of 3).
    const warms = [await timed(2, 1), await timed(3, 1), await timed(4, 1)].sort((a, b) => a.ms - b.ms);
    const warm = warms[1]!;
    hold.disable();
    if (cold.result.total !== changed || now.result.total !== 0 || cold.result.revisedSinceAsOf !== changed) {
      throw new Error(
        `as of 1 found ${cold.result.total} (revised ${cold.result.revisedSinceAsOf}), now ${now.result.total}; expected ${changed} and 0`,
      );
    }
    console.log(
      `corpus ${RECORDS.toLocaleString('en')} records, ${changed.toLocaleString('en')} changed by version 2 ` +
        `(its import ${importS.toFixed(2)} s): TI=${MARK} now ${now.ms.toFixed(0)} ms (0 hits, median of 3; ` +
        `hold ${(nowHold / 1e6).toFixed(0)} ms); as of version 1 ` +
        `${cold.ms.toFixed(0)} ms cold (longest HTTP-thread hold ${(coldHold / 1e6).toFixed(0)} ms), ` +
        `${warm.ms.toFixed(0)} ms warm (next pages, median of 3; hold ${(hold.max / 1e6).toFixed(0)} ms), ` +
        `${cold.result.total} hits`,
    );
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

for (const changed of values.changed.split(',').map(Number)) await run(changed);

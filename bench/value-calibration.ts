/**
 * Patent value calibration and cost (docs/patent-value.md).
 *
 * 1. Imports the PatSnap exports of ../shared/data (cn-patsnap-*) through the product's own import
 *    (its PatSnap format keeps PatSnap's 专利价值 column in `extras`), runs the value rescore job,
 *    and prints the Spearman rank correlation between Patlas's score and PatSnap's value over the
 *    records that have both. Nothing is fitted: the weights are the documented ones.
 * 2. Prints what value evaluation costs an import: the time spent scoring records inside the
 *    import's batches (PatentValueService.scoreForIndex, timed around the product's own method),
 *    against the whole import, and the time of the rescore job that follows. With
 *    `--generated N` it does the same on N generated patents (bench/corpus.ts `full` profile).
 *
 *   npx tsx --conditions=@patlas/source bench/value-calibration.ts [--data ../shared/data] [--generated 100000]
 *
 * Needs a build (`npx tsc -b`).
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';
import { runImport } from '../apps/server/dist/domains/patent/import/import.service.js';
import { VALUE_INDICATORS } from '@patlas/contracts';
import { writeCorpus } from './corpus.js';
import { outFile, SHARED_DATA } from './src/paths.js';

const { values: args } = parseArgs({ options: { generated: { type: 'string' }, data: { type: 'string' } } });
/** The public data sets (default ../shared/data beside the repository; a worktree passes its own). */
const DATA_DIR = args.data ? path.resolve(args.data) : SHARED_DATA;

/** Average ranks (ties share the mean of their positions), 1-based. */
export function ranks(values: readonly number[]): number[] {
  const order = values.map((v, i) => [v, i] as const).sort((a, b) => a[0] - b[0]);
  const out = new Array<number>(values.length);
  for (let i = 0; i < order.length;) {
    let j = i;
    while (j + 1 < order.length && order[j + 1]![0] === order[i]![0]) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) out[order[k]![1]] = rank;
    i = j + 1;
  }
  return out;
}

/** Spearman's rho: Pearson's correlation of the ranks (ties averaged). */
export function spearman(x: readonly number[], y: readonly number[]): number {
  const rx = ranks(x);
  const ry = ranks(y);
  const n = x.length;
  const mean = (n + 1) / 2;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = rx[i]! - mean;
    const dy = ry[i]! - mean;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxy / Math.sqrt(sxx * syy);
}

/** PatSnap's 专利价值 as exported: `$12,345`, `$1.2万`, `¥…`; undefined when not a value. */
function patsnapValue(text: string | undefined): number | undefined {
  const m = /([\d.,]+)\s*(万|亿|k|m)?/i.exec(text?.trim() ?? '');
  if (!m) return undefined;
  const n = Number(m[1]!.replace(/,/g, ''));
  if (!Number.isFinite(n)) return undefined;
  const unit = m[2]?.toLowerCase();
  return n * (unit === '万' ? 1e4 : unit === '亿' ? 1e8 : unit === 'k' ? 1e3 : unit === 'm' ? 1e6 : 1);
}

function patsnapFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.xlsx$/i.test(entry.name)) files.push(full);
    }
  };
  if (!existsSync(DATA_DIR)) return files;
  for (const dir of readdirSync(DATA_DIR)) if (dir.startsWith('cn-patsnap')) walk(path.join(DATA_DIR, dir));
  return files.sort();
}

interface Measured {
  records: number;
  importMs: number;
  scoringMs: number;
  rescoreMs: number;
  rescore: unknown;
}

/** Imports `files` into a fresh data dir, timing the scoring inside the import and the rescore after it. */
async function importAndScore(
  files: string[],
  then: (context: Awaited<ReturnType<typeof buildApp>>['context']) => Promise<void>,
): Promise<Measured> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'patlas-value-bench-'));
  try {
    const config = loadConfig(
      {
        DATA_DIR: dataDir,
        DEMO_CORPUS: 'false',
        LOG_LEVEL: 'warn',
        PATLAS_ADMIN_PASSWORD: 'bench-admin-1',
        SEARCH_WORKERS: '0',
        JOB_POLL_MS: '0',
      },
      'bench',
    );
    const { app, context } = await buildApp(config, { announce: () => undefined });
    const service = context.services.patentValue;
    const scoreForIndex = service.scoreForIndex.bind(service);
    let scoringMs = 0;
    service.scoreForIndex = async (...call: Parameters<typeof scoreForIndex>) => {
      const started = performance.now();
      try {
        return await scoreForIndex(...call);
      } finally {
        scoringMs += performance.now() - started;
      }
    };
    const started = performance.now();
    const report = await runImport(context, files);
    const importMs = performance.now() - started;
    const rescoreStarted = performance.now();
    const outcomes = await context.jobs.worker.runDueJobs();
    const rescoreMs = performance.now() - rescoreStarted;
    await then(context);
    await app.close();
    return {
      records: report.totals.read,
      importMs,
      scoringMs,
      rescoreMs,
      rescore: outcomes.find((o) => o.kind === 'patent-value-rescore')?.result,
    };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function printCost(label: string, m: Measured): void {
  const share = (m.scoringMs / m.importMs) * 100;
  console.log(
    `${label}: ${m.records} records imported in ${(m.importMs / 1000).toFixed(1)} s; value scoring inside the import ` +
      `${(m.scoringMs / 1000).toFixed(2)} s (${share.toFixed(1)} %, ${((m.scoringMs / m.records) * 1000).toFixed(0)} µs a record); ` +
      `rescore job after it ${(m.rescoreMs / 1000).toFixed(2)} s ${JSON.stringify(m.rescore)}`,
  );
}

const files = patsnapFiles();
if (files.length === 0) {
  console.log(`no PatSnap exports under ${DATA_DIR} (cn-patsnap-*): nothing to calibrate against`);
} else {
  const measured = await importAndScore(files, async (context) => {
    const patsnap: number[] = [];
    const patlas: number[] = [];
    // Diagnosis only (nothing is fitted): each raw indicator's own correlation, and the score's by kind.
    const byIndicator = VALUE_INDICATORS.map(() => ({ ours: [] as number[], theirs: [] as number[] }));
    const byKind = new Map<string, { ours: number[]; theirs: number[] }>();
    let withValue = 0;
    let batches = 0;
    for await (const batch of context.repositories.patents.iterateAll(2000)) {
      batches++;
      const values = await context.repositories.patentValues.findMany(batch.map((p) => p.publicationNumber));
      for (const record of batch) {
        const theirs = patsnapValue(record.extras?.['专利价值']);
        if (theirs === undefined) continue;
        withValue++;
        const row = values.get(record.publicationNumber);
        row?.raw.forEach((raw, i) => {
          if (raw === null) return;
          byIndicator[i]!.ours.push(raw);
          byIndicator[i]!.theirs.push(theirs);
        });
        const ours = row?.score;
        if (ours === null || ours === undefined) continue;
        patsnap.push(theirs);
        patlas.push(ours);
        const kind = /([A-Z])\d?$/.exec(record.publicationNumber)?.[1] ?? '?';
        const group = byKind.get(kind) ?? { ours: [], theirs: [] };
        group.ours.push(ours);
        group.theirs.push(theirs);
        byKind.set(kind, group);
      }
    }
    const rho = spearman(patlas, patsnap);
    console.log(`files: ${files.map((f) => path.relative(DATA_DIR, f)).join(', ')} (${batches} store pages)`);
    console.log(`records with PatSnap 专利价值: ${withValue}; with both values: ${patlas.length}`);
    console.log(`Spearman rho (Patlas score vs PatSnap 专利价值): ${rho.toFixed(3)}`);
    const line = (pairs: { ours: number[]; theirs: number[] }) =>
      pairs.ours.length < 30
        ? `n=${pairs.ours.length}`
        : `${spearman(pairs.ours, pairs.theirs).toFixed(3)} (n=${pairs.ours.length})`;
    console.log(
      `by kind: ${[...byKind]
        .sort()
        .map(([kind, pairs]) => `${kind} ${line(pairs)}`)
        .join('; ')}`,
    );
    console.log(`raw indicators: ${VALUE_INDICATORS.map((id, i) => `${id} ${line(byIndicator[i]!)}`).join('; ')}`);
  });
  printCost('PatSnap exports', measured);
}

if (args.generated) {
  const count = Number(args.generated);
  const file = outFile(`value-corpus-${count}.jsonl`);
  if (!existsSync(file)) await writeCorpus(file, { count, seed: 42, profile: 'full' });
  printCost(`generated ${count} (full profile)`, await importAndScore([file], async () => undefined));
}

/**
 * Patent value calibration and cost (docs/patent-value.md).
 *
 * 1. Imports the PatSnap exports of ../shared/data (cn-patsnap-*) through the product's own import
 *    (its PatSnap format keeps PatSnap's 专利价值 column in `extras`), runs the value rescore job,
 *    and fits the value model (issue 49 item 1): technology field levels and indicator shares, by
 *    rank, on the records carrying 专利价值 whose publication number ends in 0–6 only
 *    (value-fit.ts). Prints Spearman's rho against PatSnap's value on the fit split and on the
 *    held-back split (7–9, never used for fitting), before (the hand-set weights) and after (the
 *    refit), and of the scores the product stored (the committed value-model.json). `--write`
 *    writes the refit to apps/server/src/domains/patent-value/value-model.json.
 * 2. Prints what value evaluation costs an import: the time spent scoring records inside the
 *    import's batches (PatentValueService.scoreForIndex, timed around the product's own method),
 *    against the whole import, and the time of the rescore job that follows. With
 *    `--generated N` it does the same on N generated patents (bench/corpus.ts `full` profile).
 *
 *   npx tsx --conditions=@patlas/source bench/value-calibration.ts [--data ../shared/data] [--write] [--generated 100000]
 *
 * Needs a build (`npx tsc -b`).
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../apps/server/dist/app.js';
import { loadConfig } from '../apps/server/dist/config.js';
import { runImport } from '../apps/server/dist/domains/patent/import/import.service.js';
import { VALUE_INDICATORS, type ValueIndicatorId } from '@patlas/contracts';
import { CohortStats, scoreWith, scoredValue } from '../apps/server/dist/domains/patent-value/value-cohorts.js';
import {
  fieldLevelsOf,
  fitShares,
  isFitRecord,
  ranks,
  scoresOf,
  spearman,
  type FitSample,
} from '../apps/server/dist/domains/patent-value/value-fit.js';
import {
  DIMENSION_OF,
  HAND_DIMENSION_WEIGHTS,
  HAND_INDICATOR_WEIGHTS,
  indicatorRecord,
  mainSubclassOf,
} from '../apps/server/dist/domains/patent-value/value-indicators.js';
import { VALUE_MODEL, type ValueModel } from '../apps/server/dist/domains/patent-value/value-model.js';
import { writeCorpus } from './corpus.js';
import { outFile, SHARED_DATA } from './src/paths.js';

const { values: args } = parseArgs({
  options: { generated: { type: 'string' }, data: { type: 'string' }, write: { type: 'boolean' } },
});
const MODEL_FILE = path.resolve(import.meta.dirname, '../apps/server/src/domains/patent-value/value-model.json');
/** The public data sets (default ../shared/data beside the repository; a worktree passes its own). */
const DATA_DIR = args.data ? path.resolve(args.data) : SHARED_DATA;

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
    const stats = new CohortStats();
    for (let after = ''; ;) {
      const page = await context.repositories.patentValues.page(after, 2000);
      if (page.length === 0) break;
      after = page[page.length - 1]!.publicationNumber;
      for (const row of page) stats.add(row.cohorts, row.raw, 1);
    }
    interface Sample {
      pn: string;
      kind: string;
      fit: boolean;
      subclass: string | undefined;
      raw: ReturnType<typeof indicatorRecord>;
      cohorts: string[];
      stored: number | null;
      value: number;
    }
    const samples: Sample[] = [];
    let withValue = 0;
    for await (const batch of context.repositories.patents.iterateAll(2000)) {
      const values = await context.repositories.patentValues.findMany(batch.map((p) => p.publicationNumber));
      for (const record of batch) {
        const theirs = patsnapValue(record.extras?.['专利价值']);
        if (theirs === undefined) continue;
        withValue++;
        const row = values.get(record.publicationNumber);
        if (!row) continue;
        samples.push({
          pn: record.publicationNumber,
          kind: /([A-Z])\d?$/.exec(record.publicationNumber)?.[1] ?? '?',
          fit: isFitRecord(record.publicationNumber),
          subclass: mainSubclassOf(record),
          raw: indicatorRecord(row.raw),
          cohorts: row.cohorts,
          stored: row.score,
          value: theirs,
        });
      }
    }
    const fitSet = samples.filter((s) => s.fit);
    const heldSet = samples.filter((s) => !s.fit);
    console.log(`files: ${files.map((f) => path.relative(DATA_DIR, f)).join(', ')}`);
    console.log(
      `records with PatSnap 专利价值: ${withValue}; scored: ${samples.length} (fit split, numbers ending 0–6: ${fitSet.length}; held back, 7–9: ${heldSet.length})`,
    );

    // Before: the hand-set weights of the first version.
    const hand: ValueModel = {
      version: 'hand',
      shares: Object.fromEntries(
        VALUE_INDICATORS.map((id) => [id, HAND_DIMENSION_WEIGHTS[DIMENSION_OF[id]] * HAND_INDICATOR_WEIGHTS[id]]),
      ) as Record<ValueIndicatorId, number>,
      descending: ['claimBreadth'],
      fieldLevels: {},
    };
    // After: field levels from the fit split's PatSnap values, then the shares by rank on the fit split.
    const fieldLevels = fieldLevelsOf(fitSet.map((s) => ({ subclass: s.subclass, value: s.value })));
    const withField = (s: Sample, model: ValueModel) => ({
      ...s.raw,
      technologyField: s.subclass ? (model.fieldLevels[s.subclass] ?? null) : null,
    });
    const usedOf = (s: Sample, model: ValueModel): number[] =>
      scoreWith(withField(s, model), s.cohorts, stats, model).indicators.map((x) => scoredValue(x, model));
    const shape: ValueModel = { ...hand, fieldLevels };
    const fitSamples: FitSample[] = fitSet.map((s) => ({ used: usedOf(s, shape), value: s.value }));
    const start = Object.fromEntries(
      VALUE_INDICATORS.map((id) => [id, hand.shares[id] > 0 ? hand.shares[id] : 0.05]),
    ) as Record<ValueIndicatorId, number>;
    // Indicators that count for under 5 % of the fit records (unknown there, or the same for
    // everyone) cannot be fitted: they keep their starting share instead of drifting on noise.
    const countedShare = Object.fromEntries(
      VALUE_INDICATORS.map((id, i) => [
        id,
        fitSet.filter((s) => scoreWith(withField(s, shape), s.cohorts, stats, shape).indicators[i]!.counted).length /
          Math.max(1, fitSet.length),
      ]),
    ) as Record<ValueIndicatorId, number>;
    const fixed = VALUE_INDICATORS.filter((id) => countedShare[id] < 0.05);
    const fitStarted = performance.now();
    const fitted = fitShares(fitSamples, start, { fixed });
    const fitMs = performance.now() - fitStarted;
    const refit: ValueModel = { ...shape, shares: fitted.shares };

    const rho = (set: readonly Sample[], model: ValueModel | 'stored'): string => {
      if (set.length < 30) return `n=${set.length}`;
      if (model === 'stored') {
        const both = set.filter((s) => s.stored !== null);
        return spearman(
          both.map((s) => s.stored!),
          both.map((s) => s.value),
        ).toFixed(3);
      }
      const shares = VALUE_INDICATORS.map((id) => model.shares[id]);
      const scores = scoresOf(
        set.map((s) => ({ used: usedOf(s, model), value: s.value })),
        shares,
      );
      return spearman(
        scores,
        set.map((s) => s.value),
      ).toFixed(3);
    };
    const kinds = [...new Set(samples.map((s) => s.kind))].sort();
    const rows: [string, Sample[]][] = [
      ['fit split (0–6)', fitSet],
      ['held back (7–9)', heldSet],
      ...kinds.map((k): [string, Sample[]] => [`held back, kind ${k}`, heldSet.filter((s) => s.kind === k)]),
      ['all', samples],
    ];
    console.log(
      `\nSpearman rho against PatSnap 专利价值 (before: hand-set weights; after: refit now; stored: the product's scores, value-model.json ${VALUE_MODEL.version})`,
    );
    console.log(
      `${'set'.padEnd(24)} ${'n'.padStart(6)} ${'before'.padStart(7)} ${'after'.padStart(7)} ${'stored'.padStart(7)}`,
    );
    for (const [label, set] of rows) {
      console.log(
        `${label.padEnd(24)} ${String(set.length).padStart(6)} ${rho(set, hand).padStart(7)} ${rho(set, refit).padStart(7)} ${rho(set, 'stored').padStart(7)}`,
      );
    }
    console.log(
      `\nfit: ${fitted.rounds} rounds, ${fitted.evaluations} evaluations, ${(fitMs / 1000).toFixed(1)} s; ` +
        `${Object.keys(fieldLevels).length} field levels (IPC subclasses of the fit split); ` +
        `* = counted for under 5 % of the fit records, not fitted (keeps its starting share)`,
    );
    console.log(
      `${'indicator'.padEnd(22)} ${'counted'.padStart(8)} ${'hand share'.padStart(10)} ${'fitted'.padStart(7)}  own rho (held back, raw)`,
    );
    for (const id of VALUE_INDICATORS) {
      const known = heldSet.filter((s) => s.raw[id] !== null || id === 'technologyField');
      const own =
        id === 'technologyField'
          ? spearman(
              known.map((s) => (s.subclass ? (fieldLevels[s.subclass] ?? 50) : 50)),
              known.map((s) => s.value),
            )
          : known.length >= 30
            ? spearman(
                known.map((s) => s.raw[id]!),
                known.map((s) => s.value),
              )
            : Number.NaN;
      console.log(
        `${id.padEnd(22)} ${`${(countedShare[id] * 100).toFixed(0)} %`.padStart(8)} ${hand.shares[id].toFixed(3).padStart(10)} ${fitted.shares[id].toFixed(3).padStart(7)}${fixed.includes(id) ? '*' : ' '} ${Number.isNaN(own) ? `n=${known.length}` : `${own.toFixed(3)} (n=${known.length})`}`,
      );
    }
    if (args.write) {
      const body = { shares: fitted.shares, descending: refit.descending, fieldLevels };
      const version = `fit-${createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 12)}`;
      const heldRho = Number(rho(heldSet, refit));
      const model = {
        version,
        ...body,
        fit: {
          reference: 'PatSnap 专利价值 (cn-patsnap-zhongzhixin-renyidake, 2020-2022中之信.xlsx)',
          method:
            'value-fit.ts: field levels = shrunk mean percentile of the value per IPC subclass; shares by coordinate search on Spearman rho',
          fitRecords: fitSet.length,
          heldBackRecords: heldSet.length,
          fitRho: Math.round(fitted.rho * 1000) / 1000,
          heldBackRho: heldRho,
          notFitted: fixed,
        },
      };
      writeFileSync(MODEL_FILE, `${JSON.stringify(model, null, 2)}\n`);
      console.log(`wrote ${path.relative(process.cwd(), MODEL_FILE)} (${version})`);
    }
    void ranks;
  });
  printCost('PatSnap exports', measured);
}

if (args.generated) {
  const count = Number(args.generated);
  const file = outFile(`value-corpus-${count}.jsonl`);
  if (!existsSync(file)) await writeCorpus(file, { count, seed: 42, profile: 'full' });
  printCost(`generated ${count} (full profile)`, await importAndScore([file], async () => undefined));
}

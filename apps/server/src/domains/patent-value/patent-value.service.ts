import { setImmediate } from 'node:timers/promises';
import {
  INVENTOR_STAT_MAX_INVENTORS,
  INVENTOR_STAT_PATENTS,
  MAX_VALUE_REPORT_DOCUMENT_PATENTS,
  type InventorStat,
  type InventorStats,
  type Language,
  type Patent,
  type PatentValue,
  type ValueReportFormat,
} from '@patlas/contracts';
import type { IndexablePatent, SearchEngine, ValueScoreUpdate } from '@patlas/engine';
import { matchAllTerm } from '@patlas/query';
import type { FastifyBaseLogger } from 'fastify';
import type { CpuPool } from '../../cpu/cpu-pool.js';
import type { Clock } from '../../kernel/clock.js';
import { AppError } from '../../errors.js';
import type { PatentService } from '../patent/index.js';
import type { PatentValueRepository, PatentValueRow } from './patent-value.repository.js';
import { CohortHistogram, CohortStats, chooseCohort, cohortPathOf, scoreWith } from './value-cohorts.js';
import { indicatorArray, indicatorRecord, rawIndicatorsOf } from './value-indicators.js';
import { VALUE_MODEL } from './value-model.js';
import { valueReportFile, type ValueReportFile } from './value-report.js';

export interface PatentValueDeps {
  repository: PatentValueRepository;
  patents: PatentService;
  engine: SearchEngine;
  /** The CPU workers: the writers run there, off the HTTP thread. */
  cpu: CpuPool;
  /** Runs a task once the imports and index repairs queued before it have ended (import.service). */
  indexWrites: <T>(task: () => Promise<T>) => Promise<T>;
  /** Queues the background rescore (patent-value.job.ts). */
  enqueueRescore: () => Promise<void>;
  now: Clock;
  log?: FastifyBaseLogger;
}

/**
 * A cohort's distribution moved noticeably when it holds this share more or fewer patents than
 * when its members were last scored: the rescore job then scores them again.
 */
export const COHORT_MOVE_SHARE = 0.05;
/** Scores that moved less than this are not written again (the index keeps one decimal). */
const SCORE_EPSILON = 0.05;
const PAGE = 500;

/**
 * Lets the event loop serve requests between two pages. The store's driver (better-sqlite3 under
 * Kysely) answers synchronously, so a loop of awaited queries alone never gives the loop a turn:
 * a 1M rescore held every request for its whole two minutes.
 */
const yieldToRequests = () => setImmediate();
/**
 * Cohorts whose histograms are serialised and written in one transaction: a large corpus has tens
 * of thousands (subclass × year), and writing them all at once held the event loop for seconds.
 */
const COHORT_SLICE = 100;
/**
 * Records a page of the rescore: read, scored, written to the store and to the index with a turn of
 * the event loop between each step, each a few milliseconds (500 records at once held it ~100 ms).
 */
const RESCORE_PAGE = 100;

export interface RescoreReport {
  /** Records given value indicators for the first time (stored before value evaluation existed). */
  backfilled: number;
  cohorts: number;
  movedCohorts: number;
  /** Records whose score was computed again / written because it changed. */
  rescored: number;
  changed: number;
  elapsedMs: number;
}

/**
 * Patent value (docs/patent-value.md): raw indicators per record at index time, cohort
 * distributions as histograms in the store, scores from them; a background job scores a cohort's
 * members again when its distribution moves.
 */
export class PatentValueService {
  private stats: CohortStats | undefined;
  /** Cohorts changed since the histograms were last saved. */
  private readonly dirty = new Set<string>();

  constructor(private readonly deps: PatentValueDeps) {}

  private today(): string {
    return this.deps.now().toISOString().slice(0, 10);
  }

  private async loadStats(): Promise<CohortStats> {
    if (this.stats) return this.stats;
    const stats = new CohortStats();
    // Parsed COHORT_SLICE histograms at a time: tens of thousands at 1M records.
    for (const [i, row] of (await this.deps.repository.allCohorts()).entries()) {
      if (i > 0 && i % COHORT_SLICE === 0) await yieldToRequests();
      stats.cohorts.set(
        row.cohort,
        CohortHistogram.fromJSON(JSON.parse(row.histograms) as Parameters<typeof CohortHistogram.fromJSON>[0]),
      );
    }
    this.stats ??= stats;
    return this.stats;
  }

  /**
   * The records of an index batch with their value scores: their raw indicators computed and
   * stored, their cohorts' histograms updated (the records' previous values taken out first), and
   * each scored against the histograms as they now stand. `removed` records leave the histograms.
   */
  async scoreForIndex(records: readonly Patent[], removed: readonly string[] = []): Promise<IndexablePatent[]> {
    const { repository } = this.deps;
    const stats = await this.loadStats();
    const previous = await repository.findMany([...records.map((r) => r.publicationNumber), ...removed]);
    for (const row of previous.values()) {
      stats.add(row.cohorts, row.raw, -1);
      for (const key of row.cohorts) this.dirty.add(key);
    }
    const today = this.today();
    const computed = records.map((record) => {
      const raw = rawIndicatorsOf(record, today);
      const path = cohortPathOf(record);
      const values = indicatorArray(raw);
      stats.add(path, values, 1);
      for (const key of path) this.dirty.add(key);
      return { record, raw, path, values };
    });
    const at = this.deps.now().toISOString();
    const rows: PatentValueRow[] = computed.map(({ record, raw, path, values }) => {
      const scored = scoreWith(raw, path, stats);
      return {
        publicationNumber: record.publicationNumber,
        cohorts: path,
        cohort: scored.cohort.key,
        raw: values,
        score: scored.score,
        computedAt: at,
      };
    });
    await repository.upsertMany(rows);
    if (removed.length > 0) await repository.deleteMany(removed);
    return computed.map(({ record }, i) => withScore(record, rows[i]?.score ?? null));
  }

  /**
   * Records read back from the store for the index (a rebuild, a repair) with their stored
   * scores; a record without one is scored as at import.
   */
  async withStoredScores(records: readonly Patent[]): Promise<IndexablePatent[]> {
    const stored = await this.deps.repository.findMany(records.map((r) => r.publicationNumber));
    const missing = records.filter((r) => !stored.has(r.publicationNumber));
    const scored = new Map(
      (await this.scoreForIndex(missing)).map((p) => [p.publicationNumber, p.valueScore ?? null] as const),
    );
    if (missing.length > 0) await this.saveStats();
    return records.map((r) =>
      withScore(r, stored.get(r.publicationNumber)?.score ?? scored.get(r.publicationNumber) ?? null),
    );
  }

  /** Writes the histograms changed since the last save (an import's end). */
  async saveStats(): Promise<void> {
    if (this.dirty.size === 0 || !this.stats) return;
    const stats = this.stats;
    const keys = [...this.dirty];
    this.dirty.clear();
    await this.writeCohorts(
      stats,
      keys.filter((k) => stats.cohorts.has(k)),
      keys.filter((k) => !stats.cohorts.has(k)),
      { markScored: false, at: this.deps.now().toISOString() },
    );
  }

  /**
   * Saves the histograms of `keys` and deletes the `removed` cohorts, COHORT_SLICE cohorts a
   * transaction with a turn of the event loop between two: each slice is a few milliseconds of
   * work. A stop between two slices leaves the rest to the next save (the rescore rebuilds every
   * histogram from the records).
   */
  private async writeCohorts(
    stats: CohortStats,
    keys: readonly string[],
    removed: readonly string[],
    options: { markScored: boolean; at: string },
  ): Promise<void> {
    const { repository } = this.deps;
    if (removed.length > 0) await repository.saveCohorts([], { ...options, removed });
    for (let i = 0; i < keys.length; i += COHORT_SLICE) {
      await yieldToRequests();
      const slice = keys.slice(i, i + COHORT_SLICE).map((cohort) => {
        const h = stats.cohorts.get(cohort)!;
        return { cohort, size: h.size, histograms: JSON.stringify(h.toJSON()) };
      });
      await repository.saveCohorts(slice, options);
    }
  }

  /** After an import: the histograms saved, the rescore queued (cohorts the import moved). */
  async afterImport(): Promise<void> {
    await this.saveStats();
    await this.deps.enqueueRescore();
  }

  /**
   * Queues the rescore when stored records lack value indicators (an installation from before them)
   * or were scored with another value model (value-model.json changed: new weights or indicators).
   */
  async scheduleBackfillIfNeeded(): Promise<boolean> {
    const [values, records] = await Promise.all([this.deps.repository.count(), this.deps.patents.count()]);
    // An empty store: whatever is imported next is computed with this model.
    if (values === 0 && records === 0) await this.deps.repository.setModelVersion(VALUE_MODEL.version);
    if (values >= records && !(values > 0 && (await this.modelChanged()))) return false;
    await this.deps.enqueueRescore();
    return true;
  }

  private async recordOf(pn: string): Promise<Patent> {
    const record = await this.deps.patents.findRecord(pn);
    if (!record) throw new AppError('PATENT_NOT_FOUND', { pn });
    return record;
  }

  /**
   * `/patentValue/evaluate/{pn}`: the score with its dimensions, every indicator (raw value,
   * percentile, weight, share) and the cohort, against the histograms as they stand now. When the
   * stored score was taken against an older distribution, the new one is stored and indexed (once the
   * imports queued before it have ended), so the panel and the PV field agree.
   */
  async evaluate(pn: string): Promise<PatentValue> {
    const record = await this.recordOf(pn);
    const row = (await this.deps.repository.findMany([record.publicationNumber])).get(record.publicationNumber);
    if (!row) return this.refresh(pn);
    const stats = await this.loadStats();
    const scored = scoreWith(indicatorRecord(row.raw), row.cohorts, stats);
    let computedAt = row.computedAt;
    if (!sameScore(scored.score, row.score) || scored.cohort.key !== row.cohort) {
      computedAt = this.deps.now().toISOString();
      const at = computedAt;
      // Written after the imports queued before it: the answer does not wait for a long import.
      void this.deps
        .indexWrites(async () => {
          await this.deps.repository.updateScores(
            [{ publicationNumber: row.publicationNumber, cohort: scored.cohort.key, score: scored.score }],
            at,
          );
          await this.deps.engine.setValueScores([
            { publicationNumber: row.publicationNumber, valueScore: scored.score },
          ]);
        })
        .catch((err: unknown) => this.deps.log?.error({ err, pn: row.publicationNumber }, 'value score not stored'));
    }
    return { publicationNumber: record.publicationNumber, ...scored, computedAt };
  }

  /** `/patentValue/refresh/{pn}`: the indicators read again from the record, the score computed and indexed. */
  async refresh(pn: string): Promise<PatentValue> {
    const record = await this.recordOf(pn);
    const [scored] = await this.deps.indexWrites(async () => {
      const indexed = await this.scoreForIndex([record]);
      await this.saveStats();
      await this.deps.engine.setValueScores(
        indexed.map((p) => ({ publicationNumber: p.publicationNumber, valueScore: p.valueScore ?? null })),
      );
      return indexed;
    });
    const stats = await this.loadStats();
    const result = scoreWith(rawIndicatorsOf(record, this.today()), cohortPathOf(record), stats);
    return {
      publicationNumber: record.publicationNumber,
      ...result,
      score: scored?.valueScore ?? result.score,
      computedAt: this.deps.now().toISOString(),
    };
  }

  /**
   * The background rescore (patent-value.job.ts): records stored without value indicators get
   * them; the histograms are rebuilt from every record's stored indicators (so they hold exactly
   * what the store holds, whichever process imported); the members of cohorts whose size moved by
   * more than COHORT_MOVE_SHARE since they were scored, and records whose cohort changed, are
   * scored again; changed scores are stored and indexed. Runs between imports, never beside one.
   */
  async rescore(signal?: AbortSignal): Promise<RescoreReport> {
    return this.deps.indexWrites(() => this.rescoreNow(signal));
  }

  /** The stored values were computed with another value model than the one this build carries. */
  private async modelChanged(): Promise<boolean> {
    return (await this.deps.repository.modelVersion()) !== VALUE_MODEL.version;
  }

  private async rescoreNow(signal?: AbortSignal): Promise<RescoreReport> {
    const started = performance.now();
    const { repository, engine } = this.deps;
    // Another model: every record's indicators are read again (new indicators, new field levels)
    // and every cohort's members scored again with the new weights.
    const modelChanged = (await repository.count()) > 0 && (await this.modelChanged());
    const backfilled = await this.backfill(signal, modelChanged);
    await this.saveStats();

    const stats = new CohortStats();
    for (let after = ''; ;) {
      const page = await repository.page(after, RESCORE_PAGE);
      if (page.length === 0) break;
      after = page[page.length - 1]!.publicationNumber;
      for (const row of page) stats.add(row.cohorts, row.raw, 1);
      await yieldToRequests();
    }
    const scoredSizes = await repository.scoredSizes();
    const moved = new Set<string>();
    for (const [key, h] of stats.cohorts) {
      const before = scoredSizes.get(key) ?? 0;
      if (modelChanged || before === 0 || Math.abs(h.size - before) > COHORT_MOVE_SHARE * before) moved.add(key);
    }
    this.stats = stats;
    this.dirty.clear();

    let rescored = 0;
    let changed = 0;
    const at = this.deps.now().toISOString();
    for (let after = ''; !signal?.aborted;) {
      const page = await repository.page(after, RESCORE_PAGE);
      if (page.length === 0) break;
      after = page[page.length - 1]!.publicationNumber;
      await yieldToRequests();
      const updates: { publicationNumber: string; cohort: string; score: number | null }[] = [];
      for (const row of page) {
        const cohort = chooseCohort(row.cohorts, stats);
        if (!moved.has(cohort) && cohort === row.cohort) continue;
        rescored += 1;
        const { score } = scoreWith(indicatorRecord(row.raw), row.cohorts, stats);
        if (cohort !== row.cohort || !sameScore(score, row.score)) {
          updates.push({ publicationNumber: row.publicationNumber, cohort, score });
        }
      }
      changed += updates.length;
      if (updates.length === 0) continue;
      await yieldToRequests();
      await repository.updateScores(updates, at);
      await yieldToRequests();
      await engine.setValueScores(
        updates.map((u): ValueScoreUpdate => ({ publicationNumber: u.publicationNumber, valueScore: u.score })),
      );
      await yieldToRequests();
    }
    if (!signal?.aborted) {
      const previous = new Set(scoredSizes.keys());
      await this.writeCohorts(
        stats,
        [...stats.cohorts.keys()],
        [...previous].filter((k) => !stats.cohorts.has(k)),
        { markScored: true, at },
      );
      await repository.setModelVersion(VALUE_MODEL.version);
    }
    const report: RescoreReport = {
      backfilled,
      cohorts: stats.cohorts.size,
      movedCohorts: moved.size,
      rescored,
      changed,
      elapsedMs: Math.round(performance.now() - started),
    };
    this.deps.log?.info({ module: 'patent-value', ...report }, 'patent value rescore');
    return report;
  }

  /**
   * Stored records without value indicators get them (scored now, indexed by the rescore that
   * follows); with `all`, every record's indicators are read again (the value model changed).
   */
  private async backfill(signal?: AbortSignal, all = false): Promise<number> {
    const [values, records] = await Promise.all([this.deps.repository.count(), this.deps.patents.count()]);
    if (values >= records && !all) return 0;
    let done = 0;
    for await (const batch of this.deps.patents.iterateAll(PAGE)) {
      if (signal?.aborted) break;
      await yieldToRequests();
      const held = await this.deps.repository.findMany(batch.map((p) => p.publicationNumber));
      const missing = all ? batch : batch.filter((p) => !held.has(p.publicationNumber));
      if (missing.length === 0) continue;
      const scored = await this.scoreForIndex(missing);
      await this.deps.engine.setValueScores(
        scored.map((p) => ({ publicationNumber: p.publicationNumber, valueScore: p.valueScore ?? null })),
      );
      done += missing.length;
    }
    return done;
  }

  /**
   * `/patentValue/inventorStat/{pn}`: for each inventor of the patent (exact name, as the index
   * holds it), their patents in the corpus (count and a few others), patents per application year,
   * co-inventors and main IPC subclasses.
   */
  async inventorStats(pn: string): Promise<InventorStats> {
    const record = await this.recordOf(pn);
    const names = [...new Set((record.inventors ?? []).map((p) => p.name.trim()).filter(Boolean))].slice(
      0,
      INVENTOR_STAT_MAX_INVENTORS,
    );
    const { engine } = this.deps;
    const all = matchAllTerm();
    const inventors = await Promise.all(
      names.map(async (name): Promise<InventorStat> => {
        const filters = [{ field: 'inventor' as const, values: [name] }];
        const [facets, page] = await Promise.all([
          engine.facets(all, ['year', 'ipcSubclass', 'inventor'], { filters, limit: 50 }),
          engine.search({ ast: all, filters, sort: { field: 'AD' }, pageSize: INVENTOR_STAT_PATENTS + 1 }),
        ]);
        return {
          name,
          patentCount: page.total,
          otherPatents: page.items
            .filter((hit) => hit.publicationNumber !== record.publicationNumber)
            .slice(0, INVENTOR_STAT_PATENTS)
            .map((hit) => ({
              publicationNumber: hit.publicationNumber,
              ...(hit.title ? { title: hit.title } : {}),
              ...(hit.applicationDate ? { applicationDate: hit.applicationDate } : {}),
              ...(hit.valueScore !== undefined ? { valueScore: hit.valueScore } : {}),
            })),
          perYear: (facets.year ?? [])
            .map((b) => ({ year: b.value, count: b.count }))
            .sort((a, b) => a.year.localeCompare(b.year)),
          coInventors: (facets.inventor ?? [])
            .filter((b) => b.value !== name)
            .slice(0, 10)
            .map((b) => ({ name: b.value, count: b.count })),
          mainIpc: (facets.ipcSubclass ?? []).slice(0, 5).map((b) => ({ code: b.value, count: b.count })),
        };
      }),
    );
    return { publicationNumber: record.publicationNumber, inventors };
  }

  /**
   * `/patentValue/download`: a value report of one or a few patents (docx, pdf) or many (xlsx),
   * each patent evaluated as `evaluate` answers it. Numbers the database does not hold are refused.
   */
  async report(numbers: readonly string[], format: ValueReportFormat, lang: Language): Promise<ValueReportFile> {
    const unique = [...new Set(numbers)];
    if (format !== 'xlsx' && unique.length > MAX_VALUE_REPORT_DOCUMENT_PATENTS) {
      throw new AppError('PATENT_VALUE_REPORT_TOO_MANY', { max: MAX_VALUE_REPORT_DOCUMENT_PATENTS });
    }
    const entries: { patent: Patent; value: PatentValue }[] = [];
    for (const pn of unique) {
      const patent = await this.recordOf(pn);
      entries.push({ patent, value: await this.evaluate(patent.publicationNumber) });
    }
    const body = await this.deps.cpu.run('valueReport', { entries, format, lang, at: this.deps.now() });
    return valueReportFile(entries, format, lang, body);
  }
}

function withScore(record: Patent, score: number | null): IndexablePatent {
  return score === null ? record : { ...record, valueScore: score };
}

function sameScore(a: number | null, b: number | null): boolean {
  if (a === null || b === null) return a === b;
  return Math.abs(a - b) < SCORE_EPSILON;
}

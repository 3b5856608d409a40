import type { PatentImportContext } from './import-context.js';
import { readDemoManifest } from './demo-loader.js';
import { differencesOf, verifySearchIndex } from './index-verify.js';
import { INDEX_PENDING_KEY, noteInStepSinceStart, takeInStepMark } from './index-in-step.js';
import { importFiles, type ImportOptions, type ImportReport } from './import-files.js';
import { detectFormat, FORMATS } from './registry.js';
import { convertDrawing } from './shared/drawings.js';
import type { DataVersionOrigin } from '../data-version.repository.js';

export type RunImportOptions = Pick<
  ImportOptions,
  'format' | 'formatsByFile' | 'sourcesByFile' | 'onProgress' | 'onError' | 'signal' | 'batchSize'
> & {
  /** Where the import comes from, recorded with its data version (default other). */
  origin?: DataVersionOrigin;
};

/** Per installation: the import or index repair running, which the next one waits for. */
const indexWrites = new WeakMap<PatentImportContext, Promise<unknown>>();

/**
 * Runs `task` once the imports and repairs of this installation queued before it have ended: a
 * repair that read a record while an import rewrote it could otherwise index the older version
 * after the import indexed the newer one. Value scores written to the index go through it too
 * (withIndexWrites), so a rescore never writes an older score after an import's newer one.
 */
export function withIndexWrites<T>(context: PatentImportContext, task: () => Promise<T>): Promise<T> {
  return exclusive(context, task);
}

function exclusive<T>(context: PatentImportContext, task: () => Promise<T>): Promise<T> {
  const before = indexWrites.get(context) ?? Promise.resolve();
  const run = before.then(task, task);
  indexWrites.set(
    context,
    run.catch(() => undefined),
  );
  return run;
}

/**
 * Imports files into this installation's store and its search index. The index follows the store
 * batch by batch, with the records as merged, through the engine's bulk load: its analysis and
 * writes run on worker threads while this thread reads and stores the next batches.
 */
export async function runImport(
  context: PatentImportContext,
  files: readonly string[],
  options: RunImportOptions = {},
): Promise<ImportReport> {
  return exclusive(context, () => importAndIndex(context, files, options));
}

async function importAndIndex(
  context: PatentImportContext,
  files: readonly string[],
  options: RunImportOptions,
): Promise<ImportReport> {
  const patents = context.repositories.patents;
  const versions = context.repositories.dataVersions;
  const { origin = 'other', ...importOptions } = options;
  await patents.setMeta(INDEX_PENDING_KEY, new Date().toISOString());
  // Every import is a data version: what it adds and changes is recorded for the alerts (issue 19).
  const version = await versions.begin(origin, context.now().toISOString());
  // The store holds every record indexed here: the index reads their texts from it. Their semantic
  // vectors follow in the background (SemanticModelKeeper.refresh, after the import).
  const bulk = context.engine.bulkLoad({ textsInStore: true, embedLater: true });
  patents.beginImport(version);
  let report: ImportReport;
  try {
    report = await importFiles(files, {
      // Batches of 1,000: a store transaction and an index batch each (~8 % faster than 500, measured).
      batchSize: 1000,
      ...importOptions,
      repository: patents,
      formats: FORMATS,
      detectFormat: (file) => detectFormat(file, FORMATS),
      drawingsDir: context.drawingsDir,
      convertDrawing,
      onBatch: async (stored, removed) => {
        // Each record with its value score, from its indicators and its cohort as it now stands.
        const scored = await context.services.patentValue.scoreForIndex(stored, removed);
        await bulk.index(scored, { remove: removed });
        // Drawing features for image search are computed in the background (image-index job).
        if (stored.some((p) => p.drawings?.length)) await context.imageIndex.scheduleIndexing();
      },
    });
  } catch (err) {
    // What was queued is still written; the first error is the one to report.
    await bulk.finish().catch(() => undefined);
    await patents.endImport().catch(() => undefined);
    // What was stored stays: the version's changes are reported.
    await versions.finish(version, context.now().toISOString(), { inserted: 0, updated: 0 }).catch(() => undefined);
    await context.services.patentValue.afterImport().catch(() => undefined);
    throw err;
  }
  // Every record is stored: the staged citations merge on this thread while the index's writer
  // thread still commits the last batches (the two work on different files).
  await patents.endImport();
  await bulk.finish();
  // Records indexed again lost their awards, and new records may be on the award list (domains/award).
  await context.services.awards.syncIndexNow();
  await patents.setMeta(INDEX_PENDING_KEY, '');
  // Finished once the index holds its records: an alert run then finds them by expression.
  await versions.finish(version, context.now().toISOString(), {
    inserted: report.totals.inserted,
    updated: report.totals.updated,
  });
  // The cohorts this import moved are scored again in the background (patent-value-rescore).
  await context.services.patentValue.afterImport();
  return { ...report, versionId: version };
}

/** What the start-up sync did. */
export interface SearchIndexSync {
  /** False when the last clean shutdown's mark still held and the record-by-record verify was skipped. */
  verified: boolean;
  /** Records indexed again or removed (a rebuild counts every record). */
  repaired: number;
}

/**
 * Brings the search index in line with the store at start (in the background): a new index schema
 * version or a deleted index file (the index is rebuilt whole), an import cut short by a crash, a
 * store written by another process. Record by record (verifySearchIndex): missing and stale records
 * are indexed again, extra ones removed. After a clean shutdown with nothing written since
 * (index-in-step.ts), the index is known to be in step and the verify is skipped.
 */
export async function syncSearchIndex(context: PatentImportContext, signal?: AbortSignal): Promise<SearchIndexSync> {
  return exclusive(context, async () => {
    const patents = context.repositories.patents;
    try {
      if (await takeInStepMark(context)) {
        noteInStepSinceStart(context);
        return { verified: false, repaired: 0 };
      }
      const [stored, indexed] = await Promise.all([patents.count(), context.engine.versions({ after: '', limit: 1 })]);
      if (stored > 0 && indexed.length === 0) {
        const rebuilt = await rebuildSearchIndex(context, signal);
        if (!signal?.aborted) noteInStepSinceStart(context);
        return { verified: true, repaired: rebuilt };
      }
      const report = await verifySearchIndex(context, {
        repair: true,
        ...(signal ? { signal } : {}),
        onRepairStart: () => {
          context.demo.loading = true;
        },
      });
      if (report.repaired) {
        await patents.setMeta(INDEX_PENDING_KEY, '');
        noteInStepSinceStart(context);
      }
      return { verified: true, repaired: differencesOf(report) };
    } finally {
      context.demo.loading = false;
    }
  });
}

/** An empty index filled from the store in one pass (no per-record comparison to make). */
async function rebuildSearchIndex(context: PatentImportContext, signal?: AbortSignal): Promise<number> {
  context.demo.loading = true;
  let done = 0;
  // Vectors in the background, as after an import (main.ts refreshes the semantic space after this).
  const bulk = context.engine.bulkLoad({ textsInStore: true, embedLater: true });
  try {
    for await (const batch of context.repositories.patents.iterateAll(1000)) {
      if (signal?.aborted) break;
      await bulk.index(await context.services.patentValue.withStoredScores(batch));
      done += batch.length;
    }
  } finally {
    await bulk.finish();
  }
  if (!signal?.aborted) await context.repositories.patents.setMeta(INDEX_PENDING_KEY, '');
  return done;
}

const DEMO_META_KEY = 'demo_corpus_fingerprint';

/**
 * Loads the shipped demo corpus when this installation has not loaded this version of it yet.
 * Returns undefined when there was nothing to do. Safe to interrupt: the next start loads again
 * (upserts change nothing for records already stored).
 */
export async function loadDemoCorpusIfNeeded(
  context: PatentImportContext,
  options: Pick<RunImportOptions, 'signal' | 'onProgress'> = {},
): Promise<ImportReport | undefined> {
  if (!context.config.demo.enabled) return undefined;
  const manifest = await readDemoManifest(context.config.demo.dir);
  if (manifest.files.length === 0) return undefined;
  if ((await context.repositories.patents.getMeta(DEMO_META_KEY)) === manifest.fingerprint) return undefined;
  context.demo.loading = true;
  try {
    const report = await runImport(context, manifest.files, {
      ...options,
      formatsByFile: manifest.formatsByFile,
      sourcesByFile: manifest.sourcesByFile,
      origin: 'demo',
    });
    if (!options.signal?.aborted) await context.repositories.patents.setMeta(DEMO_META_KEY, manifest.fingerprint);
    return report;
  } finally {
    context.demo.loading = false;
  }
}

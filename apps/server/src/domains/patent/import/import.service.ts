import type { AppContext } from '../../../composition.js';
import { readDemoManifest } from './demo-loader.js';
import { importFiles, type ImportOptions, type ImportReport } from './import-files.js';
import { detectFormat, FORMATS } from './registry.js';
import { convertDrawing } from './shared/drawings.js';

export type RunImportOptions = Pick<
  ImportOptions,
  'format' | 'formatsByFile' | 'sourcesByFile' | 'onProgress' | 'onError' | 'signal' | 'batchSize'
>;

/** Imports files into this installation's store (and, through onBatch, its search index). */
export async function runImport(
  context: AppContext,
  files: readonly string[],
  options: RunImportOptions = {},
): Promise<ImportReport> {
  return importFiles(files, {
    ...options,
    repository: context.repositories.patents,
    formats: FORMATS,
    detectFormat: (file) => detectFormat(file, FORMATS),
    drawingsDir: context.drawingsDir,
    convertDrawing,
    // The search index follows the store batch by batch, with the records as merged.
    onBatch: async (stored, removed) => {
      if (removed.length > 0) await context.engine.remove(removed);
      await context.engine.index(stored);
      // Drawing features for image search are computed in the background (image-index job).
      if (stored.some((p) => p.drawings?.length)) await context.imageIndex.scheduleIndexing();
    },
  });
}

/**
 * Rebuilds the search index from the store when they disagree (a new index schema version, a
 * deleted index file, a store filled by another process). Runs in the background at start.
 */
export async function syncSearchIndex(context: AppContext, signal?: AbortSignal): Promise<number> {
  const [stored, indexed] = await Promise.all([context.repositories.patents.count(), context.engine.size()]);
  if (stored === indexed) return 0;
  context.demo.loading = true;
  let done = 0;
  try {
    for await (const batch of context.repositories.patents.iterateAll(1000)) {
      if (signal?.aborted) break;
      await context.engine.index(batch);
      done += batch.length;
    }
  } finally {
    context.demo.loading = false;
  }
  return done;
}

const DEMO_META_KEY = 'demo_corpus_fingerprint';

/**
 * Loads the shipped demo corpus when this installation has not loaded this version of it yet.
 * Returns undefined when there was nothing to do. Safe to interrupt: the next start loads again
 * (upserts change nothing for records already stored).
 */
export async function loadDemoCorpusIfNeeded(
  context: AppContext,
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
    });
    if (!options.signal?.aborted) await context.repositories.patents.setMeta(DEMO_META_KEY, manifest.fingerprint);
    return report;
  } finally {
    context.demo.loading = false;
  }
}

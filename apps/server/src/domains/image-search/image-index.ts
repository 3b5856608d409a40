import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { Patent } from '@patlas/contracts';
import { extractDrawingFeatures, type ImageEmbedder } from './image-features.js';
import type { DrawingFeatureRecord, ImageSearchRepository } from './image-search.repository.js';

/**
 * Version of the feature extractor (normalisation, hash, CNN layer). Rows of another version are
 * not searched and are computed again, so changing the extractor means changing this.
 */
export const FEATURE_MODEL = 'phash64+mobilenetv2-flatten1@1';

/** What the indexer needs of the patent store. */
export interface PatentSource {
  /** Every record that has drawings (others may be included; they are skipped). */
  iterateWithDrawings(batchSize?: number): AsyncGenerator<Patent[]>;
}

export interface IndexRunResult {
  indexed: number;
  failed: number;
  removed: number;
  /** drawings still to do when the run was stopped (shutdown) */
  pending: number;
}

const SAVE_EVERY = 16;

/**
 * Keeps the drawing feature index in step with the patent store: computes the features of every
 * stored drawing not indexed yet (by this FEATURE_MODEL) and drops rows of drawings the store no
 * longer has. Runs as the `image-index` job (image-index.job.ts), never on a request.
 */
export class ImageIndexer {
  /** Drawings of the store without features as of the last scan, counted down while indexing. */
  pendingDrawings = 0;

  constructor(
    private readonly repository: ImageSearchRepository,
    private readonly patents: PatentSource,
    private readonly embedder: ImageEmbedder,
    private readonly drawingsDir: string,
    private readonly now: () => Date,
    /** Called after each saved chunk, so searches see new drawings at once, and at the end of a run (records may have changed). */
    private readonly onIndexed: () => void,
  ) {}

  /** Drawing file → publication number, for every drawing of every stored patent. */
  async storedDrawings(): Promise<Map<string, string>> {
    const drawings = new Map<string, string>();
    for await (const batch of this.patents.iterateWithDrawings(1000)) {
      for (const patent of batch) {
        for (const drawing of patent.drawings ?? []) drawings.set(drawing.file, patent.publicationNumber);
      }
    }
    return drawings;
  }

  /** Drawings of the store without features, and indexed files no longer in the store. */
  async diff(): Promise<{ pending: [string, string][]; stale: string[] }> {
    const [stored, indexed] = await Promise.all([this.storedDrawings(), this.repository.indexedFiles(FEATURE_MODEL)]);
    const pending = [...stored].filter(([file]) => !indexed.has(file));
    const stale = [...indexed].filter((file) => !stored.has(file));
    return { pending, stale };
  }

  /**
   * Indexes until the store has no drawing left without features (an import may add drawings while
   * this runs). A drawing whose file is not there yet is left for a later run; one that cannot be read
   * is recorded with its error and not retried.
   */
  async run(signal?: AbortSignal): Promise<IndexRunResult> {
    const result: IndexRunResult = { indexed: 0, failed: 0, removed: 0, pending: 0 };
    const skipped = new Set<string>();
    for (;;) {
      const { pending, stale } = await this.diff();
      if (stale.length > 0) {
        await this.repository.deleteFiles(stale);
        result.removed += stale.length;
        this.onIndexed();
      }
      const todo = pending.filter(([file]) => !skipped.has(file));
      this.pendingDrawings = todo.length;
      if (todo.length === 0) {
        // The import that queued this run may have changed the records' classes or dates only.
        this.onIndexed();
        return result;
      }
      let chunk: DrawingFeatureRecord[] = [];
      const save = async () => {
        await this.repository.saveFeatures(chunk, FEATURE_MODEL, this.now().toISOString());
        chunk = [];
        this.onIndexed();
      };
      for (const [index, [file, publicationNumber]] of todo.entries()) {
        if (signal?.aborted) {
          await save();
          result.pending = todo.length - index;
          return result;
        }
        const fullPath = path.join(this.drawingsDir, file);
        const exists = await stat(fullPath).then(
          (s) => s.isFile(),
          () => false,
        );
        if (!exists) {
          skipped.add(file);
          continue;
        }
        try {
          chunk.push({ file, publicationNumber, features: await extractDrawingFeatures(this.embedder, fullPath) });
          result.indexed += 1;
        } catch (err) {
          chunk.push({ file, publicationNumber, error: err instanceof Error ? err.message : String(err) });
          result.failed += 1;
        }
        this.pendingDrawings = Math.max(0, this.pendingDrawings - 1);
        if (chunk.length >= SAVE_EVERY) await save();
        // Decoding and hashing settle on this thread: let waiting requests through between drawings.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      await save();
    }
  }
}

import { FEATURE_MODEL } from './image-index.js';
import type { IndexedDrawing } from './image-ranking.js';
import type { ImageSearchRepository } from './image-search.repository.js';

/**
 * The drawings' feature index held in memory: read on the first search, dropped when the indexer
 * has saved drawings. Shared by the indexer (which drops it) and the image search (which reads
 * it), so neither calls back into the other.
 */
export class DrawingIndex {
  private index: Promise<IndexedDrawing[]> | undefined;

  constructor(private readonly repository: ImageSearchRepository) {}

  /** The indexed drawings (read again after `invalidate`; a failed read is retried next time). */
  load(): Promise<IndexedDrawing[]> {
    this.index ??= this.repository.loadIndex(FEATURE_MODEL).catch((err: unknown) => {
      this.index = undefined;
      throw err;
    });
    return this.index;
  }

  /** Drops the in-memory index; the next search reads it again (called by the indexer). */
  invalidate(): void {
    this.index = undefined;
  }
}

import type { Patent } from '@patlas/contracts';
import { factsOf, type PatentFacts } from './image-filters.js';
import { FEATURE_MODEL } from './image-index.js';
import type { IndexedDrawing } from './image-ranking.js';
import type { ImageSearchRepository } from './image-search.repository.js';

/** What the image search needs of the patent store: records by publication number. */
export interface PatentLookup {
  getByPublicationNumbers(pns: readonly string[]): Promise<Map<string, Patent>>;
}

/** The index in memory: the drawings' features and, per patent, what the filters read. */
export interface LoadedIndex {
  drawings: IndexedDrawing[];
  facts: Map<string, PatentFacts>;
}

/** Records read per call when the index loads. */
const FACTS_BATCH = 500;

/**
 * The drawings' feature index held in memory: read on the first search, dropped when the indexer
 * has saved drawings. Shared by the indexer (which drops it) and the image search (which reads
 * it), so neither calls back into the other. With it, each indexed patent's Locarno classes and
 * dates, so that the filters are applied to the drawings before ranking.
 */
export class DrawingIndex {
  private index: Promise<LoadedIndex> | undefined;

  constructor(
    private readonly repository: ImageSearchRepository,
    private readonly patents: PatentLookup,
  ) {}

  /** The indexed drawings (read again after `invalidate`; a failed read is retried next time). */
  load(): Promise<LoadedIndex> {
    this.index ??= this.read().catch((err: unknown) => {
      this.index = undefined;
      throw err;
    });
    return this.index;
  }

  private async read(): Promise<LoadedIndex> {
    const drawings = await this.repository.loadIndex(FEATURE_MODEL);
    const numbers = [...new Set(drawings.map((d) => d.publicationNumber))];
    const facts = new Map<string, PatentFacts>();
    for (let i = 0; i < numbers.length; i += FACTS_BATCH) {
      const records = await this.patents.getByPublicationNumbers(numbers.slice(i, i + FACTS_BATCH));
      for (const [pn, record] of records) facts.set(pn, factsOf(record));
    }
    return { drawings, facts };
  }

  /** Drops the in-memory index; the next search reads it again (called by the indexer and after an import). */
  invalidate(): void {
    this.index = undefined;
  }
}

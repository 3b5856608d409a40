import type { Patent } from '@patlas/contracts';
import type { IndexablePatent, SearchEngine } from '@patlas/engine';
import type { Config } from '../../../config.js';
import type { Clock } from '../../../kernel/clock.js';
import type { DataVersionRepository } from '../data-version.repository.js';
import type { PatentRepository } from '../patent.repository.js';

/**
 * What the imports and the index checks use of the app: the app's context (composition.ts) is one,
 * passed whole, so that the per-installation locks (import.service, index-in-step) key on it. Declared
 * here, narrowly, so that no domain depends on the composition root.
 */
export interface PatentImportContext {
  config: { demo: Config['demo'] };
  engine: Pick<SearchEngine, 'bulkLoad' | 'versions' | 'size' | 'identity' | 'removeKeys'>;
  /** True while the demo corpus loads or the search index is rebuilt from the store. */
  demo: { loading: boolean };
  drawingsDir: string;
  now: Clock;
  imageIndex: { scheduleIndexing(): Promise<void> };
  repositories: { patents: PatentRepository; dataVersions: DataVersionRepository };
  services: {
    /** Each record's value score for the index (patent-value). */
    patentValue: {
      scoreForIndex(records: readonly Patent[], removed?: readonly string[]): Promise<IndexablePatent[]>;
      withStoredScores(records: readonly Patent[]): Promise<IndexablePatent[]>;
      afterImport(): Promise<void>;
    };
    /** Sets the award field of the index from the award list (award). */
    awards: { syncIndexNow(): Promise<number> };
  };
}

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { JobQueue } from '../../jobs/queue.js';
import type { Clock } from '../auth/tokens.js';
import { ImageEmbedder } from './image-features.js';
import { ImageIndexer, type PatentSource } from './image-index.js';
import { IMAGE_INDEX_KIND, imageIndexJob } from './image-index.job.js';
import { ImageSearchRepository } from './image-search.repository.js';
import { ImageSearchService, type PatentLookup } from './image-search.service.js';

/** One CNN per process: the tfjs back end is process-wide, and several apps (tests) share the model. */
let sharedEmbedder: ImageEmbedder | undefined;

export interface ImageSearchDomain {
  service: ImageSearchService;
  indexer: ImageIndexer;
  /** Queues the background indexing (one queued/running run at a time). */
  scheduleIndexing(): Promise<void>;
  /** Stops a running indexing between two drawings (graceful shutdown). */
  stop(): void;
}

/** Wires the image-search domain: repository, in-memory index, indexer job on the app's queue. */
export function createImageSearchDomain(options: {
  db: Kysely<Database>;
  patents: PatentSource & PatentLookup;
  drawingsDir: string;
  queue: JobQueue;
  now: Clock;
}): ImageSearchDomain {
  sharedEmbedder ??= new ImageEmbedder();
  const repository = new ImageSearchRepository(options.db);
  const shutdown = new AbortController();
  // The indexer calls back only once it runs, after `service` below exists.
  const indexer = new ImageIndexer(repository, options.patents, sharedEmbedder, options.drawingsDir, options.now, () =>
    service.invalidateIndex(),
  );
  const service = new ImageSearchService(repository, options.patents, indexer, sharedEmbedder, options.now);
  options.queue.define(imageIndexJob(indexer, shutdown.signal));
  return {
    service,
    indexer,
    scheduleIndexing: async () => {
      await options.queue.enqueue(IMAGE_INDEX_KIND, {}, { uniqueKey: IMAGE_INDEX_KIND });
    },
    stop: () => shutdown.abort(),
  };
}

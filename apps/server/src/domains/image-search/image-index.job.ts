import { defineJob, type JobDefinition } from '../../jobs/define-job.js';
import type { ImageIndexer, IndexRunResult } from './image-index.js';

export const IMAGE_INDEX_KIND = 'image-index';

/**
 * Computes drawing features in the background (one job at a time: enqueued with the kind as unique
 * key, so a burst of imports queues one run). Enqueued at every start and after each import batch
 * that stored drawings; a shutdown stops it between two drawings and the next start carries on.
 */
export function imageIndexJob(indexer: ImageIndexer, signal: AbortSignal): JobDefinition<Record<string, never>> {
  return defineJob({
    kind: IMAGE_INDEX_KIND,
    maxAttempts: 3,
    backoffSeconds: 60,
    handler: (): Promise<IndexRunResult> => indexer.run(signal),
  });
}

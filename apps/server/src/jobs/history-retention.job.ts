import { HISTORY_RETENTION_MS } from '@patlas/contracts';
import { defineJob, type JobDefinition } from './define-job.js';
import type { HistoryRetentionRepository } from './history-retention.repository.js';

export const HISTORY_RETENTION_KIND = 'history-retention';

/** The hour (server local time) at which retention runs: a quiet hour for a Chinese deployment. */
export const HISTORY_RETENTION_HOUR = 3;

const DEFAULT_BATCH_SIZE = 1000;

export interface HistoryRetentionResult {
  /** Rows created before this instant were removed. */
  cutoff: string;
  searchHistory: number;
  operateHistory: number;
  /** finished jobs older than the cutoff */
  jobs: number;
}

/** The next HISTORY_RETENTION_HOUR:00 server local time strictly after `after` (daily schedule). */
export function nextRetentionRun(after: Date): Date {
  const next = new Date(after.getTime());
  next.setHours(HISTORY_RETENTION_HOUR, 0, 0, 0);
  if (next.getTime() <= after.getTime()) next.setDate(next.getDate() + 1);
  return next;
}

/**
 * Spec 1 §9 / spec 2 §9: "Histories (operation, report, search) are kept 180 days". Daily at
 * 03:00 server time, deletes search and operation history created more than 180 days before the
 * run (by the app clock); the queue then queues the next day's run. Its result (rows deleted) is
 * stored on the job row, which the operators see in GET /sys/jobs.
 */
export function historyRetentionJob(
  repository: HistoryRetentionRepository,
  options: { batchSize?: number } = {},
): JobDefinition<Record<string, never>> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  return defineJob({
    kind: HISTORY_RETENTION_KIND,
    maxAttempts: 3,
    backoffSeconds: 300,
    schedule: nextRetentionRun,
    handler: async (_payload, { now }): Promise<HistoryRetentionResult> => {
      const cutoff = new Date(now().getTime() - HISTORY_RETENTION_MS).toISOString();
      const searchHistory = await repository.deleteCreatedBefore('search_history', cutoff, batchSize);
      const operateHistory = await repository.deleteCreatedBefore('operate_history', cutoff, batchSize);
      const jobs = await repository.deleteFinishedJobsBefore(cutoff);
      return { cutoff, searchHistory, operateHistory, jobs };
    },
  });
}

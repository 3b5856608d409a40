import { rm } from 'node:fs/promises';
import { DEFAULT_RETENTION_DAYS, HISTORY_RETENTION_MS, type RetentionKind } from '@patlas/contracts';
import { defineJob, type JobDefinition } from './define-job.js';
import type { HistoryRetentionRepository } from './history-retention.repository.js';

export const HISTORY_RETENTION_KIND = 'history-retention';

/** The hour (server local time) at which retention runs: a quiet hour for a Chinese deployment. */
export const HISTORY_RETENTION_HOUR = 3;

const DEFAULT_BATCH_SIZE = 1000;
const DAY_MS = 86_400_000;

export interface HistoryRetentionResult {
  /** History rows created before this instant were removed. */
  cutoff: string;
  searchHistory: number;
  operateHistory: number;
  /** finished jobs older than the cutoff */
  jobs: number;
  /** Issue 41: the other tables, each by its own days (RETENTION_*). */
  searchStates: number;
  loginFailures: number;
  imageSearches: number;
  readMessages: number;
  libraryLogs: number;
  alertRuns: number;
  duplicateChecks: number;
  preEvaluations: number;
  downloadTasks: number;
  /** files of the removed tasks deleted from disk */
  files: number;
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
 * run (by the app clock), and (issue 41) every other table that grew without end, each by its own
 * days (config `retention`, RETENTION_*): search-state keys, login failures, image-search keys,
 * read messages, library logs, alert runs and finished duplicate checks, pre-evaluations and
 * download tasks with their files. Batched (history-retention.repository.ts), as a job off the
 * request path; the queue then queues the next day's run. Its result (rows deleted) is stored on
 * the job row, which the operators see in GET /sys/jobs.
 */
export function historyRetentionJob(
  repository: HistoryRetentionRepository,
  options: { batchSize?: number; retention?: Record<RetentionKind, number> } = {},
): JobDefinition<Record<string, never>> {
  const batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  const days = options.retention ?? DEFAULT_RETENTION_DAYS;
  return defineJob({
    kind: HISTORY_RETENTION_KIND,
    maxAttempts: 3,
    backoffSeconds: 300,
    schedule: nextRetentionRun,
    handler: async (_payload, { now }): Promise<HistoryRetentionResult> => {
      const at = now();
      const before = (kind: RetentionKind) => new Date(at.getTime() - days[kind] * DAY_MS).toISOString();
      const cutoff = new Date(at.getTime() - HISTORY_RETENTION_MS).toISOString();
      const searchHistory = await repository.deleteCreatedBefore('search_history', cutoff, batchSize);
      const operateHistory = await repository.deleteCreatedBefore('operate_history', cutoff, batchSize);
      const jobs = await repository.deleteFinishedJobsBefore(cutoff);
      const searchStates = await repository.deleteSearchStatesBefore(before('searchStates'), batchSize);
      const loginFailures = await repository.deleteLoginFailuresBefore(before('loginFailures'), batchSize);
      const imageSearches = await repository.deleteImageSearchesBefore(before('imageSearchKeys'), cutoff, batchSize);
      const readMessages = await repository.deleteReadMessagesBefore(before('readMessages'), batchSize);
      const libraryLogs = await repository.deleteCreatedBefore('library_logs', before('libraryLogs'), batchSize);
      const alertRuns = await repository.deleteAlertRunsBefore(before('alertRuns'), batchSize);
      const tasksBefore = before('finishedTasks');
      const removed = [];
      for (const table of ['duplicate_checks', 'pre_evaluations', 'download_tasks'] as const) {
        removed.push(await repository.deleteFinishedTasksBefore(table, tasksBefore, batchSize, at.toISOString()));
      }
      // The rows are gone first: a file is never left without its row pointing at it as if it were there.
      const files = removed.flatMap((r) => r.files);
      for (const file of files) await rm(file, { force: true });
      const [duplicateChecks, preEvaluations, downloadTasks] = removed.map((r) => r.deleted) as [
        number,
        number,
        number,
      ];
      return {
        cutoff,
        searchHistory,
        operateHistory,
        jobs,
        searchStates,
        loginFailures,
        imageSearches,
        readMessages,
        libraryLogs,
        alertRuns,
        duplicateChecks,
        preEvaluations,
        downloadTasks,
        files: files.length,
      };
    },
  });
}

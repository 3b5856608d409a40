import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../jobs/define-job.js';
import type { ExportService } from './export.service.js';

export const EXPORT_KIND = 'export';
export const EXPORT_EXPIRY_KIND = 'export-expiry';

const ExportPayloadSchema = z.object({ taskId: z.string().min(1) });

/**
 * Runs one download task. One attempt: a failure is recorded on the task as its error code (the
 * user redraws or runs it again); a worker that died mid-task leaves it to the start-up check
 * (failInterruptedTasks, apps/server/src/tasks), and a re-claimed job finds the task no longer waiting.
 */
export function exportJob(service: ExportService): JobDefinition<z.infer<typeof ExportPayloadSchema>> {
  return defineJob({
    kind: EXPORT_KIND,
    lane: 'documents',
    payloadSchema: ExportPayloadSchema,
    maxAttempts: 1,
    handler: async ({ taskId }) => service.runTask(taskId),
  });
}

/** Daily at 03:30 server time, after history retention (03:00): a quiet hour for a Chinese deployment. */
export function nextExpiryRun(after: Date): Date {
  const next = new Date(after.getTime());
  next.setHours(3, 30, 0, 0);
  if (next.getTime() <= after.getTime()) next.setDate(next.getDate() + 1);
  return next;
}

/**
 * Daily: deletes the files of finished tasks past EXPORT_FILE_DAYS. A task shows expired (and its
 * file is refused) from the moment it passes its day; the job frees the disk.
 */
export function exportExpiryJob(service: ExportService): JobDefinition<Record<string, never>> {
  return defineJob({
    kind: EXPORT_EXPIRY_KIND,
    maxAttempts: 3,
    backoffSeconds: 300,
    schedule: nextExpiryRun,
    handler: async () => ({ deleted: await service.expireFiles() }),
  });
}

import { defineJob, type JobDefinition } from '../../jobs/define-job.js';
import type { FileService } from './file.service.js';

export const FILE_UPLOAD_CLEANUP_KIND = 'file-upload-cleanup';

/** At the start of the next hour. */
export function nextUploadCleanupRun(after: Date): Date {
  const next = new Date(after.getTime());
  next.setMinutes(0, 0, 0);
  next.setHours(next.getHours() + 1);
  return next;
}

/** Hourly: removes chunked uploads left unfinished for UPLOAD_STALE_HOURS, and their pieces. */
export function uploadCleanupJob(service: FileService): JobDefinition<Record<string, never>> {
  return defineJob({
    kind: FILE_UPLOAD_CLEANUP_KIND,
    maxAttempts: 3,
    backoffSeconds: 300,
    schedule: nextUploadCleanupRun,
    handler: async () => service.cleanStaleUploads(),
  });
}

import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../jobs/define-job.js';
import type { ReportService } from './report.service.js';

export const REPORT_KIND = 'report';
export const REPORT_EXPIRY_KIND = 'report-expiry';

const ReportPayloadSchema = z.object({ reportId: z.string().min(1) });

/**
 * Generates one report. One attempt: a failure is recorded on the report as its error code (the
 * user regenerates it); a worker that died mid-report leaves it to the start-up check
 * (failInterruptedTasks, apps/server/src/tasks).
 */
export function reportJob(service: ReportService): JobDefinition<z.infer<typeof ReportPayloadSchema>> {
  return defineJob({
    kind: REPORT_KIND,
    lane: 'documents',
    payloadSchema: ReportPayloadSchema,
    maxAttempts: 1,
    handler: async ({ reportId }) => service.runReport(reportId),
  });
}

/** Daily at 03:40 server time, after the export files' expiry (03:30). */
export function nextReportExpiryRun(after: Date): Date {
  const next = new Date(after.getTime());
  next.setHours(3, 40, 0, 0);
  if (next.getTime() <= after.getTime()) next.setDate(next.getDate() + 1);
  return next;
}

/** Daily: removes the files of reports past REPORT_RETENTION_DAYS (they show expired from then on). */
export function reportExpiryJob(service: ReportService): JobDefinition<Record<string, never>> {
  return defineJob({
    kind: REPORT_EXPIRY_KIND,
    maxAttempts: 3,
    backoffSeconds: 300,
    schedule: nextReportExpiryRun,
    handler: async () => ({ deleted: await service.expireFiles() }),
  });
}

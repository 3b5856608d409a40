import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../jobs/define-job.js';
import type { AlertService } from './alert.service.js';

export const ALERT_SCHEDULE_KIND = 'alert-schedule';
export const ALERT_RUNS_KIND = 'alert-runs';

/** The start of the next minute after `after`: due alerts run within a minute of their time. */
export function nextAlertTick(after: Date): Date {
  return new Date((Math.floor(after.getTime() / 60_000) + 1) * 60_000);
}

/**
 * Every minute: a run for each due alert, then every unfinished run evaluated and mailed
 * (issue 19). Each run is its own idempotent unit (alert.service.ts), so a retry or a second
 * worker never mails a run twice.
 */
export function alertScheduleJob(alerts: AlertService): JobDefinition<Record<string, never>> {
  return defineJob({
    kind: ALERT_SCHEDULE_KIND,
    maxAttempts: 3,
    backoffSeconds: 30,
    lockSeconds: 300,
    schedule: nextAlertTick,
    handler: () => alerts.tick(),
  });
}

/** The same work once, at start: runs a crashed process left unfinished do not wait for the next tick's lock. */
export function alertRunsJob(alerts: AlertService): JobDefinition<Record<string, never>> {
  return defineJob({
    kind: ALERT_RUNS_KIND,
    payloadSchema: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
    maxAttempts: 3,
    backoffSeconds: 30,
    lockSeconds: 300,
    handler: () => alerts.tick(),
  });
}

import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../jobs/define-job.js';
import type { DuplicateService } from './duplicate.service.js';

export const DUPLICATE_CHECK_KIND = 'duplicate-check';

const DuplicatePayloadSchema = z.object({ checkId: z.string().min(1) });

/**
 * Runs one duplicate check. One attempt: a failure is recorded on the check as its error code (the
 * user runs it again); a worker that died mid-check leaves it to the start-up check
 * (failInterruptedTasks, apps/server/src/tasks), and a re-claimed job finds the check no longer waiting.
 */
export function duplicateCheckJob(service: DuplicateService): JobDefinition<z.infer<typeof DuplicatePayloadSchema>> {
  return defineJob({
    kind: DUPLICATE_CHECK_KIND,
    lane: 'checks',
    payloadSchema: DuplicatePayloadSchema,
    maxAttempts: 1,
    handler: async ({ checkId }) => service.runCheck(checkId),
  });
}

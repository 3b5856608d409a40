import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../jobs/define-job.js';
import type { PreEvaluationService } from './pre-evaluation.service.js';

export const PRE_EVALUATION_KIND = 'pre-evaluation';

const PreEvaluationPayloadSchema = z.object({ evaluationId: z.string().min(1) });

/**
 * Runs one pre-evaluation (or novelty search). One attempt: a failure is recorded on the evaluation
 * with its error code; a worker that died mid-run leaves it to the start-up check
 * (failInterruptedTasks, apps/server/src/tasks), and a re-claimed job finds it no longer waiting.
 */
export function preEvaluationJob(
  service: PreEvaluationService,
): JobDefinition<z.infer<typeof PreEvaluationPayloadSchema>> {
  return defineJob({
    kind: PRE_EVALUATION_KIND,
    lane: 'checks',
    payloadSchema: PreEvaluationPayloadSchema,
    maxAttempts: 1,
    handler: async ({ evaluationId }) => service.run(evaluationId),
  });
}

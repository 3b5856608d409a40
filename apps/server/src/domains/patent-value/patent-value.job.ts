import { defineJob, type JobDefinition } from '../../jobs/define-job.js';
import type { PatentValueService, RescoreReport } from './patent-value.service.js';

export const PATENT_VALUE_RESCORE_KIND = 'patent-value-rescore';

/**
 * The background rescore of patent values (PatentValueService.rescore), queued after every import
 * and at start when records lack value indicators; one queued or running at a time (unique key).
 * Its result (cohorts moved, scores changed, time) is stored on the job row.
 */
export function patentValueRescoreJob(
  service: PatentValueService,
  signal?: AbortSignal,
): JobDefinition<Record<string, never>> {
  return defineJob({
    kind: PATENT_VALUE_RESCORE_KIND,
    maxAttempts: 3,
    backoffSeconds: 60,
    // A million records: two passes over the indicators and the changed scores, minutes at most.
    lockSeconds: 3600,
    handler: async (): Promise<RescoreReport> => service.rescore(signal),
  });
}

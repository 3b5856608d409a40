import { z } from 'zod';
import { defineJob, type JobDefinition } from '../../jobs/define-job.js';
import type { RewriteService } from './rewrite.service.js';

export const REWRITE_DOCUMENT_KIND = 'rewrite-document';

const RewritePayloadSchema = z.object({ rewriteId: z.string().min(1) });

/**
 * Rewrites one document, piece by piece. One attempt: the provider's requests are retried inside
 * it (429/5xx), and a failure is recorded on the rewrite as its error code; a worker that died
 * mid-document leaves it to the start-up check (failInterruptedTasks, apps/server/src/tasks).
 */
export function rewriteDocumentJob(
  service: RewriteService,
  /** Aborted at shutdown: the document stops between two pieces (or its request is dropped) and fails as interrupted. */
  shutdown?: AbortSignal,
): JobDefinition<z.infer<typeof RewritePayloadSchema>> {
  return defineJob({
    kind: REWRITE_DOCUMENT_KIND,
    lane: 'writing',
    payloadSchema: RewritePayloadSchema,
    maxAttempts: 1,
    handler: async ({ rewriteId }) => service.runDocument(rewriteId, shutdown),
  });
}

import { endpoint } from '../endpoint.js';
import { RecallCheckRequestSchema, RecallCheckResponseSchema } from '../recall-check.js';

/** Recall check (issue 48 item 4): which known-relevant patents an expression finds, and why it misses the others. */
export const recallCheckEndpoints = {
  check: endpoint({
    method: 'POST',
    path: '/product/search/recall-check',
    body: RecallCheckRequestSchema,
    response: RecallCheckResponseSchema,
  }),
};

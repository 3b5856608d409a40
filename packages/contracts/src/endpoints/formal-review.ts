import { endpoint } from '../endpoint.js';
import {
  AbnormalSignalsRequestSchema,
  AbnormalSignalsResponseSchema,
  FormalReviewRequestSchema,
  FormalReviewResponseSchema,
} from '../formal-review.js';

/** The pre-evaluation's formal review and abnormal signals (issue 22), answered at once. */
export const formalReviewEndpoints = {
  review: endpoint({
    method: 'POST',
    path: '/product/apply/pre/formal',
    body: FormalReviewRequestSchema,
    response: FormalReviewResponseSchema,
  }),
  abnormal: endpoint({
    method: 'POST',
    path: '/product/apply/pre/abnormal',
    body: AbnormalSignalsRequestSchema,
    response: AbnormalSignalsResponseSchema,
  }),
};

import type {
  AbnormalSignalsRequest,
  AbnormalSignalsResponse,
  FormalReviewRequest,
  FormalReviewResponse,
} from '@patlas/contracts';
import { formalReviewEndpoints } from '@patlas/contracts';
import type { RequestOptions } from '../api/client';
import { call } from '../api/endpoint-call';

// The pre-evaluation's formal review and abnormal-signal calls (packages/contracts/src/formal-review.ts),
// used by the pre-evaluation detail page and the application editor through the panels here.

export type Options = Omit<RequestOptions, 'query'>;

/** `POST /apply/pre/formal`: the findings of the formal rules, answered at once. */
export function reviewFormal(body: FormalReviewRequest, options: Options): Promise<FormalReviewResponse> {
  return call(formalReviewEndpoints.review, { body }, options);
}

/** `POST /apply/pre/abnormal`: the abnormal-application signals of a text and its applicant. */
export function checkAbnormal(body: AbnormalSignalsRequest, options: Options): Promise<AbnormalSignalsResponse> {
  return call(formalReviewEndpoints.abnormal, { body }, options);
}

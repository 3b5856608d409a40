import { patentEndpoints, type PatentCompareResponse } from '@patlas/contracts';
import type { RequestOptions } from '../api/client';
import { call } from '../api/endpoint-call';

/** `POST /api/product/patent/compare`: 2 to 10 patents side by side, in one call. */
export function fetchComparison(numbers: readonly string[], options: RequestOptions): Promise<PatentCompareResponse> {
  return call(patentEndpoints.compare, { body: { publicationNumbers: [...numbers] } }, options);
}

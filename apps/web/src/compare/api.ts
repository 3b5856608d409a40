import type { PatentCompareResponse } from '@patlas/contracts';
import { apiPost, type RequestOptions } from '../api/client';

/** `POST /api/product/patent/compare`: 2 to 10 patents side by side, in one call. */
export function fetchComparison(numbers: readonly string[], options: RequestOptions): Promise<PatentCompareResponse> {
  return apiPost<PatentCompareResponse>('/product/patent/compare', { publicationNumbers: numbers }, options);
}

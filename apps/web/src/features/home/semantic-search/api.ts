import type { SemanticSearchRequest, SemanticSearchResponse } from '@patlas/contracts';
import { apiPost, type RequestOptions } from '../../../api/client';

type Options = Omit<RequestOptions, 'query'>;

/**
 * `POST /api/product/search/semantics`: a new search (the query's fields) or another page of a
 * stored one (`{ key, page, pageSize }`); either way a page of ranked patents and the key.
 */
export function searchSemantics(body: SemanticSearchRequest, options: Options): Promise<SemanticSearchResponse> {
  return apiPost<SemanticSearchResponse>('/product/search/semantics', body, options);
}

import { semanticSearchEndpoints, type SemanticSearchRequest, type SemanticSearchResponse } from '@patlas/contracts';
import type { RequestOptions } from '../../../api/client';
import { call } from '../../../api/endpoint-call';

type Options = Omit<RequestOptions, 'query'>;

/**
 * `POST /api/product/search/semantics`: a new search (the query's fields) or another page of a
 * stored one (`{ key, page, pageSize }`); either way a page of ranked patents and the key.
 */
export function searchSemantics(body: SemanticSearchRequest, options: Options): Promise<SemanticSearchResponse> {
  return call(semanticSearchEndpoints.search, { body }, options);
}

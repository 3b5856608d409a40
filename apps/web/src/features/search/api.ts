import {
  patentEndpoints,
  searchEndpoints,
  type Drawing,
  type EndpointResponse,
  type ResultPageAction,
  type SearchQueryRequest,
} from '@patlas/contracts';
import type { RequestOptions } from '../../api/client';
import { call } from '../../api/endpoint-call';
import type { ViewMode } from '../../search-state/search-url-state';

export type SearchNewResponse = EndpointResponse<typeof searchEndpoints.searchNew>;

type Options = Omit<RequestOptions, 'query'>;

/** `POST /api/product/search/searchNew`: a page of results and facets; `history` records the page's action. */
export function searchNew(
  body: SearchQueryRequest & { viewMode?: ViewMode; history?: ResultPageAction },
  options: Options,
): Promise<SearchNewResponse> {
  return call(searchEndpoints.searchNew, { body }, options);
}

/** `POST /api/product/search/getCacheUrlParam {key}`: the state stored under a key. */
export function fetchStateByKey(
  key: string,
  options: Options,
): Promise<EndpointResponse<typeof searchEndpoints.cacheUrlParam>> {
  return call(searchEndpoints.cacheUrlParam, { body: { key } }, options);
}

/** `POST /api/platform/data/search/expression/total-hits`. */
export function fetchTotalHits(searchExpre: string, options: Options): Promise<{ total: number }> {
  return call(searchEndpoints.totalHits, { body: { searchExpre } }, options);
}

/** `POST /api/product/patent/drawings`: every drawing of up to 100 patents, by publication number. */
export function fetchDrawings(
  publicationNumbers: readonly string[],
  options: Options,
): Promise<{ items: Record<string, Drawing[]> }> {
  return call(patentEndpoints.drawings, { body: { publicationNumbers: [...publicationNumbers] } }, options);
}

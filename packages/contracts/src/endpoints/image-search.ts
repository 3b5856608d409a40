import { endpoint } from '../endpoint.js';
import {
  ImageHistoryClearResponseSchema,
  ImageHistoryListSchema,
  ImageResultKeyRequestSchema,
  ImageSearchQuerySchema,
  ImageSearchResultSchema,
} from '../image-search.js';

/** Image search and its history (spec 1 §7). */
export const imageSearchEndpoints = {
  /** A multipart upload of one jpg/jpeg/png; the filters in the query string. */
  search: endpoint({
    method: 'POST',
    path: '/product/search/image/search',
    query: ImageSearchQuerySchema,
    response: ImageSearchResultSchema,
  }),
  getResult: endpoint({
    method: 'POST',
    path: '/product/search/image/getResultKey',
    body: ImageResultKeyRequestSchema,
    response: ImageSearchResultSchema,
  }),
  listHistory: endpoint({ method: 'POST', path: '/product/image/history/list', response: ImageHistoryListSchema }),
  clearHistory: endpoint({
    method: 'POST',
    path: '/product/image/history/clear',
    response: ImageHistoryClearResponseSchema,
  }),
};

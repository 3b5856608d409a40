import { endpoint } from '../endpoint.js';
import {
  ListSharesRequestSchema,
  SharePageSchema,
  SharePatentRequestSchema,
  ShareResultSchema,
  ShareSearchRequestSchema,
} from '../collaboration.js';

/** Sharing (spec 2 §7 "Sharing", all POST; the capital S of ShareRetrievable is the spec's). */
export const shareEndpoints = {
  sharePatent: endpoint({
    method: 'POST',
    path: '/product/share/insert/sharePatent',
    body: SharePatentRequestSchema,
    response: ShareResultSchema,
  }),
  listPatents: endpoint({
    method: 'POST',
    path: '/product/share/query/sharePatent',
    body: ListSharesRequestSchema,
    response: SharePageSchema,
  }),
  shareSearch: endpoint({
    method: 'POST',
    path: '/product/share/insert/shareRetrievable',
    body: ShareSearchRequestSchema,
    response: ShareResultSchema,
  }),
  listSearches: endpoint({
    method: 'POST',
    path: '/product/share/query/ShareRetrievable',
    body: ListSharesRequestSchema,
    response: SharePageSchema,
  }),
};

import { z } from 'zod';
import { endpoint } from '../endpoint.js';
import {
  CacheUrlParamRequestSchema,
  ExtractWordRequestSchema,
  ExtractWordResponseSchema,
  FamilyExpandRequestSchema,
  FamilyExpandResponseSchema,
  SearchNeighboursRequestSchema,
  SearchNeighboursResponseSchema,
  SearchQueryRequestSchema,
  SearchQueryResponseSchema,
  SearchStateSchema,
  TotalHitsRequestSchema,
  TotalHitsResponseSchema,
} from '../search.js';
import { ResultPageActionSchema } from '../history.js';

/** Search (spec 1 §7): the platform data calls and the product base's search calls. */
export const searchEndpoints = {
  query: endpoint({
    method: 'POST',
    path: '/platform/data/search/query',
    body: SearchQueryRequestSchema,
    response: SearchQueryResponseSchema,
  }),
  totalHits: endpoint({
    method: 'POST',
    path: '/platform/data/search/expression/total-hits',
    body: TotalHitsRequestSchema,
    response: TotalHitsResponseSchema,
  }),
  /**
   * The result page's call: the search, and (`history`) the page's action recorded in the caller's
   * search history with the total found (issue 42). The page's deep link is its URL: no state is
   * stored (getCacheUrlParam `{ state }` stores one on request).
   */
  searchNew: endpoint({
    method: 'POST',
    path: '/product/search/searchNew',
    body: SearchQueryRequestSchema.extend({
      viewMode: SearchStateSchema.shape.viewMode,
      history: ResultPageActionSchema.optional(),
    }),
    response: SearchQueryResponseSchema,
  }),
  /** The simple search (spec 1 §3 "simple query body"): results without facets. */
  search: endpoint({
    method: 'POST',
    path: '/product/search/search',
    body: SearchQueryRequestSchema,
    response: SearchQueryResponseSchema,
  }),
  neighbours: endpoint({
    method: 'POST',
    path: '/product/search/neighbours',
    body: SearchNeighboursRequestSchema,
    response: SearchNeighboursResponseSchema,
  }),
  cacheUrlParam: endpoint({
    method: 'POST',
    path: '/product/search/getCacheUrlParam',
    body: CacheUrlParamRequestSchema,
    response: z.object({ key: z.string(), state: SearchStateSchema }),
  }),
  familyExpand: endpoint({
    method: 'POST',
    path: '/product/family/expand',
    body: FamilyExpandRequestSchema,
    response: FamilyExpandResponseSchema,
  }),
  extractWord: endpoint({
    method: 'POST',
    path: '/product/search/extract/word',
    body: ExtractWordRequestSchema,
    response: ExtractWordResponseSchema,
  }),
};

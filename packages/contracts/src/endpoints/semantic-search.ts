import { endpoint } from '../endpoint.js';
import {
  SemanticNearTermsRequestSchema,
  SemanticNearTermsSchema,
  SemanticSearchRequestSchema,
  SemanticSearchResponseSchema,
} from '../semantic.js';

/** Semantic search (spec 1 §7 /search/semantics) and the near terms of the expression editor. */
export const semanticSearchEndpoints = {
  search: endpoint({
    method: 'POST',
    path: '/product/search/semantics',
    body: SemanticSearchRequestSchema,
    response: SemanticSearchResponseSchema,
  }),
  nearTerms: endpoint({
    method: 'GET',
    path: '/product/search/semantics/nearTerms',
    query: SemanticNearTermsRequestSchema,
    response: SemanticNearTermsSchema,
  }),
};

import { endpoint } from '../endpoint.js';
import { CitationSearchRequestSchema, CitationSearchResponseSchema } from '../citation.js';

/** Citation search (spec 1/2 §7 /search/quote, docs/citation-search.md). */
export const citationEndpoints = {
  quote: endpoint({
    method: 'POST',
    path: '/product/search/quote',
    body: CitationSearchRequestSchema,
    response: CitationSearchResponseSchema,
  }),
};

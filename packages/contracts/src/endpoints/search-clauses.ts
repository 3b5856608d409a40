import { endpoint } from '../endpoint.js';
import { ClauseTreeRequestSchema, ClauseTreeResponseSchema } from '../search-clauses.js';

/** Issue 48: the expression editor's live clause tree with a hit count per clause. */
export const searchClauseEndpoints = {
  clauseTree: endpoint({
    method: 'POST',
    path: '/product/search/expression/clauses',
    body: ClauseTreeRequestSchema,
    response: ClauseTreeResponseSchema,
  }),
};

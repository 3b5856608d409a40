import { searchClauseEndpoints as endpoints } from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../kernel/route.js';
import { languageOf } from '../../plugins/locale.js';
import { ok } from '../../envelope.js';
import { SEARCH_ACCESS, type SearchRoutesOptions } from './search.routes.js';

/**
 * Issue 48: the expression editor's live clause tree, under /api/product. Counted in the search
 * pool within the search budget; rate-limited per user with the domain's other search calls.
 */
export const clauseTreeRoutes: FastifyPluginAsyncZod<SearchRoutesOptions> = async (app, { service }) => {
  route(
    app,
    endpoints.clauseTree,
    {
      config: { access: SEARCH_ACCESS },
      schema: {
        summary:
          "An expression's clause tree: each clause's span, its own hits and the whole expression's hits without it (loses / costs), in the caller's data sources",
        tags: ['search'],
      },
    },
    async (request) => ok(await service.clauseTree(request.body, languageOf(request), request.auth)),
  );
};

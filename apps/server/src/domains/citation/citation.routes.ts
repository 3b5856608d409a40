import { citationEndpoints as endpoints } from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../kernel/route.js';
import { ok } from '../../envelope.js';
import { languageOf } from '../../plugins/locale.js';
import { optionalAuth } from '../../kernel/access.plugin.js';
import type { CitationSearchService } from './citation.service.js';

/** A citation search is a search: it needs what the result page needs (search.routes.ts). */
const SEARCH_ACCESS = ['/search/quick', '/search/result'];

/** Spec 1/2 §7 `POST /search/quote` under /api/product (docs/citation-search.md). */
export const citationRoutes: FastifyPluginAsyncZod<{ service: CitationSearchService }> = async (app, { service }) => {
  route(
    app,
    endpoints.quote,
    {
      config: { access: SEARCH_ACCESS },
      schema: {
        summary:
          'Citation search: the patents citing (direction citing) or cited by (cited) the given patents or the ' +
          "first patents of a result set; answers the set source to open on the result page ({kind:'citation', key})",
        tags: ['search'],
      },
    },
    async (request) =>
      ok(await service.quote(request.body, languageOf(request), { userId: optionalAuth(request)?.userId ?? null })),
  );
};

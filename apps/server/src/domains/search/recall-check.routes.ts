import { recallCheckEndpoints } from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../envelope.js';
import { route } from '../../kernel/route.js';
import { languageOf } from '../../plugins/locale.js';
import type { RecallCheckService } from './recall-check.js';

/** Under /api/product, inside the search domain (its per-user search rate limit applies). */
export const recallCheckRoutes: FastifyPluginAsyncZod<{ recallCheck: RecallCheckService }> = async (
  app,
  { recallCheck },
) => {
  route(
    app,
    recallCheckEndpoints.check,
    {
      config: { access: ['/search/quick', '/search/result'] },
      schema: {
        summary:
          'Recall check (issue 48 item 4): which of the given patents (numbers or a library, at most 500) an expression finds; for each missed one, the clause that left it out and the nearest term of its text',
        tags: ['search'],
      },
    },
    async (request) => ok(await recallCheck.check(request.auth, request.body, languageOf(request))),
  );
};

import { dataVersionEndpoints as endpoints, MAX_LISTED_DATA_VERSIONS } from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../envelope.js';
import { route } from '../../kernel/route.js';
import type { SearchService } from './search.service.js';

/** Whoever can search can list the versions a search can run as of (spec 1 §6 search access). */
const SEARCH_ACCESS = ['/search/quick', '/search/result'];

/** Issue 48 item 5: the data versions, for the result page's "as of" picker; under /api/platform. */
export const dataVersionRoutes: FastifyPluginAsyncZod<{ service: SearchService }> = async (app, { service }) => {
  route(
    app,
    endpoints.list,
    {
      config: { access: SEARCH_ACCESS },
      schema: { summary: 'The data versions (one per import), newest first', tags: ['search'] },
    },
    async () => ok(await service.dataVersionList(MAX_LISTED_DATA_VERSIONS)),
  );
};

import { patentEndpoints as endpoints } from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../envelope.js';
import { route } from '../../kernel/route.js';
import type { PatentService } from './patent.service.js';

/**
 * `/legal/cnki?applicationNumber=…` under /api/product: spec 1 §7 calls it with POST, spec 2 §7
 * with GET, so both are answered (the number always in the query string).
 */
export const legalHistoryRoutes: FastifyPluginAsyncZod<{ service: PatentService }> = async (app, { service }) => {
  for (const definition of [endpoints.legalHistory, endpoints.legalHistoryPost]) {
    route(
      app,
      definition,
      {
        config: { access: '/search/detail' },
        schema: {
          summary: 'The legal events of an application number (all its stored publications), newest first',
          tags: ['patent'],
        },
      },
      async (request) => ok(await service.legalHistory(request.query.applicationNumber)),
    );
  }
};

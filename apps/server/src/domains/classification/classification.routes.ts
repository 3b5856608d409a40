import { classificationEndpoints as endpoints } from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../kernel/route.js';
import { languageOf } from '../../plugins/locale.js';
import type { ClassificationService } from './classification.service.js';
import { ok } from '../../envelope.js';

export interface ClassificationRoutesOptions {
  service: ClassificationService;
}

/** The classification search page's menu permission (spec 1 §2: /search/ipc → /innovationSpace/ipc). */
const CLASSIFICATION = { access: '/search/ipc' } as const;

/** IPC and CPC scheme browsing under /api/product: /classification/children, /search, /path. */
export const classificationRoutes: FastifyPluginAsyncZod<ClassificationRoutesOptions> = async (app, { service }) => {
  route(
    app,
    endpoints.children,
    {
      config: CLASSIFICATION,
      schema: {
        summary: 'Children of a scheme symbol (the sections without one), titles in the caller language, patent counts',
        tags: ['classification'],
      },
    },
    async (request) => ok(await service.children(request.query.scheme, request.query.code, languageOf(request))),
  );

  route(
    app,
    endpoints.search,
    {
      config: CLASSIFICATION,
      schema: {
        summary: 'Scheme symbols by symbol prefix or title words (zh or en), with patent counts',
        tags: ['classification'],
      },
    },
    async (request) => {
      const { scheme, keyword, limit } = request.query;
      return ok(await service.search(scheme, keyword, limit, languageOf(request)));
    },
  );

  route(
    app,
    endpoints.path,
    {
      config: CLASSIFICATION,
      schema: {
        summary: 'The nodes from the section down to a symbol (opens the tree at it)',
        tags: ['classification'],
      },
    },
    async (request) => ok(await service.path(request.query.scheme, request.query.code, languageOf(request))),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { batchSearchPlatformRoutes, batchSearchProductRoutes } from './batch-search.routes.js';
import type { BatchSearchService } from './batch-search.service.js';

export interface BatchSearchDomainDeps {
  batchSearch: BatchSearchService;
}

/** Batch search and its records (/product) and file imports (/platform); registered under /api. */
export const batchSearchDomain: FastifyPluginAsyncZod<BatchSearchDomainDeps> = async (app, { batchSearch }) => {
  await app.register(batchSearchProductRoutes, { prefix: '/product', service: batchSearch });
  await app.register(batchSearchPlatformRoutes, { prefix: '/platform', service: batchSearch });
};

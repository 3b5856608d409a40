import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { advancedSearchRoutes } from './advanced-search.routes.js';
import type { AdvancedSearchService } from './advanced-search.service.js';

export interface AdvancedSearchDomainDeps {
  advancedSearch: AdvancedSearchService;
}

/** Advanced-search templates; registered under /api/product. */
export const advancedSearchDomain: FastifyPluginAsyncZod<AdvancedSearchDomainDeps> = async (app, deps) => {
  await app.register(advancedSearchRoutes, { service: deps.advancedSearch });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { duplicateRoutes } from './duplicate.routes.js';
import type { DuplicateService } from './duplicate.service.js';

export interface DuplicateDomainDeps {
  duplicate: DuplicateService;
}

/** The duplicate and similarity check; registered under /api/product. */
export const duplicateDomain: FastifyPluginAsyncZod<DuplicateDomainDeps> = async (app, { duplicate }) => {
  await app.register(duplicateRoutes, { service: duplicate });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { awardRoutes } from './award.routes.js';
import type { AwardService } from './award.service.js';

export interface AwardDomainDeps {
  awards: AwardService;
}

/** Patent awards (docs/awards.md); registered under /api/product. */
export const awardDomain: FastifyPluginAsyncZod<AwardDomainDeps> = async (app, deps) => {
  await app.register(awardRoutes, { service: deps.awards });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rewriteRoutes } from './rewrite.routes.js';
import type { RewriteService } from './rewrite.service.js';

export interface RewriteDomainDeps {
  rewrite: RewriteService;
}

/** Assisted writing through the language model named by LLM_URL; registered under /api/product. */
export const rewriteDomain: FastifyPluginAsyncZod<RewriteDomainDeps> = async (app, { rewrite }) => {
  await app.register(rewriteRoutes, { service: rewrite });
};

import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shareRoutes } from './share.routes.js';
import type { ShareService } from './share.service.js';

export interface ShareDomainDeps {
  shares: ShareService;
  /** The per-user rate limit of the routes that look users up by e-mail (issue 41). */
  lookups: RateLimitOptions;
}

/** Sharing patents and saved searches (issue 17); registered under /api/product. */
export const shareDomain: FastifyPluginAsyncZod<ShareDomainDeps> = async (app, deps) => {
  await app.register(shareRoutes, { service: deps.shares, lookups: deps.lookups });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { shareRoutes } from './share.routes.js';
import type { ShareService } from './share.service.js';

export interface ShareDomainDeps {
  shares: ShareService;
}

/** Sharing patents and saved searches (issue 17); registered under /api/product. */
export const shareDomain: FastifyPluginAsyncZod<ShareDomainDeps> = async (app, deps) => {
  await app.register(shareRoutes, { service: deps.shares });
};

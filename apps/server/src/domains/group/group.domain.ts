import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { groupRoutes } from './group.routes.js';
import type { GroupService } from './group.service.js';

export interface GroupDomainDeps {
  groups: GroupService;
  /** The per-user rate limit of the routes that look users up by e-mail (issue 41). */
  lookups: RateLimitOptions;
}

/** Groups of registered users (issue 17); registered under /api/product. */
export const groupDomain: FastifyPluginAsyncZod<GroupDomainDeps> = async (app, deps) => {
  await app.register(groupRoutes, { service: deps.groups, lookups: deps.lookups });
};

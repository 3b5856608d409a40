import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { groupRoutes } from './group.routes.js';
import type { GroupService } from './group.service.js';

export interface GroupDomainDeps {
  groups: GroupService;
}

/** Groups of registered users (issue 17); registered under /api/product. */
export const groupDomain: FastifyPluginAsyncZod<GroupDomainDeps> = async (app, deps) => {
  await app.register(groupRoutes, { service: deps.groups });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sysRoutes, type SysRoutesOptions } from './sys.routes.js';

export type SysDomainDeps = SysRoutesOptions;

/** The operators' area /sys (permission '/sys'), other domains' data through their services; under /api/product. */
export const sysDomain: FastifyPluginAsyncZod<SysDomainDeps> = async (
  app,
  { admin, audit, displayCopy, registration },
) => {
  await app.register(sysRoutes, { admin, audit, displayCopy, registration });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthRoutes, type HealthRoutesOptions } from './health.routes.js';

export type SystemDomainDeps = HealthRoutesOptions;

/** GET /health (liveness, corpus size, semantic space); registered under /api. */
export const systemDomain: FastifyPluginAsyncZod<SystemDomainDeps> = async (app, deps) => {
  const { patents, version, isDemoLoading, isStarting, semantic, features } = deps;
  await app.register(healthRoutes, { patents, version, isDemoLoading, isStarting, semantic, features });
};

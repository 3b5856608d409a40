import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventLoopMonitor } from './event-loop-monitor.js';
import { eventLoopRoutes } from './event-loop.routes.js';
import { healthRoutes, type HealthRoutesOptions } from './health.routes.js';

export type SystemDomainDeps = HealthRoutesOptions;

/**
 * GET /health (liveness, corpus size, semantic space) and the operators' GET /product/sys/event-loop;
 * registered under /api.
 */
export const systemDomain: FastifyPluginAsyncZod<SystemDomainDeps> = async (app, deps) => {
  const { patents, version, isDemoLoading, isStarting, semantic, features } = deps;
  await app.register(healthRoutes, { patents, version, isDemoLoading, isStarting, semantic, features });
  // The process's one monitor, running from the app's build on (the event loop is the process's, not an app's).
  await app.register(eventLoopRoutes, { prefix: '/product', monitor: eventLoopMonitor() });
};

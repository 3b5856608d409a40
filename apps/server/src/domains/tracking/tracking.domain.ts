import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { trackingRoutes } from './tracking.routes.js';
import type { TrackingService } from './tracking.service.js';

export interface TrackingDomainDeps {
  tracking: TrackingService;
}

/** Event tracking (record, summaries); registered under /api/product. */
export const trackingDomain: FastifyPluginAsyncZod<TrackingDomainDeps> = async (app, { tracking }) => {
  await app.register(trackingRoutes, { service: tracking });
};

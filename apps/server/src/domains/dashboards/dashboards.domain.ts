import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardsRoutes, patentMapRoutes } from './dashboards.routes.js';
import type { DashboardsService } from './dashboards.service.js';
import { limitSearchRate } from '../../plugins/search-rate-limit.js';

export interface DashboardsDomainDeps {
  dashboards: DashboardsService;
  /** Requests per minute, route and user (plugins/search-rate-limit.ts). */
  ratePerMinute: number;
}

/** Region, university and company dashboards and /patentMap; registered under /api/product. */
export const dashboardsDomain: FastifyPluginAsyncZod<DashboardsDomainDeps> = async (
  app,
  { dashboards, ratePerMinute },
) => {
  limitSearchRate(app, ratePerMinute);
  await app.register(dashboardsRoutes, { service: dashboards });
  await app.register(patentMapRoutes, { service: dashboards });
};

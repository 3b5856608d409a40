import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardsRoutes, patentMapRoutes } from './dashboards.routes.js';
import type { DashboardsService } from './dashboards.service.js';

export interface DashboardsDomainDeps {
  dashboards: DashboardsService;
}

/** Region, university and company dashboards and /patentMap; registered under /api/product. */
export const dashboardsDomain: FastifyPluginAsyncZod<DashboardsDomainDeps> = async (app, { dashboards }) => {
  await app.register(dashboardsRoutes, { service: dashboards });
  await app.register(patentMapRoutes, { service: dashboards });
};

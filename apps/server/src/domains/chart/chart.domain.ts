import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { chartRoutes } from './chart.routes.js';
import type { ChartService } from './chart.service.js';

export interface ChartDomainDeps {
  chart: ChartService;
}

/** Chart palettes, sizes and custom charts; registered under /api/product. */
export const chartDomain: FastifyPluginAsyncZod<ChartDomainDeps> = async (app, { chart }) => {
  await app.register(chartRoutes, { service: chart });
};

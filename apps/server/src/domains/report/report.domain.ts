import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportRoutes } from './report.routes.js';
import type { ReportService } from './report.service.js';

export interface ReportDomainDeps {
  reports: ReportService;
}

/** Smart reports; registered under /api/product. */
export const reportDomain: FastifyPluginAsyncZod<ReportDomainDeps> = async (app, { reports }) => {
  await app.register(reportRoutes, { service: reports });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportRoutes } from './export.routes.js';
import type { ExportService } from './export.service.js';

export interface ExportDomainDeps {
  exports: ExportService;
}

/** Export and the download centre; registered under /api/product. */
export const exportDomain: FastifyPluginAsyncZod<ExportDomainDeps> = async (app, { exports }) => {
  await app.register(exportRoutes, { service: exports });
};

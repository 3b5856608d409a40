import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dataImportRoutes } from './data-import.routes.js';
import type { DataImportService } from './data-import.service.js';

export interface DataImportDomainDeps {
  dataImport: DataImportService;
}

/** Operators' patent imports (issue 15), under /api/platform. */
export const dataImportDomain: FastifyPluginAsyncZod<DataImportDomainDeps> = async (app, { dataImport }) => {
  await app.register(dataImportRoutes, { prefix: '/platform', service: dataImport });
};

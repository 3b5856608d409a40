import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { legalHistoryRoutes } from './legal-history.routes.js';
import { patentRoutes } from './patent.routes.js';
import type { PatentService } from './patent.service.js';

export interface PatentDomainDeps {
  patents: PatentService;
  /** where imported drawings are stored (DATA_DIR/drawings) */
  drawingsDir: string;
}

/** Patent detail and drawings; registered under /api/product. */
export const patentDomain: FastifyPluginAsyncZod<PatentDomainDeps> = async (app, { patents, drawingsDir }) => {
  await app.register(patentRoutes, { service: patents, drawingsDir });
  await app.register(legalHistoryRoutes, { service: patents });
};

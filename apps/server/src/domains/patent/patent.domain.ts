import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { legalHistoryRoutes } from './legal-history.routes.js';
import { patentRoutes, type CompanyInfoSource } from './patent.routes.js';
import type { PatentService } from './patent.service.js';
import type { ReadMarkService } from './read-mark.service.js';

export interface PatentDomainDeps {
  patents: PatentService;
  /** where imported drawings are stored (DATA_DIR/drawings) */
  drawingsDir: string;
  /** reading marks (spec 2 §3/§9), written by the detail call */
  readMarks?: ReadMarkService | undefined;
  /** what the operators' company information file says of the applicants (absent: nothing shown) */
  companyInfo?: CompanyInfoSource | undefined;
}

/** Patent detail and drawings; registered under /api/product. */
export const patentDomain: FastifyPluginAsyncZod<PatentDomainDeps> = async (
  app,
  { patents, drawingsDir, readMarks, companyInfo },
) => {
  await app.register(patentRoutes, { service: patents, drawingsDir, readMarks, companyInfo });
  await app.register(legalHistoryRoutes, { service: patents });
};

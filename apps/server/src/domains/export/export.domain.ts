import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { exportRoutes } from './export.routes.js';
import type { ExportService } from './export.service.js';
import type { ProgressHubDeps } from './progress-hub.js';

export interface ExportDomainDeps {
  exports: ExportService;
  /** The per-user rate limit of the costly routes answered at once (plugins/costly-rate-limit.ts). */
  costly: RateLimitOptions;
  /** Which sessions and API tokens still stand: the progress sockets check their callers with it. */
  liveCredentials: ProgressHubDeps['liveCredentials'];
}

/** Export and the download centre; registered under /api/product. */
export const exportDomain: FastifyPluginAsyncZod<ExportDomainDeps> = async (
  app,
  { exports, costly, liveCredentials },
) => {
  await app.register(exportRoutes, { service: exports, costly, liveCredentials });
};

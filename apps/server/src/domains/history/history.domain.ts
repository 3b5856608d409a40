import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { historyRoutes } from './history.routes.js';
import type { SearchHistoryService } from './search-history.service.js';

export interface HistoryDomainDeps {
  history: SearchHistoryService;
}

/** Search history: list, export/import .xlsx, combine; registered under /api/product. */
export const historyDomain: FastifyPluginAsyncZod<HistoryDomainDeps> = async (app, { history }) => {
  await app.register(historyRoutes, { service: history });
};

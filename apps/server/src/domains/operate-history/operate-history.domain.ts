import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operateHistoryRoutes } from './operate-history.routes.js';
import type { OperateHistoryService } from './operate-history.service.js';

export interface OperateHistoryDomainDeps {
  operateHistory: OperateHistoryService;
}

/** Operation history: record, list, export/import .xlsx, reopen; registered under /api/product. */
export const operateHistoryDomain: FastifyPluginAsyncZod<OperateHistoryDomainDeps> = async (app, deps) => {
  await app.register(operateHistoryRoutes, { service: deps.operateHistory });
};

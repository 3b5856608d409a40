import { operateHistoryEndpoints as endpoints } from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registerXlsxExchange } from '../../files/xlsx-exchange.js';
import { route } from '../../kernel/route.js';
import type { OperateHistoryService } from './operate-history.service.js';
import { ok } from '../../envelope.js';

export interface OperateHistoryRoutesOptions {
  service: OperateHistoryService;
}

/** Reading and managing one's history needs the history menu; recording an operation only a sign-in. */
const HISTORY = { access: '/searchHistory' } as const;

/** Operation history under /api/product: /operatehistory, /list, /export, /import, /getData/{id}. */
export const operateHistoryRoutes: FastifyPluginAsyncZod<OperateHistoryRoutesOptions> = async (app, { service }) => {
  route(
    app,
    endpoints.save,
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Records one operation (search, analysis, export, favourite); IP-login visitors keep none',
        tags: ['history'],
      },
    },
    async (request) => ok(await service.save(request.auth, request.body)),
  );

  route(
    app,
    endpoints.list,
    {
      config: HISTORY,
      schema: {
        summary: "The caller's operations, newest first; by type, title keyword and date range",
        tags: ['history'],
      },
    },
    async (request) => ok(await service.list(request.auth, request.body)),
  );

  route(
    app,
    endpoints.remove,
    {
      config: HISTORY,
      schema: {
        summary: "Deletes the caller's chosen operations ({ids}) or all of them ({all: true})",
        tags: ['history'],
      },
    },
    async (request) => ok(await service.remove(request.auth, request.body)),
  );

  registerXlsxExchange(app, {
    access: HISTORY.access,
    tag: 'history',
    exportEndpoint: endpoints.export,
    exportSummary: 'The chosen or matching operations as .xlsx (readable columns + a data column for re-import)',
    importEndpoint: endpoints.import,
    write: (auth, query, lang) => service.exportXlsx(auth, query, lang),
    read: (auth, file, lang) => service.importXlsx(auth, file, lang),
  });

  route(
    app,
    endpoints.getData,
    {
      config: HISTORY,
      schema: { summary: 'One own operation with what reopening it needs', tags: ['history'] },
    },
    async (request) => ok(await service.getData(request.auth, request.params.id)),
  );
};

import { historyEndpoints as endpoints } from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languageOf } from '../../plugins/locale.js';
import { registerXlsxExchange } from '../../files/xlsx-exchange.js';
import { route } from '../../kernel/route.js';
import type { SearchHistoryService } from './search-history.service.js';
import { ok } from '../../envelope.js';

export interface HistoryRoutesOptions {
  service: SearchHistoryService;
}

/** Reading and managing one's search history needs the history menu (spec 1 §6); recording only a sign-in. */
const HISTORY = { access: '/searchHistory' } as const;

/** Search history under /api/product (spec 1 §7): /history, /list, /exportAll, /import, /historyRetrievalCombined. */
export const historyRoutes: FastifyPluginAsyncZod<HistoryRoutesOptions> = async (app, { service }) => {
  route(
    app,
    endpoints.save,
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Records one search-history entry (content: the entry as JSON text); IP-login visitors keep none',
        tags: ['history'],
      },
    },
    async (request) => ok(await service.save(request.auth, request.body.content, languageOf(request))),
  );

  route(
    app,
    endpoints.remove,
    {
      config: HISTORY,
      schema: {
        summary: "Deletes the caller's chosen entries ({ids}) or all of them ({all: true})",
        tags: ['history'],
      },
    },
    async (request) => ok(await service.remove(request.auth, request.body)),
  );

  route(
    app,
    endpoints.list,
    {
      config: HISTORY,
      schema: {
        summary: "The caller's entries, newest first; by expression keyword and date range",
        tags: ['history'],
      },
    },
    async (request) => ok(await service.list(request.auth, request.body)),
  );

  // The expression editor asks from every search page: a sign-in suffices, as for recording.
  route(
    app,
    endpoints.references,
    {
      config: { access: 'authenticated' },
      schema: {
        summary: "What each #n of an expression stands for: the caller's entry n as an expression, its hits",
        tags: ['history'],
      },
    },
    async (request) => ok(await service.describeReferences(request.auth, request.body.nos, languageOf(request))),
  );

  registerXlsxExchange(app, {
    access: HISTORY.access,
    tag: 'history',
    exportEndpoint: endpoints.exportAll,
    exportSummary: 'The chosen or matching entries as .xlsx (readable columns + a data column for re-import)',
    importEndpoint: endpoints.import,
    write: (auth, query, lang) => service.exportXlsx(auth, query, lang),
    read: (auth, file, lang) => service.importXlsx(auth, file, lang),
  });

  route(
    app,
    endpoints.combine,
    {
      config: HISTORY,
      schema: {
        summary: 'Combines chosen entries left to right with AND/OR/NOT: the expression and its hit count',
        tags: ['history'],
      },
    },
    async (request) => ok(await service.combine(request.auth, request.body.items, languageOf(request))),
  );
};

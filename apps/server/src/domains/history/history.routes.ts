import {
  CombineHistoryRequestSchema,
  CombineHistoryResponseSchema,
  DeleteHistoryRequestSchema,
  DeleteResultSchema,
  envelopeOf,
  ExportHistoryRequestSchema,
  ImportReportSchema,
  ListHistoryRequestSchema,
  SaveHistoryRequestSchema,
  SaveHistoryResponseSchema,
  SearchHistoryPageSchema,
} from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { languageOf } from '../../plugins/locale.js';
import { contentDisposition, XLSX_TYPE } from '../../files/spreadsheet.js';
import { readUpload } from '../../files/upload.js';
import type { SearchHistoryService } from './search-history.service.js';
import { ok } from '../../envelope.js';

export interface HistoryRoutesOptions {
  service: SearchHistoryService;
}

/** Reading and managing one's search history needs the history menu (spec 1 §6); recording only a sign-in. */
const HISTORY = { access: '/searchHistory' } as const;

/** Search history under /api/product (spec 1 §7): /history, /list, /exportAll, /import, /historyRetrievalCombined. */
export const historyRoutes: FastifyPluginAsyncZod<HistoryRoutesOptions> = async (app, { service }) => {
  app.post(
    '/history',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Records one search-history entry (content: the entry as JSON text); IP-login visitors keep none',
        tags: ['history'],
        body: SaveHistoryRequestSchema,
        response: { 200: envelopeOf(SaveHistoryResponseSchema) },
      },
    },
    async (request) => ok(await service.save(request.auth, request.body.content, languageOf(request))),
  );

  app.delete(
    '/history',
    {
      config: HISTORY,
      schema: {
        summary: "Deletes the caller's chosen entries ({ids}) or all of them ({all: true})",
        tags: ['history'],
        body: DeleteHistoryRequestSchema,
        response: { 200: envelopeOf(DeleteResultSchema) },
      },
    },
    async (request) => ok(await service.remove(request.auth, request.body)),
  );

  app.post(
    '/history/list',
    {
      config: HISTORY,
      schema: {
        summary: "The caller's entries, newest first; by expression keyword and date range",
        tags: ['history'],
        body: ListHistoryRequestSchema,
        response: { 200: envelopeOf(SearchHistoryPageSchema) },
      },
    },
    async (request) => ok(await service.list(request.auth, request.body)),
  );

  app.post(
    '/history/exportAll',
    {
      config: HISTORY,
      schema: {
        summary: 'The chosen or matching entries as .xlsx (readable columns + a data column for re-import)',
        tags: ['history'],
        body: ExportHistoryRequestSchema,
      },
    },
    async (request, reply) => {
      const { file, filename } = await service.exportXlsx(request.auth, request.body, languageOf(request));
      return reply.type(XLSX_TYPE).header('content-disposition', contentDisposition(filename)).send(file);
    },
  );

  app.post(
    '/history/import',
    {
      config: HISTORY,
      schema: {
        summary: 'Imports an exported .xlsx (multipart, one file); bad rows are reported with their line',
        tags: ['history'],
        consumes: ['multipart/form-data'],
        response: { 200: envelopeOf(ImportReportSchema) },
      },
    },
    async (request) => {
      const { file } = await readUpload(request);
      return ok(await service.importXlsx(request.auth, file, languageOf(request)));
    },
  );

  app.post(
    '/history/historyRetrievalCombined',
    {
      config: HISTORY,
      schema: {
        summary: 'Combines chosen entries left to right with AND/OR/NOT: the expression and its hit count',
        tags: ['history'],
        body: CombineHistoryRequestSchema,
        response: { 200: envelopeOf(CombineHistoryResponseSchema) },
      },
    },
    async (request) => ok(await service.combine(request.auth, request.body.items, languageOf(request))),
  );
};

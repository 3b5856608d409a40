import {
  DeleteOperateHistoryRequestSchema,
  DeleteResultSchema,
  envelopeOf,
  ExportOperateHistoryRequestSchema,
  ImportReportSchema,
  ListOperateHistoryRequestSchema,
  OperateHistoryDataSchema,
  OperateHistoryPageSchema,
  SaveHistoryResponseSchema,
  SaveOperateHistoryRequestSchema,
} from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition, XLSX_TYPE } from '../../files/spreadsheet.js';
import { readUpload } from '../../files/upload.js';
import { languageOf } from '../../plugins/locale.js';
import type { OperateHistoryService } from './operate-history.service.js';
import { ok } from '../../envelope.js';

export interface OperateHistoryRoutesOptions {
  service: OperateHistoryService;
}

/** Reading and managing one's history needs the history menu; recording an operation only a sign-in. */
const HISTORY = { access: '/searchHistory' } as const;

/** Operation history under /api/product: /operatehistory, /list, /export, /import, /getData/{id}. */
export const operateHistoryRoutes: FastifyPluginAsyncZod<OperateHistoryRoutesOptions> = async (app, { service }) => {
  app.post(
    '/operatehistory',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Records one operation (search, analysis, export, favourite); IP-login visitors keep none',
        tags: ['history'],
        body: SaveOperateHistoryRequestSchema,
        response: { 200: envelopeOf(SaveHistoryResponseSchema) },
      },
    },
    async (request) => ok(await service.save(request.auth, request.body)),
  );

  app.post(
    '/operatehistory/list',
    {
      config: HISTORY,
      schema: {
        summary: "The caller's operations, newest first; by type, title keyword and date range",
        tags: ['history'],
        body: ListOperateHistoryRequestSchema,
        response: { 200: envelopeOf(OperateHistoryPageSchema) },
      },
    },
    async (request) => ok(await service.list(request.auth, request.body)),
  );

  app.delete(
    '/operatehistory',
    {
      config: HISTORY,
      schema: {
        summary: "Deletes the caller's chosen operations ({ids}) or all of them ({all: true})",
        tags: ['history'],
        body: DeleteOperateHistoryRequestSchema,
        response: { 200: envelopeOf(DeleteResultSchema) },
      },
    },
    async (request) => ok(await service.remove(request.auth, request.body)),
  );

  app.post(
    '/operatehistory/export',
    {
      config: HISTORY,
      schema: {
        summary: 'The chosen or matching operations as .xlsx (readable columns + a data column for re-import)',
        tags: ['history'],
        body: ExportOperateHistoryRequestSchema,
      },
    },
    async (request, reply) => {
      const { file, filename } = await service.exportXlsx(request.auth, request.body, languageOf(request));
      return reply.type(XLSX_TYPE).header('content-disposition', contentDisposition(filename)).send(file);
    },
  );

  app.post(
    '/operatehistory/import',
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

  app.get(
    '/operatehistory/getData/:id',
    {
      config: HISTORY,
      schema: {
        summary: 'One own operation with what reopening it needs',
        tags: ['history'],
        params: z.object({ id: z.string().min(1).max(64) }),
        response: { 200: envelopeOf(OperateHistoryDataSchema) },
      },
    },
    async (request) => ok(await service.getData(request.auth, request.params.id)),
  );
};

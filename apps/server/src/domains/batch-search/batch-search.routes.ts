import { batchSearchEndpoints as endpoints } from '@patlas/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { readUpload } from '../../files/upload.js';
import { route } from '../../kernel/route.js';
import { languageOf } from '../../plugins/locale.js';
import type { BatchSearchService } from './batch-search.service.js';
import { ok } from '../../envelope.js';

export interface BatchSearchRoutesOptions {
  service: BatchSearchService;
}

/** Spec 1 §6: "retrieval (batch search)". */
const BATCH = { access: 'retrieval' } as const;

/** The one uploaded file of a multipart request, with its name in lower case (for the type check). */
async function uploadedFile(request: FastifyRequest): Promise<{ file: Buffer; filename: string }> {
  const { file, filename } = await readUpload(request);
  return { file, filename: filename.toLowerCase() };
}

/** POST /search/batch and /batchSearchRecord/* under /api/product (spec 1 §7). */
export const batchSearchProductRoutes: FastifyPluginAsyncZod<BatchSearchRoutesOptions> = async (app, { service }) => {
  route(
    app,
    endpoints.search,
    {
      config: BATCH,
      schema: {
        summary: 'Batch search: the records of the numbers (or the hits of the applicants) and every input not found',
        tags: ['search'],
      },
    },
    async (request) => ok(await service.searchBatch(request.body.mode, request.body.text, languageOf(request))),
  );

  route(
    app,
    endpoints.manageRecords,
    {
      config: BATCH,
      schema: {
        summary: 'Keeps a batch search (action save) or deletes records (action delete)',
        tags: ['history'],
      },
    },
    async (request) => ok(await service.manage(request.auth, request.body)),
  );

  route(
    app,
    endpoints.records,
    {
      config: BATCH,
      schema: {
        summary: "The caller's batch search records, newest first",
        tags: ['history'],
      },
    },
    async (request) => ok(await service.list(request.auth)),
  );
};

/** The batch imports under /api/platform: /data/search/import/txt and /excel (multipart, one file). */
export const batchSearchPlatformRoutes: FastifyPluginAsyncZod<BatchSearchRoutesOptions> = async (app, { service }) => {
  route(
    app,
    endpoints.importTxt,
    {
      config: BATCH,
      schema: {
        summary: 'Reads numbers (or applicants) from a .txt file; refused lines come back with their line number',
        tags: ['data'],
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      const { file, filename } = await uploadedFile(request);
      if (!filename.endsWith('.txt')) throw new AppError('IMPORT_FILE_TYPE', { types: '.txt' });
      return ok(await service.importFile('txt', file, request.query.mode, languageOf(request)));
    },
  );

  route(
    app,
    endpoints.importExcel,
    {
      config: BATCH,
      schema: {
        summary:
          'Reads numbers (or applicants) from the first column of a spreadsheet; refused rows come back with their row number',
        tags: ['data'],
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      const { file, filename } = await uploadedFile(request);
      if (!/\.xlsx?$/.test(filename)) throw new AppError('IMPORT_FILE_TYPE', { types: '.xls / .xlsx' });
      return ok(await service.importFile('excel', file, request.query.mode, languageOf(request)));
    },
  );
};

import { dataImportEndpoints as endpoints, MAX_IMPORT_FILES, SYS_PERMISSION } from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../envelope.js';
import { AppError } from '../../errors.js';
import { saveUploads } from '../../files/upload.js';
import { route } from '../../kernel/route.js';
import { languageOf } from '../../plugins/locale.js';
import { formatBytes, type DataImportService } from './data-import.service.js';

export interface DataImportRoutesOptions {
  service: DataImportService;
}

/** Operators only: the same permission as the operators' area /sys. */
const OPERATORS = { access: SYS_PERMISSION };

/** The operators' patent imports under /api/platform/data/patents/import (issue 15). */
export const dataImportRoutes: FastifyPluginAsyncZod<DataImportRoutesOptions> = async (app, { service }) => {
  route(
    app,
    endpoints.upload,
    {
      config: OPERATORS,
      schema: {
        summary:
          'Uploads one or more files to import (multipart); answers each with the import format detected from its header',
        tags: ['data'],
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      const saved = await saveUploads(request, {
        maxFiles: MAX_IMPORT_FILES,
        maxFileBytes: service.maxFileBytes,
        target: (filename) => service.uploadTarget(filename),
        tooLarge: (name) => new AppError('IMPORT_FILE_TOO_LARGE', { name, max: formatBytes(service.maxFileBytes) }),
        tooMany: () => new AppError('IMPORT_TOO_MANY_FILES', { max: MAX_IMPORT_FILES }),
      });
      return ok({ files: await service.describeUploads(saved) });
    },
  );

  route(
    app,
    endpoints.discard,
    {
      config: OPERATORS,
      schema: {
        summary: 'Removes an uploaded file that was not imported',
        tags: ['data'],
      },
    },
    async (request) => {
      await service.discardUpload(request.params.id);
      return ok(null);
    },
  );

  route(
    app,
    endpoints.start,
    {
      config: OPERATORS,
      schema: {
        summary: 'Imports uploaded files in the background (one run at a time, the others queued); answers the run',
        tags: ['data'],
      },
    },
    async (request) => {
      const actor = { userId: request.auth.userId, email: request.auth.email, ip: request.ip };
      return ok(await service.start(request.body.fileIds, actor, languageOf(request)));
    },
  );

  route(
    app,
    endpoints.runs,
    {
      config: OPERATORS,
      schema: {
        summary: 'Recent import runs, newest first, with the upload limits',
        tags: ['data'],
      },
    },
    async (request) => ok(await service.list(languageOf(request))),
  );

  route(
    app,
    endpoints.run,
    {
      config: OPERATORS,
      schema: {
        summary: 'One import run: status, progress, report per file and the refused lines (file, line, reason)',
        tags: ['data'],
      },
    },
    async (request) => ok(await service.get(request.params.id, languageOf(request))),
  );
};

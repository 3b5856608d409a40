import { createReadStream } from 'node:fs';
import { fileEndpoints as endpoints, MAX_UPLOAD_BATCH_FILES, MY_FILE_ACCESS } from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../envelope.js';
import { AppError } from '../../errors.js';
import { contentDisposition } from '../../files/spreadsheet.js';
import { readUploadForm } from '../../files/upload.js';
import { languageOf } from '../../plugins/locale.js';
import { requireUser } from '../../kernel/access.plugin.js';
import { route } from '../../kernel/route.js';
import { formatLimit, type FileService } from './file.service.js';

export interface FileRoutesOptions {
  service: FileService;
}

/** Spec 2 §6: '/myFiles' (the /myFile page) or '/user/searchFile' (the /searchFile page). */
const ACCESS = { access: MY_FILE_ACCESS } as const;

/** Spec 2 §7 chunked upload: the answer's status is 0 on success (the envelope's 1 elsewhere). */
const UPLOAD_OK = { zh: '成功', en: 'success' } as const;

/** My files under /api/product (spec 2 §7 "Files"; surface.json group file). */
export const fileRoutes: FastifyPluginAsyncZod<FileRoutesOptions> = async (app, { service }) => {
  route(
    app,
    endpoints.upload,
    {
      config: ACCESS,
      schema: {
        summary:
          'Uploads into My files (multipart): `chunk` true with one piece (field `file`) and the spec’s `param` JSON ' +
          '(chunkNumber, totalChunks, chunkSize, fileType 1, identifier = MD5, fileName, dirId, documentType, ' +
          'currentChunkSize, uploadId); `chunk` false with 1–5 whole files. The piece that completes a file ' +
          'assembles it and checks its MD5. Success answers status 0 with { uploadId, key, fileName }',
        tags: ['file'],
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      const user = requireUser(request);
      const lang = languageOf(request);
      const form = await readUploadForm(request, {
        maxFiles: MAX_UPLOAD_BATCH_FILES,
        maxFileBytes: service.maxFileBytes,
        missing: 'FILE_REQUIRED',
        tooLarge: () => new AppError('FILE_TOO_LARGE', { max: formatLimit(service.maxFileBytes) }),
        tooMany: () => new AppError('FILE_COUNT_EXCEEDED', { max: MAX_UPLOAD_BATCH_FILES }),
      });
      const data = await service.upload(user.userId, form, lang);
      return { status: 0 as const, message: UPLOAD_OK[lang], data };
    },
  );

  route(
    app,
    endpoints.uploadState,
    {
      config: ACCESS,
      schema: {
        summary:
          'Resume: the caller’s unfinished upload of a file (by MD5 and slicing) and the pieces the server holds; ' +
          'uploadId null: none, start from piece 1',
        tags: ['file'],
      },
    },
    async (request) => ok(await service.uploadState(requireUser(request).userId, request.query)),
  );

  route(
    app,
    endpoints.list,
    {
      config: ACCESS,
      schema: {
        summary: "The caller's files, newest first: ?page=&pageSize=&name= (part of the name, any case)",
        tags: ['file'],
      },
    },
    async (request) => ok(await service.list(requireUser(request).userId, request.query)),
  );

  route(
    app,
    endpoints.change,
    {
      config: ACCESS,
      schema: {
        summary:
          'Changes the caller’s files: { action: "rename", fileId, fileName } (the type stays) or ' +
          '{ action: "delete", fileIds } (files of others are not touched)',
        tags: ['file'],
      },
    },
    async (request) => {
      const userId = requireUser(request).userId;
      const body = request.body;
      if (body.action === 'rename') return ok({ file: await service.rename(userId, body.fileId, body.fileName) });
      return ok({ deleted: await service.delete(userId, body.fileIds) });
    },
  );

  route(
    app,
    endpoints.remove,
    {
      config: ACCESS,
      schema: {
        summary: 'Deletes one file of the caller',
        tags: ['file'],
      },
    },
    async (request) => ok({ deleted: await service.delete(requireUser(request).userId, [request.params.id]) }),
  );

  route(
    app,
    endpoints.download,
    {
      config: ACCESS,
      schema: {
        summary: 'A file of the caller, as uploaded, under its name (UTF-8 Content-Disposition)',
        tags: ['file'],
      },
    },
    async (request, reply) => {
      const file = await service.fileOf(requireUser(request).userId, request.params.id);
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition(file.fileName))
        .header('cache-control', 'private, no-store')
        .send(createReadStream(file.path));
    },
  );
};

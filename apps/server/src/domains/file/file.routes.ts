import { createReadStream } from 'node:fs';
import {
  envelopeOf,
  MAX_UPLOAD_BATCH_FILES,
  MY_FILE_ACCESS,
  MY_FILE_UPLOAD_PATH,
  MyFileActionResponseSchema,
  MyFileActionSchema,
  MyFileListQuerySchema,
  MyFileListResponseSchema,
  UploadResultSchema,
  UploadStateQuerySchema,
  UploadStateSchema,
} from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../envelope.js';
import { AppError } from '../../errors.js';
import { contentDisposition } from '../../files/spreadsheet.js';
import { readUploadForm } from '../../files/upload.js';
import { languageOf } from '../../plugins/locale.js';
import { requireUser } from '../../kernel/access.plugin.js';
import { formatLimit, type FileService } from './file.service.js';

export interface FileRoutesOptions {
  service: FileService;
}

/** Spec 2 §6: '/myFiles' (the /myFile page) or '/user/searchFile' (the /searchFile page). */
const ACCESS = { access: MY_FILE_ACCESS } as const;
const FileIdParams = z.object({ id: z.string().min(1).max(64) });

/** Spec 2 §7 chunked upload: the answer's status is 0 on success (the envelope's 1 elsewhere). */
const UPLOAD_OK = { zh: '成功', en: 'success' } as const;

/** My files under /api/product (spec 2 §7 "Files"; surface.json group file). */
export const fileRoutes: FastifyPluginAsyncZod<FileRoutesOptions> = async (app, { service }) => {
  app.post(
    MY_FILE_UPLOAD_PATH,
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
        response: { 200: z.object({ status: z.literal(0), message: z.string(), data: UploadResultSchema }) },
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

  app.get(
    MY_FILE_UPLOAD_PATH,
    {
      config: ACCESS,
      schema: {
        summary:
          'Resume: the caller’s unfinished upload of a file (by MD5 and slicing) and the pieces the server holds; ' +
          'uploadId null: none, start from piece 1',
        tags: ['file'],
        querystring: UploadStateQuerySchema,
        response: { 200: envelopeOf(UploadStateSchema) },
      },
    },
    async (request) => ok(await service.uploadState(requireUser(request).userId, request.query)),
  );

  app.get(
    '/file/my/file/list',
    {
      config: ACCESS,
      schema: {
        summary: "The caller's files, newest first: ?page=&pageSize=&name= (part of the name, any case)",
        tags: ['file'],
        querystring: MyFileListQuerySchema,
        response: { 200: envelopeOf(MyFileListResponseSchema) },
      },
    },
    async (request) => ok(await service.list(requireUser(request).userId, request.query)),
  );

  app.post(
    '/file/my/file',
    {
      config: ACCESS,
      schema: {
        summary:
          'Changes the caller’s files: { action: "rename", fileId, fileName } (the type stays) or ' +
          '{ action: "delete", fileIds } (files of others are not touched)',
        tags: ['file'],
        body: MyFileActionSchema,
        response: { 200: envelopeOf(MyFileActionResponseSchema) },
      },
    },
    async (request) => {
      const userId = requireUser(request).userId;
      const body = request.body;
      if (body.action === 'rename') return ok({ file: await service.rename(userId, body.fileId, body.fileName) });
      return ok({ deleted: await service.delete(userId, body.fileIds) });
    },
  );

  app.delete(
    '/file/my/file/:id',
    {
      config: ACCESS,
      schema: {
        summary: 'Deletes one file of the caller',
        tags: ['file'],
        params: FileIdParams,
        response: { 200: envelopeOf(MyFileActionResponseSchema) },
      },
    },
    async (request) => ok({ deleted: await service.delete(requireUser(request).userId, [request.params.id]) }),
  );

  app.get(
    '/file/my/file/download/:id',
    {
      config: ACCESS,
      schema: {
        summary: 'A file of the caller, as uploaded, under its name (UTF-8 Content-Disposition)',
        tags: ['file'],
        params: FileIdParams,
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

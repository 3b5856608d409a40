import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileRoutes } from './file.routes.js';
import type { FileService } from './file.service.js';

export interface FileDomainDeps {
  files: FileService;
}

/** My files and their chunked uploads (docs/my-files.md); registered under /api/product. */
export const fileDomain: FastifyPluginAsyncZod<FileDomainDeps> = async (app, { files }) => {
  await app.register(fileRoutes, { service: files });
};

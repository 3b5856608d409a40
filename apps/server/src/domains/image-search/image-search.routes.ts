import { imageSearchEndpoints as endpoints, isImageSearchFileName, MAX_IMAGE_SEARCH_BYTES } from '@patlas/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../envelope.js';
import { AppError } from '../../errors.js';
import { readUpload } from '../../files/upload.js';
import { route } from '../../kernel/route.js';
import type { ImageSearchService } from './image-search.service.js';

export interface ImageSearchRoutesOptions {
  service: ImageSearchService;
}

/** Spec 1 §2: the /search/img page needs the '/search/img' permission; so do its calls. */
const IMAGE_SEARCH = { access: '/search/img' } as const;

/** The one uploaded image of a multipart request (5 MB at most), with its name. */
async function uploadedImage(request: FastifyRequest): Promise<{ file: Buffer; fileName: string }> {
  const { file, filename } = await readUpload(request, {
    missing: 'IMAGE_SEARCH_FILE_REQUIRED',
    limit: {
      bytes: MAX_IMAGE_SEARCH_BYTES,
      tooLarge: () => new AppError('IMAGE_SEARCH_FILE_TOO_LARGE', { max: MAX_IMAGE_SEARCH_BYTES / 1024 / 1024 }),
    },
  });
  // The name must say jpg/jpeg/png, and the service checks the content says so too.
  if (!isImageSearchFileName(filename)) throw new AppError('IMAGE_SEARCH_FILE_TYPE');
  return { file, fileName: filename };
}

/** POST /search/image/search, /search/image/getResultKey, /image/history/list|clear under /api/product (spec 1 §7). */
export const imageSearchRoutes: FastifyPluginAsyncZod<ImageSearchRoutesOptions> = async (app, { service }) => {
  route(
    app,
    endpoints.search,
    {
      config: IMAGE_SEARCH,
      schema: {
        summary:
          'Searches patent drawings like the uploaded image (multipart, one jpg/jpeg/png of at most 5 MB), within the Locarno classes and date range of the query string',
        tags: ['search'],
        consumes: ['multipart/form-data'],
      },
    },
    async (request) => {
      const { file, fileName } = await uploadedImage(request);
      return ok(await service.search(request.auth, file, fileName, request.query));
    },
  );

  route(
    app,
    endpoints.getResult,
    {
      config: IMAGE_SEARCH,
      schema: {
        summary: 'A stored image search by its key (the /search/img?key=… deep link); rerun ranks it again',
        tags: ['search'],
      },
    },
    async (request) => ok(await service.getResult(request.body.key, request.body.rerun ?? false, request.body.filters)),
  );

  route(
    app,
    endpoints.listHistory,
    {
      config: IMAGE_SEARCH,
      schema: {
        summary: "The caller's image searches, newest first",
        tags: ['history'],
      },
    },
    async (request) => ok({ items: await service.listHistory(request.auth) }),
  );

  route(
    app,
    endpoints.clearHistory,
    {
      config: IMAGE_SEARCH,
      schema: {
        summary: "Deletes the caller's image searches",
        tags: ['history'],
      },
    },
    async (request) => ok({ deleted: await service.clearHistory(request.auth) }),
  );
};

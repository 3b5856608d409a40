import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { libraryRoutes } from './library.routes.js';
import type { LibraryShareService } from './library-share.service.js';
import type { LibraryService } from './library.service.js';

export interface LibraryDomainDeps {
  library: LibraryService;
  libraryShare: LibraryShareService;
}

/** Patent libraries, saved expressions and indexing labels; registered under /api/product. */
export const libraryDomain: FastifyPluginAsyncZod<LibraryDomainDeps> = async (app, { library, libraryShare }) => {
  await app.register(libraryRoutes, { service: library, share: libraryShare });
};

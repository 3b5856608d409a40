import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { libraryRoutes } from './library.routes.js';
import type { LibraryService } from './library.service.js';

export interface LibraryDomainDeps {
  library: LibraryService;
}

/** Patent libraries, saved expressions and indexing labels; registered under /api/product. */
export const libraryDomain: FastifyPluginAsyncZod<LibraryDomainDeps> = async (app, { library }) => {
  await app.register(libraryRoutes, { service: library });
};

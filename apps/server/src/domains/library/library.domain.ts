import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { libraryRoutes } from './library.routes.js';
import type { LibraryShareService } from './library-share.service.js';
import type { LibraryService } from './library.service.js';

export interface LibraryDomainDeps {
  library: LibraryService;
  libraryShare: LibraryShareService;
  /** The per-user rate limit of the invitations by e-mail (issue 41). */
  lookups: RateLimitOptions;
}

/** Patent libraries, saved expressions and indexing labels; registered under /api/product. */
export const libraryDomain: FastifyPluginAsyncZod<LibraryDomainDeps> = async (
  app,
  { library, libraryShare, lookups },
) => {
  await app.register(libraryRoutes, { service: library, share: libraryShare, lookups });
};

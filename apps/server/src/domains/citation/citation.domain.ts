import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { citationRoutes } from './citation.routes.js';
import type { CitationSearchService } from './citation.service.js';

export interface CitationDomainDeps {
  citation: CitationSearchService;
}

/** Citation search; registered under /api/product. */
export const citationDomain: FastifyPluginAsyncZod<CitationDomainDeps> = async (app, { citation }) => {
  await app.register(citationRoutes, { service: citation });
};

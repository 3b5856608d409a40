import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { imageSearchRoutes } from './image-search.routes.js';
import type { ImageSearchService } from './image-search.service.js';

export interface ImageSearchDomainDeps {
  imageSearch: ImageSearchService;
}

/** Image search over the patent drawings and its history; registered under /api/product. */
export const imageSearchDomain: FastifyPluginAsyncZod<ImageSearchDomainDeps> = async (app, deps) => {
  await app.register(imageSearchRoutes, { service: deps.imageSearch });
};

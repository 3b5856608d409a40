import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { patentValueRoutes } from './patent-value.routes.js';
import type { PatentValueService } from './patent-value.service.js';

export interface PatentValueDomainDeps {
  patentValue: PatentValueService;
}

/** Patent value evaluation; registered under /api/product. */
export const patentValueDomain: FastifyPluginAsyncZod<PatentValueDomainDeps> = async (app, { patentValue }) => {
  await app.register(patentValueRoutes, { service: patentValue });
};

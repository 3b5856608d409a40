import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { patentValueRoutes } from './patent-value.routes.js';
import type { PatentValueService } from './patent-value.service.js';

export interface PatentValueDomainDeps {
  patentValue: PatentValueService;
  /** The per-user rate limit of the costly routes answered at once (plugins/costly-rate-limit.ts). */
  costly: RateLimitOptions;
}

/** Patent value evaluation; registered under /api/product. */
export const patentValueDomain: FastifyPluginAsyncZod<PatentValueDomainDeps> = async (app, { patentValue, costly }) => {
  await app.register(patentValueRoutes, { service: patentValue, costly });
};

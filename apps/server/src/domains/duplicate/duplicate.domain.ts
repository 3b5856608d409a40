import type { RateLimitOptions } from '@fastify/rate-limit';
import type { CpuPool } from '../../cpu/cpu-pool.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { duplicateRoutes } from './duplicate.routes.js';
import type { DuplicateService } from './duplicate.service.js';

export interface DuplicateDomainDeps {
  duplicate: DuplicateService;
  /** The CPU workers: the files answered at once are drawn there. */
  cpu: CpuPool;
  /** The per-user rate limit of the costly routes answered at once (plugins/costly-rate-limit.ts). */
  costly: RateLimitOptions;
}

/** The duplicate and similarity check; registered under /api/product. */
export const duplicateDomain: FastifyPluginAsyncZod<DuplicateDomainDeps> = async (app, { duplicate, cpu, costly }) => {
  await app.register(duplicateRoutes, { service: duplicate, cpu, costly });
};

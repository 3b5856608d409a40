import type { RateLimitOptions } from '@fastify/rate-limit';
import type { CpuPool } from '../../cpu/cpu-pool.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { disclosureRoutes } from './disclosure.routes.js';
import type { DisclosureService } from './disclosure.service.js';

export interface DisclosureDomainDeps {
  disclosure: DisclosureService;
  /** The CPU workers: the files answered at once are drawn there. */
  cpu: CpuPool;
  /** The per-user rate limit of the costly routes answered at once (plugins/costly-rate-limit.ts). */
  costly: RateLimitOptions;
}

/** Disclosure writing and application drafts; registered under /api/product. */
export const disclosureDomain: FastifyPluginAsyncZod<DisclosureDomainDeps> = async (
  app,
  { disclosure, cpu, costly },
) => {
  await app.register(disclosureRoutes, { service: disclosure, cpu, costly });
};

import type { CpuPool } from '../../cpu/cpu-pool.js';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { preEvaluationRoutes } from './pre-evaluation.routes.js';
import type { PreEvaluationService } from './pre-evaluation.service.js';

export interface PreEvaluationDomainDeps {
  preEvaluation: PreEvaluationService;
  /** The CPU workers: the files answered at once are drawn there. */
  cpu: CpuPool;
}

/** Pre-evaluation and the novelty search from a disclosure; registered under /api/product. */
export const preEvaluationDomain: FastifyPluginAsyncZod<PreEvaluationDomainDeps> = async (
  app,
  { preEvaluation, cpu },
) => {
  await app.register(preEvaluationRoutes, { service: preEvaluation, cpu });
};

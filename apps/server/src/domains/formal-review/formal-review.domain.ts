import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formalReviewRoutes } from './formal-review.routes.js';
import type { FormalReviewService } from './formal-review.service.js';

export interface FormalReviewDomainDeps {
  formalReview: FormalReviewService;
  /** The per-user rate limit of the costly routes answered at once (plugins/costly-rate-limit.ts). */
  costly: RateLimitOptions;
}

/** The pre-evaluation's formal review and abnormal-application signals; registered under /api/product. */
export const formalReviewDomain: FastifyPluginAsyncZod<FormalReviewDomainDeps> = async (
  app,
  { formalReview, costly },
) => {
  await app.register(formalReviewRoutes, { service: formalReview, costly });
};

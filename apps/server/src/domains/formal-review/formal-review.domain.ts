import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { formalReviewRoutes } from './formal-review.routes.js';
import type { FormalReviewService } from './formal-review.service.js';

export interface FormalReviewDomainDeps {
  formalReview: FormalReviewService;
}

/** The pre-evaluation's formal review and abnormal-application signals; registered under /api/product. */
export const formalReviewDomain: FastifyPluginAsyncZod<FormalReviewDomainDeps> = async (app, { formalReview }) => {
  await app.register(formalReviewRoutes, { service: formalReview });
};

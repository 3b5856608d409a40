import { FORMAL_REVIEW_PERMISSION, formalReviewEndpoints as endpoints } from '@patlas/contracts';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../kernel/route.js';
import { ok } from '../../envelope.js';
import { languageOf } from '../../plugins/locale.js';
import { requireUser } from '../../kernel/access.plugin.js';
import type { FormalReviewService } from './formal-review.service.js';

export interface FormalReviewRoutesOptions {
  service: FormalReviewService;
  /** The per-user rate limit of the costly routes answered at once (plugins/costly-rate-limit.ts). */
  costly: RateLimitOptions;
}

/** Spec 2 §6: the pre-evaluation screens are behind '/preAssessment'. */
const ACCESS = { access: FORMAL_REVIEW_PERMISSION } as const;

/** The pre-evaluation's formal review and abnormal signals under /api/product (issue 22). */
export const formalReviewRoutes: FastifyPluginAsyncZod<FormalReviewRoutesOptions> = async (
  app,
  { service, costly },
) => {
  route(
    app,
    endpoints.review,
    {
      config: { ...ACCESS, rateLimit: costly },
      schema: {
        summary:
          'The formal review of an application text { title, abstract, claims, description }: findings by rule, ' +
          'each with a zh/en message, a severity and its place (section, claim, offsets); answered at once',
        tags: ['pre-evaluation'],
      },
    },
    async (request) => {
      requireUser(request);
      return ok(await service.review(request.body));
    },
  );

  route(
    app,
    endpoints.abnormal,
    {
      config: ACCESS,
      schema: {
        summary:
          'Abnormal-application signals of an application text and its applicant: near-duplicates of the ' +
          "applicant's earlier filings, batches of near-identical filings, passages copied from existing patents",
        tags: ['pre-evaluation'],
      },
    },
    async (request) => ok(await service.abnormal(requireUser(request), request.body, languageOf(request))),
  );
};

import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { applicantGroupRoutes } from './applicant-group.routes.js';
import type { ApplicantGroupService } from './applicant-group.service.js';

export interface ApplicantGroupDomainDeps {
  applicantGroups: ApplicantGroupService;
  /** The per-user rate limit of the routes that look users up by e-mail (issue 41). */
  lookups: RateLimitOptions;
}

/** Applicant groups (issue 46); registered under /api/product. */
export const applicantGroupDomain: FastifyPluginAsyncZod<ApplicantGroupDomainDeps> = async (app, deps) => {
  await app.register(applicantGroupRoutes, { service: deps.applicantGroups, lookups: deps.lookups });
};

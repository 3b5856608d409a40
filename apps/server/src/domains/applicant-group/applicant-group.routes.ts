import { applicantGroupEndpoints as endpoints } from '@patlas/contracts';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../envelope.js';
import { requireUser } from '../../kernel/access.plugin.js';
import { route } from '../../kernel/route.js';
import { languageOf } from '../../plugins/locale.js';
import type { ApplicantGroupService } from './applicant-group.service.js';

export interface ApplicantGroupRoutesOptions {
  service: ApplicantGroupService;
  /** Shares and e-mail checks tell registered addresses apart: per user and minute (issue 41). */
  lookups: RateLimitOptions;
}

/** Spec 2 §2 ties /paeGroup (applicant groups) to the /userPaeGroup menu permission. */
const GROUPS = { access: '/userPaeGroup' } as const;
const DONE = { done: true as const };

/** Applicant groups under /api/product (spec 2 §7 "Applicant groups"). */
export const applicantGroupRoutes: FastifyPluginAsyncZod<ApplicantGroupRoutesOptions> = async (
  app,
  { service, lookups },
) => {
  const schema = (summary: string) => ({ summary, tags: ['applicantGroup'] });

  route(
    app,
    endpoints.insert,
    { config: GROUPS, schema: schema('Creates an applicant group of the caller') },
    async (request) => ok(await service.create(requireUser(request).userId, request.body.name, request.body.members)),
  );

  route(
    app,
    endpoints.delete,
    { config: GROUPS, schema: schema('Deletes an owned group, or removes a group shared with the caller') },
    async (request) => {
      await service.delete(requireUser(request).userId, request.params.id);
      return ok(DONE);
    },
  );

  route(
    app,
    endpoints.update,
    { config: GROUPS, schema: schema('Renames and edits an owned group') },
    async (request) =>
      ok(await service.update(requireUser(request).userId, request.body.id, request.body.name, request.body.members)),
  );

  route(
    app,
    endpoints.list,
    { config: GROUPS, schema: schema("The caller's groups and those shared with them") },
    async (request) => ok({ items: await service.list(requireUser(request).userId) }),
  );

  route(
    app,
    endpoints.pageList,
    { config: GROUPS, schema: schema("A page of the caller's groups, optionally matching a keyword") },
    async (request) =>
      ok(
        await service.page(requireUser(request).userId, request.body.page, request.body.pageSize, request.body.keyword),
      ),
  );

  route(
    app,
    endpoints.searchApplicant,
    { config: GROUPS, schema: schema('Standardised applicants (PA-STD) matching a keyword, with their spellings') },
    async (request) => {
      requireUser(request);
      return ok({ items: await service.searchApplicant(request.body.keyword, languageOf(request)) });
    },
  );

  route(
    app,
    endpoints.searchEmail,
    {
      config: { ...GROUPS, rateLimit: lookups },
      schema: schema('The registered user with this e-mail, if any (to share a group with)'),
    },
    async (request) => ok({ items: await service.searchEmail(requireUser(request).userId, request.body.email) }),
  );

  route(
    app,
    endpoints.share,
    {
      config: { ...GROUPS, rateLimit: lookups },
      schema: schema('Shares an owned group with registered users by e-mail (at most 5, no duplicates)'),
    },
    async (request) =>
      ok({ shared: await service.share(requireUser(request).userId, request.body.id, request.body.emails) }),
  );

  route(
    app,
    endpoints.getShareInfoList,
    { config: GROUPS, schema: schema('Who an owned group is shared with') },
    async (request) => ok({ items: await service.shareInfo(requireUser(request).userId, request.body.id) }),
  );

  route(
    app,
    endpoints.shareConfirm,
    { config: GROUPS, schema: schema('The recipient accepts or declines a group shared with them') },
    async (request) => {
      await service.confirmShare(requireUser(request).userId, request.body.id, request.body.accept);
      return ok(DONE);
    },
  );
};

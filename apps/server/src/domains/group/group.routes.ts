import { groupEndpoints as endpoints } from '@patlas/contracts';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../envelope.js';
import { requireUser } from '../../kernel/access.plugin.js';
import { route } from '../../kernel/route.js';
import type { GroupService } from './group.service.js';

export interface GroupRoutesOptions {
  service: GroupService;
  /** Invitations by e-mail per user and minute: the answer tells registered addresses apart (issue 41). */
  lookups: RateLimitOptions;
}

/** Spec 2 §2 ties /user/group to the /userPaeGroup menu permission. */
const GROUPS = { access: '/userPaeGroup' } as const;
const DONE = { done: true as const };

/** Groups under /api/product (spec 2 §7 "Groups", all POST). */
export const groupRoutes: FastifyPluginAsyncZod<GroupRoutesOptions> = async (app, { service, lookups }) => {
  const schema = (summary: string) => ({ summary, tags: ['group'] });

  route(
    app,
    endpoints.create,
    {
      config: GROUPS,
      schema: schema('Creates a group owned by the caller (names unique per owner)'),
    },
    async (request) => ok(await service.create(requireUser(request).userId, request.body.name)),
  );

  route(
    app,
    endpoints.list,
    {
      config: GROUPS,
      schema: schema("The caller's groups (owned or joined) with their members, or the one asked for"),
    },
    async (request) => ok({ items: await service.list(requireUser(request).userId, request.body.groupId) }),
  );

  route(
    app,
    endpoints.rename,
    {
      config: GROUPS,
      schema: schema('Renames an owned group'),
    },
    async (request) => ok(await service.rename(requireUser(request).userId, request.body.groupId, request.body.name)),
  );

  route(
    app,
    endpoints.disband,
    {
      config: GROUPS,
      schema: schema('Disbands an owned group; its members are told'),
    },
    async (request) => {
      await service.disband(requireUser(request).userId, request.body.groupId);
      return ok(DONE);
    },
  );

  route(
    app,
    endpoints.invite,
    {
      config: { ...GROUPS, rateLimit: lookups },
      schema: schema('Invites registered users by e-mail (at most 5, no duplicates) to an owned group'),
    },
    async (request) =>
      ok({ invited: await service.invite(requireUser(request).userId, request.body.groupId, request.body.emails) }),
  );

  route(
    app,
    endpoints.respond,
    {
      config: GROUPS,
      schema: schema("Accepts or declines the caller's pending invitation to a group"),
    },
    async (request) => {
      await service.respond(requireUser(request).userId, request.body.groupId, request.body.accept);
      return ok(DONE);
    },
  );

  route(
    app,
    endpoints.removeMember,
    {
      config: GROUPS,
      schema: schema('Removes a member (or withdraws an invitation) from an owned group'),
    },
    async (request) => {
      await service.removeMember(requireUser(request).userId, request.body.groupId, request.body.userId);
      return ok(DONE);
    },
  );

  route(
    app,
    endpoints.leave,
    {
      config: GROUPS,
      schema: schema('The caller leaves a group they are a member of (the owner disbands instead)'),
    },
    async (request) => {
      await service.leave(requireUser(request).userId, request.body.groupId);
      return ok(DONE);
    },
  );
};

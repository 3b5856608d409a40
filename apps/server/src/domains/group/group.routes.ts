import {
  CreateGroupRequestSchema,
  DoneSchema,
  envelopeOf,
  GroupIdRequestSchema,
  GroupInfoRequestSchema,
  GroupListSchema,
  GroupSchema,
  InviteGroupMembersRequestSchema,
  InviteResultSchema,
  RemoveGroupMemberRequestSchema,
  RenameGroupRequestSchema,
  RespondGroupInviteRequestSchema,
} from '@patlas/contracts';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../envelope.js';
import { requireUser } from '../../kernel/access.plugin.js';
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

  app.post(
    '/group/insert/group',
    {
      config: GROUPS,
      schema: {
        ...schema('Creates a group owned by the caller (names unique per owner)'),
        body: CreateGroupRequestSchema,
        response: { 200: envelopeOf(GroupSchema) },
      },
    },
    async (request) => ok(await service.create(requireUser(request).userId, request.body.name)),
  );

  app.post(
    '/group/query/groupInfo',
    {
      config: GROUPS,
      schema: {
        ...schema("The caller's groups (owned or joined) with their members, or the one asked for"),
        body: GroupInfoRequestSchema,
        response: { 200: envelopeOf(GroupListSchema) },
      },
    },
    async (request) => ok({ items: await service.list(requireUser(request).userId, request.body.groupId) }),
  );

  app.post(
    '/group/update/groupName',
    {
      config: GROUPS,
      schema: {
        ...schema('Renames an owned group'),
        body: RenameGroupRequestSchema,
        response: { 200: envelopeOf(GroupSchema) },
      },
    },
    async (request) => ok(await service.rename(requireUser(request).userId, request.body.groupId, request.body.name)),
  );

  app.post(
    '/group/delete/group',
    {
      config: GROUPS,
      schema: {
        ...schema('Disbands an owned group; its members are told'),
        body: GroupIdRequestSchema,
        response: { 200: envelopeOf(DoneSchema) },
      },
    },
    async (request) => {
      await service.disband(requireUser(request).userId, request.body.groupId);
      return ok(DONE);
    },
  );

  app.post(
    '/group/insert/groupMember',
    {
      config: { ...GROUPS, rateLimit: lookups },
      schema: {
        ...schema('Invites registered users by e-mail (at most 5, no duplicates) to an owned group'),
        body: InviteGroupMembersRequestSchema,
        response: { 200: envelopeOf(InviteResultSchema) },
      },
    },
    async (request) =>
      ok({ invited: await service.invite(requireUser(request).userId, request.body.groupId, request.body.emails) }),
  );

  app.post(
    '/group/update/inviteMember',
    {
      config: GROUPS,
      schema: {
        ...schema("Accepts or declines the caller's pending invitation to a group"),
        body: RespondGroupInviteRequestSchema,
        response: { 200: envelopeOf(DoneSchema) },
      },
    },
    async (request) => {
      await service.respond(requireUser(request).userId, request.body.groupId, request.body.accept);
      return ok(DONE);
    },
  );

  app.post(
    '/group/delete/groupMember',
    {
      config: GROUPS,
      schema: {
        ...schema('Removes a member (or withdraws an invitation) from an owned group'),
        body: RemoveGroupMemberRequestSchema,
        response: { 200: envelopeOf(DoneSchema) },
      },
    },
    async (request) => {
      await service.removeMember(requireUser(request).userId, request.body.groupId, request.body.userId);
      return ok(DONE);
    },
  );

  app.post(
    '/group/dropOut/group',
    {
      config: GROUPS,
      schema: {
        ...schema('The caller leaves a group they are a member of (the owner disbands instead)'),
        body: GroupIdRequestSchema,
        response: { 200: envelopeOf(DoneSchema) },
      },
    },
    async (request) => {
      await service.leave(requireUser(request).userId, request.body.groupId);
      return ok(DONE);
    },
  );
};

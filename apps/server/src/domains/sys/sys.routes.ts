import {
  AUDIT_ACTIONS,
  AuditEntrySchema,
  CreateSysUserRequestSchema,
  DisplayCopyItemSchema,
  envelopeOf,
  MAX_INPUT_LENGTH,
  MAX_PAGE,
  pagedOf,
  RoleSchema,
  SYS_PERMISSION,
  SysUserSchema,
  TenantSchema,
  TryoutApplicationSchema,
  UpdateSysUserRequestSchema,
} from '@patlas/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DisplayCopyService, RegistrationService } from '../account/index.js';
import { requireUser } from '../../kernel/access.plugin.js';
import type { Actor, AuthAdminService, AuditService } from '../auth/index.js';
import { ok } from '../../envelope.js';

export interface SysRoutesOptions {
  /** accounts, roles and tenants (domains/auth) */
  admin: AuthAdminService;
  audit: AuditService;
  /** site text (domains/account) */
  displayCopy: DisplayCopyService;
  /** trial applications (domains/account) */
  registration: Pick<RegistrationService, 'listTryouts'>;
}

const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
const IdParams = z.object({ id: z.string().min(1).max(100) });
const UserIdParams = z.object({ userId: z.string().min(1).max(100) });

const RoleInputSchema = RoleSchema.pick({ name: true, description: true, permissions: true }).extend({
  name: z.string().trim().min(1).max(MAX_INPUT_LENGTH),
});
const TenantInputSchema = z.object({
  code: z.string().trim().min(1).max(MAX_INPUT_LENGTH),
  name: z.string().trim().min(1).max(200),
  ipRanges: z.array(z.string().trim().max(64)).max(500).default([]),
  ipRoleIds: z.array(z.string().max(100)).max(100).default([]),
  onlineCap: z.number().int().positive().nullable().default(null),
});
const TenantPatchSchema = z.object({
  code: TenantInputSchema.shape.code.optional(),
  name: TenantInputSchema.shape.name.optional(),
  ipRanges: z.array(z.string().trim().max(64)).max(500).optional(),
  ipRoleIds: z.array(z.string().max(100)).max(100).optional(),
  onlineCap: z.number().int().positive().nullable().optional(),
});
const DisplayCopyInputSchema = z.object({
  items: z.array(z.object({ name: z.string().trim().min(1).max(100), content: z.string().max(5_000) })).max(500),
});

const SYS = { access: SYS_PERMISSION };

function actorOf(request: FastifyRequest): Actor {
  return { auth: requireUser(request), ip: request.ip };
}

/** The operators' area under /api/product/sys (permission '/sys'). */
export const sysRoutes: FastifyPluginAsyncZod<SysRoutesOptions> = async (
  app,
  { admin: service, audit, displayCopy, registration },
) => {
  app.get(
    '/sys/users',
    {
      config: SYS,
      schema: {
        summary: 'Accounts, newest first; keyword matches e-mail or name',
        tags: ['sys'],
        querystring: PageQuerySchema.extend({ keyword: z.string().max(MAX_INPUT_LENGTH).optional() }),
        response: { 200: envelopeOf(pagedOf(SysUserSchema)) },
      },
    },
    async (request) => ok(await service.listUsers(request.query)),
  );

  app.post(
    '/sys/users',
    {
      config: SYS,
      schema: {
        summary: 'Creates an account; without a password one is generated and answered once',
        tags: ['sys'],
        body: CreateSysUserRequestSchema,
        response: { 200: envelopeOf(SysUserSchema.extend({ password: z.string().optional() })) },
      },
    },
    async (request) => ok(await service.createUser(actorOf(request), request.body)),
  );

  app.patch(
    '/sys/users/:userId',
    {
      config: SYS,
      schema: {
        summary: "Changes an account's name, tenant, roles, flags or quotas",
        tags: ['sys'],
        params: UserIdParams,
        body: UpdateSysUserRequestSchema,
        response: { 200: envelopeOf(SysUserSchema) },
      },
    },
    async (request) => ok(await service.updateUser(actorOf(request), request.params.userId, request.body)),
  );

  app.post(
    '/sys/users/:userId/resetPassword',
    {
      config: SYS,
      schema: {
        summary: 'Sets a new random password (answered once) and signs the account out everywhere',
        tags: ['sys'],
        params: UserIdParams,
        response: { 200: envelopeOf(z.object({ password: z.string() })) },
      },
    },
    async (request) => ok(await service.resetPassword(actorOf(request), request.params.userId)),
  );

  app.get(
    '/sys/roles',
    { config: SYS, schema: { tags: ['sys'], response: { 200: envelopeOf(z.array(RoleSchema)) } } },
    async () => ok(await service.listRoles()),
  );

  app.post(
    '/sys/roles',
    {
      config: SYS,
      schema: { tags: ['sys'], body: RoleInputSchema, response: { 200: envelopeOf(RoleSchema) } },
    },
    async (request) => ok(await service.createRole(actorOf(request), request.body)),
  );

  app.patch(
    '/sys/roles/:id',
    {
      config: SYS,
      schema: {
        summary: 'Changes a role (built-in roles cannot be changed)',
        tags: ['sys'],
        params: IdParams,
        body: RoleInputSchema.partial(),
        response: { 200: envelopeOf(RoleSchema) },
      },
    },
    async (request) => ok(await service.updateRole(actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/sys/roles/:id',
    { config: SYS, schema: { summary: 'Deletes a role (not a built-in one)', tags: ['sys'], params: IdParams } },
    async (request) => {
      await service.deleteRole(actorOf(request), request.params.id);
      return ok(null);
    },
  );

  app.get(
    '/sys/tenants',
    { config: SYS, schema: { tags: ['sys'], response: { 200: envelopeOf(z.array(TenantSchema)) } } },
    async () => ok(await service.listTenants()),
  );

  app.post(
    '/sys/tenants',
    {
      config: SYS,
      schema: {
        summary: 'Creates a tenant; IP ranges are CIDR (IPv4 or IPv6)',
        tags: ['sys'],
        body: TenantInputSchema,
        response: { 200: envelopeOf(TenantSchema) },
      },
    },
    async (request) => ok(await service.createTenant(actorOf(request), request.body)),
  );

  app.patch(
    '/sys/tenants/:id',
    {
      config: SYS,
      schema: {
        tags: ['sys'],
        params: IdParams,
        body: TenantPatchSchema,
        response: { 200: envelopeOf(TenantSchema) },
      },
    },
    async (request) => ok(await service.updateTenant(actorOf(request), request.params.id, request.body)),
  );

  app.delete(
    '/sys/tenants/:id',
    {
      config: SYS,
      schema: { summary: 'Deletes a tenant without users (not the default one)', tags: ['sys'], params: IdParams },
    },
    async (request) => {
      await service.deleteTenant(actorOf(request), request.params.id);
      return ok(null);
    },
  );

  app.get(
    '/sys/display/copy',
    {
      config: SYS,
      schema: { tags: ['sys'], response: { 200: envelopeOf(z.array(DisplayCopyItemSchema)) } },
    },
    async () => ok(await displayCopy.list()),
  );

  app.put(
    '/sys/display/copy',
    {
      config: SYS,
      schema: {
        summary: 'Replaces the site text (GET /api/product/system/display/copy serves it)',
        tags: ['sys'],
        body: DisplayCopyInputSchema,
        response: { 200: envelopeOf(z.array(DisplayCopyItemSchema)) },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await displayCopy.replaceAll(request.body.items);
      await audit.record({
        action: 'display_copy_update',
        actorId: actor.auth.userId,
        actorEmail: actor.auth.email,
        ip: actor.ip,
        detail: { names: request.body.items.map((i) => i.name) },
      });
      return ok(await displayCopy.list());
    },
  );

  app.get(
    '/sys/audit',
    {
      config: SYS,
      schema: {
        summary: 'The audit log, newest first',
        tags: ['sys'],
        querystring: PageQuerySchema.extend({
          action: z.enum(AUDIT_ACTIONS).optional(),
          userId: z.string().max(100).optional(),
        }),
        response: { 200: envelopeOf(pagedOf(AuditEntrySchema)) },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const { total, items } = await audit.list(request.query);
      return ok({ total, page, pageSize, items });
    },
  );

  app.get(
    '/sys/tryout',
    {
      config: SYS,
      schema: {
        summary: 'Trial applications, newest first',
        tags: ['sys'],
        querystring: PageQuerySchema,
        response: { 200: envelopeOf(pagedOf(TryoutApplicationSchema)) },
      },
    },
    async (request) => {
      const { page, pageSize } = request.query;
      const { total, items } = await registration.listTryouts(page, pageSize);
      return ok({ total, page, pageSize, items });
    },
  );
};

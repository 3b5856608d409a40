import { SYS_PERMISSION, sysEndpoints as endpoints } from '@patlas/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DisplayCopyService, RegistrationService } from '../account/index.js';
import { requireUser } from '../../kernel/access.plugin.js';
import { route } from '../../kernel/route.js';
import type { Actor, AuthAdminService, AuditService } from '../auth/index.js';
import { ok } from '../../envelope.js';

export interface SysRoutesOptions {
  /** accounts, roles and tenants (domains/auth) */
  admin: AuthAdminService;
  audit: AuditService;
  /** site text (domains/account) */
  displayCopy: DisplayCopyService;
  /** trial applications (domains/account) */
  registration: Pick<RegistrationService, 'listTryouts' | 'registrationSettings' | 'updateRegistrationSettings'>;
}

const SYS = { access: SYS_PERMISSION };

function actorOf(request: FastifyRequest): Actor {
  return { auth: requireUser(request), ip: request.ip };
}

/** The operators' area under /api/product/sys (permission '/sys'). */
export const sysRoutes: FastifyPluginAsyncZod<SysRoutesOptions> = async (
  app,
  { admin: service, audit, displayCopy, registration },
) => {
  route(
    app,
    endpoints.listUsers,
    { config: SYS, schema: { summary: 'Accounts, newest first; keyword matches e-mail or name', tags: ['sys'] } },
    async (request) => ok(await service.listUsers(request.query)),
  );

  route(
    app,
    endpoints.createUser,
    {
      config: SYS,
      schema: { summary: 'Creates an account; without a password one is generated and answered once', tags: ['sys'] },
    },
    async (request) => ok(await service.createUser(actorOf(request), request.body)),
  );

  route(
    app,
    endpoints.updateUser,
    { config: SYS, schema: { summary: "Changes an account's name, tenant, roles, flags or quotas", tags: ['sys'] } },
    async (request) => ok(await service.updateUser(actorOf(request), request.params.userId, request.body)),
  );

  route(
    app,
    endpoints.resetPassword,
    {
      config: SYS,
      schema: {
        summary: 'Sets a new random password (answered once) and signs the account out everywhere',
        tags: ['sys'],
      },
    },
    async (request) => ok(await service.resetPassword(actorOf(request), request.params.userId)),
  );

  route(app, endpoints.listRoles, { config: SYS, schema: { tags: ['sys'] } }, async () =>
    ok(await service.listRoles()),
  );

  route(app, endpoints.createRole, { config: SYS, schema: { tags: ['sys'] } }, async (request) =>
    ok(await service.createRole(actorOf(request), request.body)),
  );

  route(
    app,
    endpoints.updateRole,
    { config: SYS, schema: { summary: 'Changes a role (built-in roles cannot be changed)', tags: ['sys'] } },
    async (request) => ok(await service.updateRole(actorOf(request), request.params.id, request.body)),
  );

  route(
    app,
    endpoints.deleteRole,
    { config: SYS, schema: { summary: 'Deletes a role (not a built-in one)', tags: ['sys'] } },
    async (request) => {
      await service.deleteRole(actorOf(request), request.params.id);
      return ok(null);
    },
  );

  route(app, endpoints.listTenants, { config: SYS, schema: { tags: ['sys'] } }, async () =>
    ok(await service.listTenants()),
  );

  route(
    app,
    endpoints.createTenant,
    { config: SYS, schema: { summary: 'Creates a tenant; IP ranges are CIDR (IPv4 or IPv6)', tags: ['sys'] } },
    async (request) => ok(await service.createTenant(actorOf(request), request.body)),
  );

  route(app, endpoints.updateTenant, { config: SYS, schema: { tags: ['sys'] } }, async (request) =>
    ok(await service.updateTenant(actorOf(request), request.params.id, request.body)),
  );

  route(
    app,
    endpoints.deleteTenant,
    { config: SYS, schema: { summary: 'Deletes a tenant without users (not the default one)', tags: ['sys'] } },
    async (request) => {
      await service.deleteTenant(actorOf(request), request.params.id);
      return ok(null);
    },
  );

  route(app, endpoints.listDisplayCopy, { config: SYS, schema: { tags: ['sys'] } }, async () =>
    ok(await displayCopy.list()),
  );

  route(
    app,
    endpoints.replaceDisplayCopy,
    {
      config: SYS,
      schema: { summary: 'Replaces the site text (GET /api/product/system/display/copy serves it)', tags: ['sys'] },
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

  route(
    app,
    endpoints.listAudit,
    { config: SYS, schema: { summary: 'The audit log, newest first', tags: ['sys'] } },
    async (request) => {
      const { page, pageSize } = request.query;
      const { total, items } = await audit.list(request.query);
      return ok({ total, page, pageSize, items });
    },
  );

  route(
    app,
    endpoints.getRegistrationSettings,
    {
      config: SYS,
      schema: {
        summary: 'What self-registered accounts get: open, approval by an operator, or the trial role',
        tags: ['sys'],
      },
    },
    async () => ok(await registration.registrationSettings()),
  );

  route(
    app,
    endpoints.updateRegistrationSettings,
    { config: SYS, schema: { summary: 'Sets what self-registered accounts get (audited)', tags: ['sys'] } },
    async (request) => {
      const auth = requireUser(request);
      return ok(
        await registration.updateRegistrationSettings(request.body, {
          userId: auth.userId,
          email: auth.email,
          ip: request.ip,
        }),
      );
    },
  );

  route(
    app,
    endpoints.listTryouts,
    { config: SYS, schema: { summary: 'Trial applications, newest first', tags: ['sys'] } },
    async (request) => {
      const { page, pageSize } = request.query;
      const { total, items } = await registration.listTryouts(page, pageSize);
      return ok({ total, page, pageSize, items });
    },
  );
};

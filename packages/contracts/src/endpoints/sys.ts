import { z } from 'zod';
import {
  AUDIT_ACTIONS,
  AuditEntrySchema,
  CreateSysUserRequestSchema,
  DisplayCopyItemSchema,
  pagedOf,
  RegistrationSettingsSchema,
  RoleSchema,
  SysUserSchema,
  TenantSchema,
  TryoutApplicationSchema,
  UpdateSysUserRequestSchema,
} from '../auth.js';
import { endpoint } from '../endpoint.js';
import { MAX_INPUT_LENGTH, MAX_PAGE } from '../limits.js';
import { KeywordSchema } from '../keyword.js';

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

/** The operators' area /api/product/sys/* (permission SYS_PERMISSION): accounts, roles, tenants, site text, records. */
export const sysEndpoints = {
  listUsers: endpoint({
    method: 'GET',
    path: '/product/sys/users',
    query: PageQuerySchema.extend({ keyword: KeywordSchema.optional() }),
    response: pagedOf(SysUserSchema),
  }),
  createUser: endpoint({
    method: 'POST',
    path: '/product/sys/users',
    body: CreateSysUserRequestSchema,
    // The password only when the server made one up, to show once.
    response: SysUserSchema.extend({ password: z.string().optional() }),
  }),
  updateUser: endpoint({
    method: 'PATCH',
    path: '/product/sys/users/:userId',
    params: UserIdParams,
    body: UpdateSysUserRequestSchema,
    response: SysUserSchema,
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/product/sys/users/:userId/resetPassword',
    params: UserIdParams,
    response: z.object({ password: z.string() }),
  }),
  listRoles: endpoint({ method: 'GET', path: '/product/sys/roles', response: z.array(RoleSchema) }),
  createRole: endpoint({ method: 'POST', path: '/product/sys/roles', body: RoleInputSchema, response: RoleSchema }),
  updateRole: endpoint({
    method: 'PATCH',
    path: '/product/sys/roles/:id',
    params: IdParams,
    body: RoleInputSchema.partial(),
    response: RoleSchema,
  }),
  deleteRole: endpoint({ method: 'DELETE', path: '/product/sys/roles/:id', params: IdParams }),
  listTenants: endpoint({ method: 'GET', path: '/product/sys/tenants', response: z.array(TenantSchema) }),
  createTenant: endpoint({
    method: 'POST',
    path: '/product/sys/tenants',
    body: TenantInputSchema,
    response: TenantSchema,
  }),
  updateTenant: endpoint({
    method: 'PATCH',
    path: '/product/sys/tenants/:id',
    params: IdParams,
    body: TenantPatchSchema,
    response: TenantSchema,
  }),
  deleteTenant: endpoint({ method: 'DELETE', path: '/product/sys/tenants/:id', params: IdParams }),
  listDisplayCopy: endpoint({
    method: 'GET',
    path: '/product/sys/display/copy',
    response: z.array(DisplayCopyItemSchema),
  }),
  replaceDisplayCopy: endpoint({
    method: 'PUT',
    path: '/product/sys/display/copy',
    body: DisplayCopyInputSchema,
    response: z.array(DisplayCopyItemSchema),
  }),
  listAudit: endpoint({
    method: 'GET',
    path: '/product/sys/audit',
    query: PageQuerySchema.extend({
      action: z.enum(AUDIT_ACTIONS).optional(),
      userId: z.string().max(100).optional(),
    }),
    response: pagedOf(AuditEntrySchema),
  }),
  /** Issue 43: what self-registered accounts get (open, approval by an operator, trial role). */
  getRegistrationSettings: endpoint({
    method: 'GET',
    path: '/product/sys/settings/registration',
    response: RegistrationSettingsSchema,
  }),
  updateRegistrationSettings: endpoint({
    method: 'PUT',
    path: '/product/sys/settings/registration',
    body: RegistrationSettingsSchema,
    response: RegistrationSettingsSchema,
  }),
  listTryouts: endpoint({
    method: 'GET',
    path: '/product/sys/tryout',
    query: PageQuerySchema,
    response: pagedOf(TryoutApplicationSchema),
  }),
};

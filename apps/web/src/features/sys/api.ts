import {
  sysEndpoints,
  type AuditEntry,
  type EndpointBody,
  type EndpointResponse,
  type QuotaKind,
  type RegistrationSettings,
  type Role,
  type SysUser,
  type Tenant,
} from '@patlas/contracts';
import type { RequestOptions } from '../../api/client';
import { call } from '../../api/endpoint-call';

type Options = Omit<RequestOptions, 'query'>;

/** Contract pagedOf(item). */
export interface Paged<T> {
  total: number;
  page: number;
  pageSize: number;
  items: T[];
}

export type QuotaLimits = Partial<Record<QuotaKind, number | null>>;

export type CreateSysUserRequest = EndpointBody<typeof sysEndpoints.createUser>;
/** The created user; `password` only when the server made one up to show once. */
export type CreatedSysUser = EndpointResponse<typeof sysEndpoints.createUser>;
export type UpdateSysUserRequest = EndpointBody<typeof sysEndpoints.updateUser>;

export type RoleInput = EndpointBody<typeof sysEndpoints.createRole>;
export type TenantInput = EndpointBody<typeof sysEndpoints.createTenant>;

export type DisplayCopyItem = EndpointResponse<typeof sysEndpoints.listDisplayCopy>[number];
export type TryoutApplication = EndpointResponse<typeof sysEndpoints.listTryouts>['items'][number];

export interface PageQuery {
  page: number;
  pageSize: number;
}

// Users

export function fetchSysUsers(query: PageQuery & { keyword?: string }, options: Options): Promise<Paged<SysUser>> {
  return call(sysEndpoints.listUsers, { query: { ...query, keyword: query.keyword || undefined } }, options);
}

export function createSysUser(body: CreateSysUserRequest, options: Options): Promise<CreatedSysUser> {
  return call(sysEndpoints.createUser, { body }, options);
}

export function updateSysUser(userId: string, body: UpdateSysUserRequest, options: Options): Promise<SysUser> {
  return call(sysEndpoints.updateUser, { params: { userId }, body }, options);
}

/** Issue 43: what self-registered accounts get. */
export function fetchRegistrationSettings(options: Options): Promise<RegistrationSettings> {
  return call(sysEndpoints.getRegistrationSettings, {}, options);
}

export function updateRegistrationSettings(
  body: RegistrationSettings,
  options: Options,
): Promise<RegistrationSettings> {
  return call(sysEndpoints.updateRegistrationSettings, { body }, options);
}

/** A new random password, to be shown once. */
export function resetSysUserPassword(userId: string, options: Options): Promise<{ password: string }> {
  return call(sysEndpoints.resetPassword, { params: { userId } }, options);
}

// Roles

export function fetchRoles(options: Options): Promise<Role[]> {
  return call(sysEndpoints.listRoles, {}, options);
}

export function createRole(body: RoleInput, options: Options): Promise<Role> {
  return call(sysEndpoints.createRole, { body }, options);
}

export function updateRole(id: string, body: Partial<RoleInput>, options: Options): Promise<Role> {
  return call(sysEndpoints.updateRole, { params: { id }, body }, options);
}

export function deleteRole(id: string, options: Options): Promise<unknown> {
  return call(sysEndpoints.deleteRole, { params: { id } }, options);
}

// Tenants

export function fetchTenants(options: Options): Promise<Tenant[]> {
  return call(sysEndpoints.listTenants, {}, options);
}

export function createTenant(body: TenantInput, options: Options): Promise<Tenant> {
  return call(sysEndpoints.createTenant, { body }, options);
}

export function updateTenant(id: string, body: Partial<TenantInput>, options: Options): Promise<Tenant> {
  return call(sysEndpoints.updateTenant, { params: { id }, body }, options);
}

export function deleteTenant(id: string, options: Options): Promise<unknown> {
  return call(sysEndpoints.deleteTenant, { params: { id } }, options);
}

// Site text

export function fetchDisplayCopy(options: Options): Promise<DisplayCopyItem[]> {
  return call(sysEndpoints.listDisplayCopy, {}, options);
}

export function saveDisplayCopy(items: DisplayCopyItem[], options: Options): Promise<DisplayCopyItem[]> {
  return call(sysEndpoints.replaceDisplayCopy, { body: { items } }, options);
}

// Records

export function fetchAudit(
  query: PageQuery & { action?: AuditEntry['action']; userId?: string },
  options: Options,
): Promise<Paged<AuditEntry>> {
  return call(sysEndpoints.listAudit, { query: { ...query } }, options);
}

export function fetchTryouts(query: PageQuery, options: Options): Promise<Paged<TryoutApplication>> {
  return call(sysEndpoints.listTryouts, { query: { ...query } }, options);
}

import type { AuditEntry, QuotaKind, Role, SysUser, Tenant } from '@patlas/contracts';
import { apiGet, apiPost, apiSend, type RequestOptions } from '../../api/client';

type Options = Omit<RequestOptions, 'query'>;

/** Contract pagedOf(item). */
export interface Paged<T> {
  total: number;
  page: number;
  pageSize: number;
  items: T[];
}

export type QuotaLimits = Partial<Record<QuotaKind, number | null>>;

export interface CreateSysUserRequest {
  email: string;
  fullname: string;
  password?: string;
  tenantId?: string;
  roleIds: string[];
  quotas: QuotaLimits;
}
/** The created user; `password` only when the server made one up to show once. */
export type CreatedSysUser = SysUser & { password?: string };

export interface UpdateSysUserRequest {
  fullname?: string;
  tenantId?: string;
  roleIds?: string[];
  canOperation?: boolean;
  disabled?: boolean;
  quotas?: QuotaLimits;
}

export type RoleInput = Pick<Role, 'name' | 'permissions'> & { description?: string };
export type TenantInput = Omit<Tenant, 'id' | 'createdAt'>;

export interface DisplayCopyItem {
  name: string;
  content: string;
}

export interface TryoutApplication {
  id: string;
  email: string;
  fullname: string;
  organisation: string | null;
  phone: string | null;
  purpose: string | null;
  createdAt: string;
}

export interface PageQuery {
  page: number;
  pageSize: number;
}

const SYS = '/product/sys';

// Users

export function fetchSysUsers(query: PageQuery & { keyword?: string }, options: Options): Promise<Paged<SysUser>> {
  return apiGet<Paged<SysUser>>(`${SYS}/users`, {
    ...options,
    query: { ...query, keyword: query.keyword || undefined },
  });
}

export function createSysUser(body: CreateSysUserRequest, options: Options): Promise<CreatedSysUser> {
  return apiPost<CreatedSysUser>(`${SYS}/users`, body, options);
}

export function updateSysUser(userId: string, body: UpdateSysUserRequest, options: Options): Promise<SysUser> {
  return apiSend<SysUser>('PATCH', `${SYS}/users/${encodeURIComponent(userId)}`, body, options);
}

/** A new random password, to be shown once. */
export function resetSysUserPassword(userId: string, options: Options): Promise<{ password: string }> {
  return apiPost<{ password: string }>(`${SYS}/users/${encodeURIComponent(userId)}/resetPassword`, {}, options);
}

// Roles

export function fetchRoles(options: Options): Promise<Role[]> {
  return apiGet<Role[]>(`${SYS}/roles`, options);
}

export function createRole(body: RoleInput, options: Options): Promise<Role> {
  return apiPost<Role>(`${SYS}/roles`, body, options);
}

export function updateRole(id: string, body: Partial<RoleInput>, options: Options): Promise<Role> {
  return apiSend<Role>('PATCH', `${SYS}/roles/${encodeURIComponent(id)}`, body, options);
}

export function deleteRole(id: string, options: Options): Promise<unknown> {
  return apiSend<unknown>('DELETE', `${SYS}/roles/${encodeURIComponent(id)}`, undefined, options);
}

// Tenants

export function fetchTenants(options: Options): Promise<Tenant[]> {
  return apiGet<Tenant[]>(`${SYS}/tenants`, options);
}

export function createTenant(body: TenantInput, options: Options): Promise<Tenant> {
  return apiPost<Tenant>(`${SYS}/tenants`, body, options);
}

export function updateTenant(id: string, body: Partial<TenantInput>, options: Options): Promise<Tenant> {
  return apiSend<Tenant>('PATCH', `${SYS}/tenants/${encodeURIComponent(id)}`, body, options);
}

export function deleteTenant(id: string, options: Options): Promise<unknown> {
  return apiSend<unknown>('DELETE', `${SYS}/tenants/${encodeURIComponent(id)}`, undefined, options);
}

// Site text

export function fetchDisplayCopy(options: Options): Promise<DisplayCopyItem[]> {
  return apiGet<DisplayCopyItem[]>(`${SYS}/display/copy`, options);
}

export function saveDisplayCopy(items: DisplayCopyItem[], options: Options): Promise<DisplayCopyItem[]> {
  return apiSend<DisplayCopyItem[]>('PUT', `${SYS}/display/copy`, { items }, options);
}

// Records

export function fetchAudit(
  query: PageQuery & { action?: string; userId?: string },
  options: Options,
): Promise<Paged<AuditEntry>> {
  return apiGet<Paged<AuditEntry>>(`${SYS}/audit`, { ...options, query: { ...query } });
}

export function fetchTryouts(query: PageQuery, options: Options): Promise<Paged<TryoutApplication>> {
  return apiGet<Paged<TryoutApplication>>(`${SYS}/tryout`, { ...options, query: { ...query } });
}

import { SYS_PERMISSION, type Role, type SysUser, type Tenant } from '@patlas/contracts';
import { AppError } from '../../errors.js';
import type { AccountAuthContext } from '../auth/access.plugin.js';
import type { AuthDomain } from '../auth/auth-domain.js';
import { isValidIpRange } from '../auth/ip-ranges.js';
import { hashPassword } from '../auth/password.js';
import { roleOf } from '../auth/role.repository.js';
import { DEFAULT_TENANT_CODE, tenantOf, type TenantFields } from '../auth/tenant.repository.js';
import { randomPassword } from '../auth/tokens.js';
import type { UserRow } from '../../db/schema.js';

/** Who acts, for the audit log. */
export interface Actor {
  auth: AccountAuthContext;
  ip: string | null;
}

export interface CreateUserInput {
  email: string;
  fullname: string;
  password?: string | undefined;
  tenantId?: string | undefined;
  roleIds: string[];
  quotas: Record<string, number | null>;
}

export interface UpdateUserInput {
  fullname?: string | undefined;
  tenantId?: string | undefined;
  roleIds?: string[] | undefined;
  canOperation?: boolean | undefined;
  disabled?: boolean | undefined;
  quotas?: Record<string, number | null> | undefined;
}

export interface RoleInput {
  name: string;
  description?: string | undefined;
  permissions: string[];
}

export type TenantInput = TenantFields;

/**
 * The operators' area (/sys): accounts, roles, tenants. The operators' face of the auth domain,
 * so it works on that domain's repositories. Every change is audited.
 */
export class SysService {
  constructor(private readonly auth: AuthDomain) {}

  private audit(actor: Actor, entry: Parameters<AuthDomain['audit']['record']>[0]): Promise<void> {
    return this.auth.audit.record({ actorId: actor.auth.userId, actorEmail: actor.auth.email, ip: actor.ip, ...entry });
  }

  private sysUserOf(row: UserRow, roleIds: string[]): SysUser {
    return {
      userId: row.id,
      email: row.email,
      fullname: row.fullname,
      tenantId: row.tenant_id,
      roleIds,
      canOperation: row.can_operation === 1,
      disabled: row.disabled === 1,
      quotas: JSON.parse(row.quotas) as SysUser['quotas'],
      createdAt: row.created_at,
      lastLoginAt: row.last_login_at,
    };
  }

  private async checkRoleIds(roleIds: readonly string[], field: string): Promise<void> {
    const missing = await this.auth.roles.missingIds(roleIds);
    if (missing.length > 0) throw new AppError('ROLE_NOT_FOUND', { id: missing[0]! }, { field });
  }

  private async checkTenant(tenantId: string): Promise<void> {
    if (!(await this.auth.tenants.findById(tenantId))) {
      throw new AppError('TENANT_NOT_FOUND', { id: tenantId }, { field: 'tenantId' });
    }
  }

  async listUsers(query: { page: number; pageSize: number; keyword?: string | undefined }) {
    const { total, rows } = await this.auth.users.list(query);
    const roles = await this.auth.users.roleIdsOfMany(rows.map((r) => r.id));
    return {
      total,
      page: query.page,
      pageSize: query.pageSize,
      items: rows.map((row) => this.sysUserOf(row, roles.get(row.id) ?? [])),
    };
  }

  async createUser(actor: Actor, input: CreateUserInput): Promise<SysUser & { password?: string }> {
    if (await this.auth.users.findByEmail(input.email)) throw new AppError('EMAIL_TAKEN', {}, { field: 'email' });
    let tenantId = input.tenantId;
    if (tenantId) await this.checkTenant(tenantId);
    else tenantId = (await this.auth.tenants.findByCode(DEFAULT_TENANT_CODE))!.id;
    await this.checkRoleIds(input.roleIds, 'roleIds');
    const generated = input.password === undefined ? randomPassword() : undefined;
    const row = await this.auth.users.create({
      email: input.email,
      fullname: input.fullname,
      passwordHash: await hashPassword(input.password ?? generated!),
      tenantId,
      quotas: input.quotas,
    });
    await this.auth.users.setRoles(row.id, input.roleIds);
    await this.audit(actor, {
      action: 'user_create',
      targetId: row.id,
      detail: { email: row.email, fullname: row.fullname, tenantId, roleIds: input.roleIds },
    });
    const user = this.sysUserOf(row, await this.auth.users.roleIdsOf(row.id));
    return generated ? { ...user, password: generated } : user;
  }

  /** True when the roles give the operators' permission. */
  private async rolesGiveSys(roleIds: readonly string[]): Promise<boolean> {
    return (await this.auth.roles.permissionsOfRoles(roleIds)).includes(SYS_PERMISSION);
  }

  async updateUser(actor: Actor, userId: string, patch: UpdateUserInput): Promise<SysUser> {
    const before = await this.auth.users.findById(userId);
    if (!before) throw new AppError('NOT_FOUND');
    if (patch.tenantId !== undefined) await this.checkTenant(patch.tenantId);
    if (patch.roleIds !== undefined) await this.checkRoleIds(patch.roleIds, 'roleIds');
    if (actor.auth.userId === userId) {
      const isLockingOut =
        patch.disabled === true || (patch.roleIds !== undefined && !(await this.rolesGiveSys(patch.roleIds)));
      if (isLockingOut) throw new AppError('SYS_SELF_LOCKOUT');
    }
    const rolesBefore = await this.auth.users.roleIdsOf(userId);
    await this.auth.users.update(userId, {
      ...(patch.fullname !== undefined ? { fullname: patch.fullname } : {}),
      ...(patch.tenantId !== undefined ? { tenantId: patch.tenantId } : {}),
      ...(patch.canOperation !== undefined ? { canOperation: patch.canOperation } : {}),
      ...(patch.disabled !== undefined ? { disabled: patch.disabled } : {}),
      ...(patch.quotas !== undefined ? { quotas: patch.quotas } : {}),
    });
    const changed = Object.keys(patch).filter((k) => patch[k as keyof UpdateUserInput] !== undefined);
    await this.audit(actor, { action: 'user_update', targetId: userId, detail: { fields: changed, patch } });
    if (patch.roleIds !== undefined) {
      await this.auth.users.setRoles(userId, patch.roleIds);
      const rolesAfter = await this.auth.users.roleIdsOf(userId);
      if (JSON.stringify(rolesAfter) !== JSON.stringify(rolesBefore)) {
        await this.audit(actor, {
          action: 'permission_change',
          targetId: userId,
          detail: { kind: 'user_roles', before: rolesBefore, after: rolesAfter },
        });
      }
    }
    // A disabled account is signed out everywhere at once.
    if (patch.disabled === true && before.disabled !== 1) await this.auth.sessions.endAllOfUser(userId, 'disabled');
    const after = (await this.auth.users.findById(userId))!;
    return this.sysUserOf(after, await this.auth.users.roleIdsOf(userId));
  }

  async resetPassword(actor: Actor, userId: string): Promise<{ password: string }> {
    const user = await this.auth.users.findById(userId);
    if (!user) throw new AppError('NOT_FOUND');
    const password = randomPassword();
    await this.auth.users.update(userId, { passwordHash: await hashPassword(password) });
    await this.auth.sessions.endAllOfUser(userId, 'password_reset');
    await this.audit(actor, { action: 'password_reset', targetId: userId, detail: { by: 'operator' } });
    return { password };
  }

  listRoles(): Promise<Role[]> {
    return this.auth.roles.list();
  }

  async createRole(actor: Actor, input: RoleInput): Promise<Role> {
    if (await this.auth.roles.findByName(input.name)) throw new AppError('ROLE_NAME_TAKEN', {}, { field: 'name' });
    const role = await this.auth.roles.create(input);
    await this.audit(actor, { action: 'role_create', targetId: role.id, detail: { ...input } });
    return role;
  }

  async updateRole(actor: Actor, id: string, patch: Partial<RoleInput>): Promise<Role> {
    const before = await this.auth.roles.findById(id);
    if (!before) throw new AppError('NOT_FOUND');
    if (before.built_in === 1) throw new AppError('ROLE_BUILT_IN');
    if (patch.name !== undefined && patch.name !== before.name && (await this.auth.roles.findByName(patch.name))) {
      throw new AppError('ROLE_NAME_TAKEN', {}, { field: 'name' });
    }
    await this.auth.roles.update(id, patch);
    const after = (await this.auth.roles.findById(id))!;
    await this.audit(actor, { action: 'role_update', targetId: id, detail: { patch } });
    if (after.permissions !== before.permissions) {
      await this.audit(actor, {
        action: 'permission_change',
        targetId: id,
        detail: {
          kind: 'role_permissions',
          role: after.name,
          before: JSON.parse(before.permissions) as unknown,
          after: JSON.parse(after.permissions) as unknown,
        },
      });
    }
    return roleOf(after);
  }

  async deleteRole(actor: Actor, id: string): Promise<void> {
    const role = await this.auth.roles.findById(id);
    if (!role) throw new AppError('NOT_FOUND');
    if (role.built_in === 1) throw new AppError('ROLE_BUILT_IN');
    await this.auth.roles.delete(id);
    await this.auth.tenants.removeIpRole(id);
    await this.audit(actor, { action: 'role_delete', targetId: id, detail: { name: role.name } });
  }

  listTenants(): Promise<Tenant[]> {
    return this.auth.tenants.list();
  }

  private checkIpRanges(ranges: readonly string[]): void {
    ranges.forEach((range, index) => {
      if (!isValidIpRange(range))
        throw new AppError('IP_RANGE_INVALID', { value: range }, { field: `ipRanges.${index}` });
    });
  }

  async createTenant(actor: Actor, input: TenantInput): Promise<Tenant> {
    if (await this.auth.tenants.findByCode(input.code)) throw new AppError('TENANT_CODE_TAKEN', {}, { field: 'code' });
    this.checkIpRanges(input.ipRanges);
    await this.checkRoleIds(input.ipRoleIds, 'ipRoleIds');
    const tenant = await this.auth.tenants.create(input);
    await this.audit(actor, { action: 'tenant_create', targetId: tenant.id, detail: { ...input } });
    return tenant;
  }

  async updateTenant(actor: Actor, id: string, patch: Partial<TenantInput>): Promise<Tenant> {
    const before = await this.auth.tenants.findById(id);
    if (!before) throw new AppError('NOT_FOUND');
    if (patch.code !== undefined && patch.code !== before.code) {
      if (before.code === DEFAULT_TENANT_CODE) throw new AppError('TENANT_DEFAULT');
      if (await this.auth.tenants.findByCode(patch.code))
        throw new AppError('TENANT_CODE_TAKEN', {}, { field: 'code' });
    }
    if (patch.ipRanges !== undefined) this.checkIpRanges(patch.ipRanges);
    if (patch.ipRoleIds !== undefined) await this.checkRoleIds(patch.ipRoleIds, 'ipRoleIds');
    await this.auth.tenants.update(id, patch);
    const after = (await this.auth.tenants.findById(id))!;
    await this.audit(actor, { action: 'tenant_update', targetId: id, detail: { patch } });
    if (after.ip_role_ids !== before.ip_role_ids) {
      await this.audit(actor, {
        action: 'permission_change',
        targetId: id,
        detail: {
          kind: 'tenant_ip_roles',
          before: JSON.parse(before.ip_role_ids) as unknown,
          after: JSON.parse(after.ip_role_ids) as unknown,
        },
      });
    }
    return tenantOf(after);
  }

  async deleteTenant(actor: Actor, id: string): Promise<void> {
    const tenant = await this.auth.tenants.findById(id);
    if (!tenant) throw new AppError('NOT_FOUND');
    if (tenant.code === DEFAULT_TENANT_CODE) throw new AppError('TENANT_DEFAULT');
    if ((await this.auth.users.countInTenant(id)) > 0) throw new AppError('TENANT_IN_USE');
    await this.auth.tenants.delete(id);
    await this.audit(actor, {
      action: 'tenant_delete',
      targetId: id,
      detail: { code: tenant.code, name: tenant.name },
    });
  }
}

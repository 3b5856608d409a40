import { SYS_PERMISSION, type Role, type SysUser, type Tenant } from '@patlas/contracts';
import { AppError } from '../../errors.js';
import type { UserRow } from '../../db/schema.js';
import type { AccountAuthContext } from '../../kernel/access.plugin.js';
import type { AuditRecord, AuditRepository } from './audit.repository.js';
import { isValidIpRange } from './ip-ranges.js';
import { hashPassword } from './password.js';
import { roleOf, type RoleRepository } from './role.repository.js';
import { DEFAULT_TENANT_CODE } from './seed.js';
import type { SessionService } from './session.service.js';
import { tenantOf, type TenantFields, type TenantRepository } from './tenant.repository.js';
import { randomPassword } from './tokens.js';
import type { UserRepository } from './user.repository.js';

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
  /** Issue 43: approves an account awaiting approval. */
  approved?: true | undefined;
  quotas?: Record<string, number | null> | undefined;
}

export interface RoleInput {
  name: string;
  description?: string | undefined;
  permissions: string[];
}

export type TenantInput = TenantFields;

export interface AuthAdminServiceDeps {
  users: UserRepository;
  roles: RoleRepository;
  tenants: TenantRepository;
  audit: AuditRepository;
  sessions: Pick<SessionService, 'endAllOfUser' | 'endAllCredentialsOfUser'>;
}

/**
 * Accounts, roles and tenants as the operators' area (/sys, domains/sys) manages them: the
 * operators' face of the auth domain. Every change is audited.
 */
export class AuthAdminService {
  constructor(private readonly deps: AuthAdminServiceDeps) {}

  private audit(actor: Actor, entry: AuditRecord): Promise<void> {
    return this.deps.audit.record({ actorId: actor.auth.userId, actorEmail: actor.auth.email, ip: actor.ip, ...entry });
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
      awaitingApproval: row.awaiting_approval === 1,
      quotas: JSON.parse(row.quotas) as SysUser['quotas'],
      createdAt: row.created_at,
      lastLoginAt: row.last_login_at,
    };
  }

  private async checkRoleIds(roleIds: readonly string[], field: string): Promise<void> {
    const missing = await this.deps.roles.missingIds(roleIds);
    if (missing.length > 0) throw new AppError('ROLE_NOT_FOUND', { id: missing[0]! }, { field });
  }

  private async checkTenant(tenantId: string): Promise<void> {
    if (!(await this.deps.tenants.findById(tenantId))) {
      throw new AppError('TENANT_NOT_FOUND', { id: tenantId }, { field: 'tenantId' });
    }
  }

  async listUsers(query: { page: number; pageSize: number; keyword?: string | undefined }) {
    const { total, rows } = await this.deps.users.list(query);
    const roles = await this.deps.users.roleIdsOfMany(rows.map((r) => r.id));
    return {
      total,
      page: query.page,
      pageSize: query.pageSize,
      items: rows.map((row) => this.sysUserOf(row, roles.get(row.id) ?? [])),
    };
  }

  async createUser(actor: Actor, input: CreateUserInput): Promise<SysUser & { password?: string }> {
    if (await this.deps.users.findByEmail(input.email)) throw new AppError('EMAIL_TAKEN', {}, { field: 'email' });
    let tenantId = input.tenantId;
    if (tenantId) await this.checkTenant(tenantId);
    else tenantId = (await this.deps.tenants.findByCode(DEFAULT_TENANT_CODE))!.id;
    await this.checkRoleIds(input.roleIds, 'roleIds');
    const generated = input.password === undefined ? randomPassword() : undefined;
    const row = await this.deps.users.create({
      email: input.email,
      fullname: input.fullname,
      passwordHash: await hashPassword(input.password ?? generated!),
      tenantId,
      quotas: input.quotas,
    });
    await this.deps.users.setRoles(row.id, input.roleIds);
    await this.audit(actor, {
      action: 'user_create',
      targetId: row.id,
      detail: { email: row.email, fullname: row.fullname, tenantId, roleIds: input.roleIds },
    });
    const user = this.sysUserOf(row, await this.deps.users.roleIdsOf(row.id));
    return generated ? { ...user, password: generated } : user;
  }

  /** True when the roles give the operators' permission. */
  private async rolesGiveSys(roleIds: readonly string[]): Promise<boolean> {
    return (await this.deps.roles.permissionsOfRoles(roleIds)).includes(SYS_PERMISSION);
  }

  async updateUser(actor: Actor, userId: string, patch: UpdateUserInput): Promise<SysUser> {
    const before = await this.deps.users.findById(userId);
    if (!before) throw new AppError('NOT_FOUND');
    if (patch.tenantId !== undefined) await this.checkTenant(patch.tenantId);
    if (patch.roleIds !== undefined) await this.checkRoleIds(patch.roleIds, 'roleIds');
    if (actor.auth.userId === userId) {
      const isLockingOut =
        patch.disabled === true || (patch.roleIds !== undefined && !(await this.rolesGiveSys(patch.roleIds)));
      if (isLockingOut) throw new AppError('SYS_SELF_LOCKOUT');
    }
    const rolesBefore = await this.deps.users.roleIdsOf(userId);
    await this.deps.users.update(userId, {
      ...(patch.fullname !== undefined ? { fullname: patch.fullname } : {}),
      ...(patch.tenantId !== undefined ? { tenantId: patch.tenantId } : {}),
      ...(patch.canOperation !== undefined ? { canOperation: patch.canOperation } : {}),
      ...(patch.disabled !== undefined ? { disabled: patch.disabled } : {}),
      ...(patch.approved ? { awaitingApproval: false } : {}),
      ...(patch.quotas !== undefined ? { quotas: patch.quotas } : {}),
    });
    const changed = Object.keys(patch).filter((k) => patch[k as keyof UpdateUserInput] !== undefined);
    await this.audit(actor, { action: 'user_update', targetId: userId, detail: { fields: changed, patch } });
    if (patch.roleIds !== undefined) {
      await this.deps.users.setRoles(userId, patch.roleIds);
      const rolesAfter = await this.deps.users.roleIdsOf(userId);
      if (JSON.stringify(rolesAfter) !== JSON.stringify(rolesBefore)) {
        await this.audit(actor, {
          action: 'permission_change',
          targetId: userId,
          detail: { kind: 'user_roles', before: rolesBefore, after: rolesAfter },
        });
      }
    }
    // A disabled account is signed out everywhere at once.
    if (patch.disabled === true && before.disabled !== 1) await this.deps.sessions.endAllOfUser(userId, 'disabled');
    const after = (await this.deps.users.findById(userId))!;
    return this.sysUserOf(after, await this.deps.users.roleIdsOf(userId));
  }

  async resetPassword(actor: Actor, userId: string): Promise<{ password: string }> {
    const user = await this.deps.users.findById(userId);
    if (!user) throw new AppError('NOT_FOUND');
    const password = randomPassword();
    await this.deps.users.update(userId, { passwordHash: await hashPassword(password) });
    const ended = await this.deps.sessions.endAllCredentialsOfUser(userId, 'password_reset');
    await this.audit(actor, {
      action: 'password_reset',
      targetId: userId,
      detail: { by: 'operator', revokedApiTokens: ended.apiTokens },
    });
    return { password };
  }

  listRoles(): Promise<Role[]> {
    return this.deps.roles.list();
  }

  async createRole(actor: Actor, input: RoleInput): Promise<Role> {
    if (await this.deps.roles.findByName(input.name)) throw new AppError('ROLE_NAME_TAKEN', {}, { field: 'name' });
    const role = await this.deps.roles.create(input);
    await this.audit(actor, { action: 'role_create', targetId: role.id, detail: { ...input } });
    return role;
  }

  async updateRole(actor: Actor, id: string, patch: Partial<RoleInput>): Promise<Role> {
    const before = await this.deps.roles.findById(id);
    if (!before) throw new AppError('NOT_FOUND');
    if (before.built_in === 1) throw new AppError('ROLE_BUILT_IN');
    if (patch.name !== undefined && patch.name !== before.name && (await this.deps.roles.findByName(patch.name))) {
      throw new AppError('ROLE_NAME_TAKEN', {}, { field: 'name' });
    }
    await this.deps.roles.update(id, patch);
    const after = (await this.deps.roles.findById(id))!;
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
    const role = await this.deps.roles.findById(id);
    if (!role) throw new AppError('NOT_FOUND');
    if (role.built_in === 1) throw new AppError('ROLE_BUILT_IN');
    await this.deps.roles.delete(id);
    await this.deps.tenants.removeIpRole(id);
    await this.audit(actor, { action: 'role_delete', targetId: id, detail: { name: role.name } });
  }

  listTenants(): Promise<Tenant[]> {
    return this.deps.tenants.list();
  }

  private checkIpRanges(ranges: readonly string[]): void {
    ranges.forEach((range, index) => {
      if (!isValidIpRange(range))
        throw new AppError('IP_RANGE_INVALID', { value: range }, { field: `ipRanges.${index}` });
    });
  }

  async createTenant(actor: Actor, input: TenantInput): Promise<Tenant> {
    if (await this.deps.tenants.findByCode(input.code)) throw new AppError('TENANT_CODE_TAKEN', {}, { field: 'code' });
    this.checkIpRanges(input.ipRanges);
    await this.checkRoleIds(input.ipRoleIds, 'ipRoleIds');
    const tenant = await this.deps.tenants.create(input);
    await this.audit(actor, { action: 'tenant_create', targetId: tenant.id, detail: { ...input } });
    return tenant;
  }

  async updateTenant(actor: Actor, id: string, patch: Partial<TenantInput>): Promise<Tenant> {
    const before = await this.deps.tenants.findById(id);
    if (!before) throw new AppError('NOT_FOUND');
    if (patch.code !== undefined && patch.code !== before.code) {
      if (before.code === DEFAULT_TENANT_CODE) throw new AppError('TENANT_DEFAULT');
      if (await this.deps.tenants.findByCode(patch.code))
        throw new AppError('TENANT_CODE_TAKEN', {}, { field: 'code' });
    }
    if (patch.ipRanges !== undefined) this.checkIpRanges(patch.ipRanges);
    if (patch.ipRoleIds !== undefined) await this.checkRoleIds(patch.ipRoleIds, 'ipRoleIds');
    await this.deps.tenants.update(id, patch);
    const after = (await this.deps.tenants.findById(id))!;
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
    const tenant = await this.deps.tenants.findById(id);
    if (!tenant) throw new AppError('NOT_FOUND');
    if (tenant.code === DEFAULT_TENANT_CODE) throw new AppError('TENANT_DEFAULT');
    if ((await this.deps.users.countInTenant(id)) > 0) throw new AppError('TENANT_IN_USE');
    await this.deps.tenants.delete(id);
    await this.audit(actor, {
      action: 'tenant_delete',
      targetId: id,
      detail: { code: tenant.code, name: tenant.name },
    });
  }
}

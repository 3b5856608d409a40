import { randomUUID } from 'node:crypto';
import type { Role } from '@patlas/contracts';
import type { Kysely } from 'kysely';
import type { Database, RoleRow } from '../../db/schema.js';

export function roleOf(row: RoleRow): Role {
  return {
    id: row.id,
    name: row.name,
    ...(row.description === null ? {} : { description: row.description }),
    permissions: JSON.parse(row.permissions) as Role['permissions'],
    builtIn: row.built_in === 1,
  };
}

/** Roles: named permission sets. A user's menu is the union of their roles' permissions. */
export class RoleRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(): Promise<Role[]> {
    const rows = await this.db.selectFrom('roles').selectAll().orderBy('built_in', 'desc').orderBy('name').execute();
    return rows.map(roleOf);
  }

  findById(id: string): Promise<RoleRow | undefined> {
    return this.db.selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByName(name: string): Promise<RoleRow | undefined> {
    return this.db.selectFrom('roles').selectAll().where('name', '=', name).executeTakeFirst();
  }

  /** The ids among `ids` that name no role. */
  async missingIds(ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('roles').select('id').where('id', 'in', ids).execute();
    const found = new Set(rows.map((r) => r.id));
    return ids.filter((id) => !found.has(id));
  }

  async create(role: {
    name: string;
    description?: string | null | undefined;
    permissions: readonly string[];
    builtIn?: boolean;
  }): Promise<Role> {
    const row: RoleRow = {
      id: randomUUID(),
      name: role.name,
      description: role.description ?? null,
      permissions: JSON.stringify([...new Set(role.permissions)]),
      built_in: role.builtIn ? 1 : 0,
    };
    await this.db.insertInto('roles').values(row).execute();
    return roleOf(row);
  }

  async update(
    id: string,
    patch: {
      name?: string | undefined;
      description?: string | null | undefined;
      permissions?: readonly string[] | undefined;
    },
  ): Promise<void> {
    const values: Partial<RoleRow> = {};
    if (patch.name !== undefined) values.name = patch.name;
    if (patch.description !== undefined) values.description = patch.description;
    if (patch.permissions !== undefined) values.permissions = JSON.stringify([...new Set(patch.permissions)]);
    if (Object.keys(values).length === 0) return;
    await this.db.updateTable('roles').set(values).where('id', '=', id).execute();
  }

  async markBuiltIn(id: string): Promise<void> {
    await this.db.updateTable('roles').set({ built_in: 1 }).where('id', '=', id).execute();
  }

  /** Deletes the role and its user links (SQLite runs without foreign-key enforcement, so the links go explicitly). */
  async delete(id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('user_roles').where('role_id', '=', id).execute();
      await trx.deleteFrom('roles').where('id', '=', id).execute();
    });
  }

  /** Union of the permissions of the user's roles, sorted. */
  async permissionsOfUser(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('user_roles')
      .innerJoin('roles', 'roles.id', 'user_roles.role_id')
      .select('roles.permissions')
      .where('user_roles.user_id', '=', userId)
      .execute();
    return unionOf(rows.map((r) => r.permissions));
  }

  /** Union of the permissions of the given roles (IP visitors: the tenant's ipRoleIds). Unknown ids are ignored. */
  async permissionsOfRoles(roleIds: readonly string[]): Promise<string[]> {
    if (roleIds.length === 0) return [];
    const rows = await this.db.selectFrom('roles').select('permissions').where('id', 'in', roleIds).execute();
    return unionOf(rows.map((r) => r.permissions));
  }
}

function unionOf(permissionLists: readonly string[]): string[] {
  const set = new Set<string>();
  for (const list of permissionLists) for (const p of JSON.parse(list) as string[]) set.add(p);
  return [...set].sort();
}

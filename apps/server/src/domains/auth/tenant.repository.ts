import { randomUUID } from 'node:crypto';
import type { Tenant } from '@patlas/contracts';
import type { Kysely } from 'kysely';
import type { Database, TenantRow } from '../../db/schema.js';

export function tenantOf(row: TenantRow): Tenant {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    ipRanges: JSON.parse(row.ip_ranges) as string[],
    ipRoleIds: JSON.parse(row.ip_role_ids) as string[],
    onlineCap: row.online_cap,
    createdAt: row.created_at,
  };
}

export interface TenantFields {
  code: string;
  name: string;
  ipRanges: readonly string[];
  ipRoleIds: readonly string[];
  onlineCap: number | null;
}

/** Organisations (tenants): users belong to one; IP ranges let visitors in with the tenant's IP roles. */
export class TenantRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async list(): Promise<Tenant[]> {
    const rows = await this.db.selectFrom('tenants').selectAll().orderBy('created_at').orderBy('code').execute();
    return rows.map(tenantOf);
  }

  findById(id: string): Promise<TenantRow | undefined> {
    return this.db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByCode(code: string): Promise<TenantRow | undefined> {
    return this.db.selectFrom('tenants').selectAll().where('code', '=', code).executeTakeFirst();
  }

  /** Tenants that have at least one IP range (candidates for IP login). */
  async listWithIpRanges(): Promise<Tenant[]> {
    const rows = await this.db
      .selectFrom('tenants')
      .selectAll()
      .where('ip_ranges', '!=', '[]')
      .orderBy('created_at')
      .execute();
    return rows.map(tenantOf);
  }

  async create(fields: TenantFields): Promise<Tenant> {
    const row: TenantRow = {
      id: randomUUID(),
      code: fields.code,
      name: fields.name,
      ip_ranges: JSON.stringify(fields.ipRanges),
      ip_role_ids: JSON.stringify(fields.ipRoleIds),
      online_cap: fields.onlineCap,
      created_at: this.now().toISOString(),
    };
    await this.db.insertInto('tenants').values(row).execute();
    return tenantOf(row);
  }

  async update(id: string, patch: Partial<TenantFields>): Promise<void> {
    const values: Partial<TenantRow> = {};
    if (patch.code !== undefined) values.code = patch.code;
    if (patch.name !== undefined) values.name = patch.name;
    if (patch.ipRanges !== undefined) values.ip_ranges = JSON.stringify(patch.ipRanges);
    if (patch.ipRoleIds !== undefined) values.ip_role_ids = JSON.stringify(patch.ipRoleIds);
    if (patch.onlineCap !== undefined) values.online_cap = patch.onlineCap;
    if (Object.keys(values).length === 0) return;
    await this.db.updateTable('tenants').set(values).where('id', '=', id).execute();
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('tenants').where('id', '=', id).execute();
  }

  /** Removes a deleted role from every tenant's IP roles. */
  async removeIpRole(roleId: string): Promise<void> {
    const rows = await this.db.selectFrom('tenants').select(['id', 'ip_role_ids']).execute();
    for (const row of rows) {
      const ids = JSON.parse(row.ip_role_ids) as string[];
      if (ids.includes(roleId)) {
        await this.update(row.id, { ipRoleIds: ids.filter((id) => id !== roleId) });
      }
    }
  }
}

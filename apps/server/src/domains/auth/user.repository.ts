import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { Database, UserRow } from '../../db/schema.js';

export interface NewUser {
  email: string;
  fullname: string;
  /** argon2id hash (password.ts); null = account not yet activated */
  passwordHash: string | null;
  tenantId: string;
  canOperation?: boolean;
  disabled?: boolean;
  quotas?: Record<string, number | null>;
}

export interface UserUpdate {
  fullname?: string;
  email?: string;
  tenantId?: string;
  canOperation?: boolean;
  disabled?: boolean;
  /** Issue 43: false approves an account that awaited approval. */
  awaitingApproval?: boolean;
  quotas?: Record<string, number | null>;
  passwordHash?: string | null;
  lastLoginAt?: string;
}

/** E-mail addresses are compared and stored lower-cased and trimmed. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** Accounts and their role links. */
export class UserRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => Date = () => new Date(),
  ) {}

  findById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
  }

  async create(user: NewUser): Promise<UserRow> {
    const row: UserRow = {
      id: randomUUID(),
      email: normaliseEmail(user.email),
      fullname: user.fullname,
      password_hash: user.passwordHash,
      tenant_id: user.tenantId,
      can_operation: user.canOperation === false ? 0 : 1,
      disabled: user.disabled ? 1 : 0,
      awaiting_approval: 0,
      quotas: JSON.stringify(user.quotas ?? {}),
      custom_config: '{}',
      created_at: this.now().toISOString(),
      last_login_at: null,
    };
    await this.db.insertInto('users').values(row).execute();
    return row;
  }

  async update(id: string, patch: UserUpdate): Promise<void> {
    const values: Partial<UserRow> = {};
    if (patch.fullname !== undefined) values.fullname = patch.fullname;
    if (patch.email !== undefined) values.email = normaliseEmail(patch.email);
    if (patch.tenantId !== undefined) values.tenant_id = patch.tenantId;
    if (patch.canOperation !== undefined) values.can_operation = patch.canOperation ? 1 : 0;
    if (patch.disabled !== undefined) values.disabled = patch.disabled ? 1 : 0;
    if (patch.awaitingApproval !== undefined) values.awaiting_approval = patch.awaitingApproval ? 1 : 0;
    if (patch.quotas !== undefined) values.quotas = JSON.stringify(patch.quotas);
    if (patch.passwordHash !== undefined) values.password_hash = patch.passwordHash;
    if (patch.lastLoginAt !== undefined) values.last_login_at = patch.lastLoginAt;
    if (Object.keys(values).length === 0) return;
    await this.db.updateTable('users').set(values).where('id', '=', id).execute();
  }

  /** Page of users, newest first; keyword matches e-mail or name (case-insensitive on e-mail). */
  async list(options: {
    page: number;
    pageSize: number;
    keyword?: string | undefined;
  }): Promise<{ total: number; rows: UserRow[] }> {
    let query = this.db.selectFrom('users');
    const keyword = options.keyword?.trim();
    if (keyword) {
      const pattern = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const lowered = pattern.toLowerCase();
      // lower() on both sides: PostgreSQL's LIKE is case-sensitive, SQLite's is not.
      query = query.where(
        sql<boolean>`(lower(email) like ${lowered} escape '\\' or lower(fullname) like ${lowered} escape '\\')`,
      );
    }
    const count = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    const rows = await query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(options.pageSize)
      .offset((options.page - 1) * options.pageSize)
      .execute();
    return { total: Number(count?.n ?? 0), rows };
  }

  async roleIdsOf(userId: string): Promise<string[]> {
    const rows = await this.db.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).execute();
    return rows.map((r) => r.role_id).sort();
  }

  async roleIdsOfMany(userIds: readonly string[]): Promise<Map<string, string[]>> {
    const map = new Map<string, string[]>(userIds.map((id) => [id, []]));
    if (userIds.length === 0) return map;
    const rows = await this.db.selectFrom('user_roles').selectAll().where('user_id', 'in', userIds).execute();
    for (const row of rows) map.get(row.user_id)?.push(row.role_id);
    for (const list of map.values()) list.sort();
    return map;
  }

  async setRoles(userId: string, roleIds: readonly string[]): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('user_roles').where('user_id', '=', userId).execute();
      const unique = [...new Set(roleIds)];
      if (unique.length > 0) {
        await trx
          .insertInto('user_roles')
          .values(unique.map((roleId) => ({ user_id: userId, role_id: roleId })))
          .execute();
      }
    });
  }

  countInTenant(tenantId: string): Promise<number> {
    return this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('tenant_id', '=', tenantId)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n));
  }
}

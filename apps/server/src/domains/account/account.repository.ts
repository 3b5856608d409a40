import { randomUUID } from 'node:crypto';
import { isUniqueViolation } from '../../db/unique-violation.js';
import type { Kysely } from 'kysely';
import type { Database, TenantRow, UserRow } from '../../db/schema.js';

/** E-mail addresses are stored and compared trimmed and lower-cased (as the auth domain does). */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface NewAccount {
  email: string;
  fullname: string;
  tenantId: string;
  roleIds: readonly string[];
  createdAt: string;
  /** Issue 43: registered while registration needs an operator's approval. */
  awaitingApproval?: boolean;
}

/** The rows of the users table an account page reads and writes (the auth domain owns the table). */
export class AccountRepository {
  constructor(private readonly db: Kysely<Database>) {}

  findUserById(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findUserByEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', normaliseEmail(email)).executeTakeFirst();
  }

  findTenantById(id: string): Promise<TenantRow | undefined> {
    return this.db.selectFrom('tenants').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findTenantByCode(code: string): Promise<TenantRow | undefined> {
    return this.db.selectFrom('tenants').selectAll().where('code', '=', code).executeTakeFirst();
  }

  async findRoleIdByName(name: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('roles').select('id').where('name', '=', name).executeTakeFirst();
    return row?.id;
  }

  /** A new account without a password (activated by the mailed link), with its roles, in one transaction. */
  async createAccount(account: NewAccount): Promise<UserRow> {
    const row: UserRow = {
      id: randomUUID(),
      email: normaliseEmail(account.email),
      fullname: account.fullname,
      password_hash: null,
      tenant_id: account.tenantId,
      can_operation: 1,
      disabled: 0,
      awaiting_approval: account.awaitingApproval ? 1 : 0,
      quotas: '{}',
      custom_config: '{}',
      created_at: account.createdAt,
      last_login_at: null,
    };
    await this.db.transaction().execute(async (trx) => {
      await trx.insertInto('users').values(row).execute();
      if (account.roleIds.length > 0) {
        await trx
          .insertInto('user_roles')
          .values(account.roleIds.map((roleId) => ({ user_id: row.id, role_id: roleId })))
          .execute();
      }
    });
    return row;
  }

  async setPasswordHash(userId: string, passwordHash: string): Promise<void> {
    await this.db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
  }

  async setFullname(userId: string, fullname: string): Promise<void> {
    await this.db.updateTable('users').set({ fullname }).where('id', '=', userId).execute();
  }

  /**
   * Changes the e-mail unless another account holds it. False when taken (checked first, and the
   * unique index catches the race between check and write).
   */
  async setEmailIfFree(userId: string, email: string): Promise<boolean> {
    const normalised = normaliseEmail(email);
    const holder = await this.db.selectFrom('users').select('id').where('email', '=', normalised).executeTakeFirst();
    if (holder && holder.id !== userId) return false;
    try {
      await this.db.updateTable('users').set({ email: normalised }).where('id', '=', userId).execute();
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async setCustomConfig(userId: string, json: string): Promise<void> {
    await this.db.updateTable('users').set({ custom_config: json }).where('id', '=', userId).execute();
  }
}

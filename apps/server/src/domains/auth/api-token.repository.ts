import type { ApiToken } from '@patlas/contracts';
import type { Kysely } from 'kysely';
import type { ApiTokenRow, Database } from '../../db/schema.js';

export function apiTokenOf(row: ApiTokenRow): ApiToken {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
    prefix: row.prefix,
    expiresAt: row.expires_at,
  };
}

/** Personal API tokens; only hashes are stored. */
export class ApiTokenRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: ApiTokenRow): Promise<void> {
    await this.db.insertInto('api_tokens').values(row).execute();
  }

  /** The user's tokens that are neither revoked nor expired at `now`, newest first. */
  async listActive(userId: string, now: string): Promise<ApiToken[]> {
    const rows = await this.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
    return rows.map(apiTokenOf);
  }

  /** The tokens among `ids` neither revoked nor expired at `now`. */
  async activeIds(ids: readonly string[], now: string): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('api_tokens')
      .select('id')
      .where('id', 'in', [...ids])
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  /** The token of this hash unless revoked (an expired one too: the caller tells it apart). */
  findActiveByHash(hash: string): Promise<ApiTokenRow | undefined> {
    return this.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('token_hash', '=', hash)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
  }

  /** True when a live token of this user was revoked. */
  async revoke(userId: string, id: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('api_tokens')
      .set({ revoked_at: at })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Revokes every live token of the user (password or e-mail changed, password reset); answers how many. */
  async revokeAllOfUser(userId: string, at: string): Promise<number> {
    const result = await this.db
      .updateTable('api_tokens')
      .set({ revoked_at: at })
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  async touch(id: string, at: string): Promise<void> {
    await this.db.updateTable('api_tokens').set({ last_used_at: at }).where('id', '=', id).execute();
  }
}

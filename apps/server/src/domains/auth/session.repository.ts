import type { LoginType } from '@patlas/contracts';
import type { Kysely } from 'kysely';
import type { Database, SessionRow } from '../../db/schema.js';

export type SessionEndReason = 'logout' | 'crowded_out' | 'disabled' | 'password_changed' | 'password_reset';

/** Sessions (password and IP logins). Tokens are looked up by their SHA-256 hash. */
export class SessionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: SessionRow): Promise<void> {
    await this.db.insertInto('sessions').values(row).execute();
  }

  /** The session whose current or previous (pre-refresh) access token has this hash, and which one matched. */
  async findByAccessHash(hash: string): Promise<{ session: SessionRow; isPrevious: boolean } | undefined> {
    const row = await this.db
      .selectFrom('sessions')
      .selectAll()
      .where((eb) => eb.or([eb('access_hash', '=', hash), eb('previous_access_hash', '=', hash)]))
      .executeTakeFirst();
    return row ? { session: row, isPrevious: row.access_hash !== hash } : undefined;
  }

  findById(id: string): Promise<SessionRow | undefined> {
    return this.db.selectFrom('sessions').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findByRefreshHash(hash: string): Promise<SessionRow | undefined> {
    return this.db.selectFrom('sessions').selectAll().where('refresh_hash', '=', hash).executeTakeFirst();
  }

  /**
   * Rotates the tokens of a live session, but only if its refresh token is still `oldRefreshHash`:
   * of two concurrent refreshes with the same token exactly one wins. True when this one did.
   */
  async rotate(
    id: string,
    oldRefreshHash: string,
    next: { accessHash: string; refreshHash: string; accessExpiresAt: string; refreshExpiresAt: string },
  ): Promise<boolean> {
    const current = await this.db
      .selectFrom('sessions')
      .select(['access_hash', 'access_expires_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!current) return false;
    const result = await this.db
      .updateTable('sessions')
      .set({
        previous_access_hash: current.access_hash,
        previous_access_expires_at: current.access_expires_at,
        access_hash: next.accessHash,
        refresh_hash: next.refreshHash,
        access_expires_at: next.accessExpiresAt,
        refresh_expires_at: next.refreshExpiresAt,
      })
      .where('id', '=', id)
      .where('refresh_hash', '=', oldRefreshHash)
      .where('ended_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async end(id: string, reason: SessionEndReason, at: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ ended_at: at, end_reason: reason })
      .where('id', '=', id)
      .where('ended_at', 'is', null)
      .execute();
  }

  /** Ends every live session of the user (optionally of one login type); answers how many ended. */
  async endAllOfUser(userId: string, reason: SessionEndReason, at: string, exceptId?: string): Promise<number> {
    let query = this.db
      .updateTable('sessions')
      .set({ ended_at: at, end_reason: reason })
      .where('user_id', '=', userId)
      .where('ended_at', 'is', null);
    if (exceptId) query = query.where('id', '!=', exceptId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Live = not ended and still refreshable (the client may come back within the refresh lifetime). */
  async countLive(
    filter: { userId?: string; tenantId?: string; loginType?: LoginType; exceptId?: string },
    now: string,
  ): Promise<number> {
    let query = this.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('ended_at', 'is', null)
      .where('refresh_expires_at', '>', now);
    if (filter.userId !== undefined) query = query.where('user_id', '=', filter.userId);
    if (filter.tenantId !== undefined) query = query.where('tenant_id', '=', filter.tenantId);
    if (filter.loginType !== undefined) query = query.where('login_type', '=', filter.loginType);
    if (filter.exceptId !== undefined) query = query.where('id', '!=', filter.exceptId);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

import type { LoginType } from '@patlas/contracts';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database, SessionRow } from '../../db/schema.js';

export type SessionEndReason =
  | 'logout'
  | 'crowded_out'
  | 'disabled'
  | 'password_changed'
  | 'password_reset'
  /** a refresh token the session had rotated away came back (issue 16 §2) */
  | 'refresh_reused'
  /** an idle IP session came back while its tenant's online cap was full */
  | 'idle';

/** Sessions (password and IP logins). Tokens are looked up by their SHA-256 hash. */
export class SessionRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  async insert(row: SessionRow): Promise<void> {
    await this.db.insertInto('sessions').values(row).execute();
  }

  /**
   * A password login's session, opened in one step with the "signed in elsewhere" test and the
   * crowding out (issue 41: check, end and insert were separate statements, so two logins at once
   * could each pass the test, or each end the sessions before the other's insert, and both stay
   * signed in). Without `crowdOut`, a live password session of the user refuses the new one
   * (`opened: false`); with it, every live session of the user ends first (`ended` of them).
   * The user's logins are serialised: SQLite by BEGIN IMMEDIATE (also across processes),
   * PostgreSQL by a transaction-scoped advisory lock on the user.
   */
  async openPasswordSession(
    row: SessionRow & { user_id: string },
    crowdOut: boolean,
  ): Promise<{ opened: true; ended: number } | { opened: false }> {
    const at = row.created_at;
    return this.writeTransaction(async (trx) => {
      if (this.dialect === 'postgres') {
        await sql`select pg_advisory_xact_lock(hashtext(${`patlas-login:${row.user_id}`}))`.execute(trx);
      }
      let ended = 0;
      if (crowdOut) {
        const result = await trx
          .updateTable('sessions')
          .set({ ended_at: at, end_reason: 'crowded_out' })
          .where('user_id', '=', row.user_id)
          .where('ended_at', 'is', null)
          .executeTakeFirst();
        ended = Number(result.numUpdatedRows);
      } else {
        const live = await trx
          .selectFrom('sessions')
          .select('id')
          .where('user_id', '=', row.user_id)
          .where('login_type', '=', 'password')
          .where('ended_at', 'is', null)
          .where('refresh_expires_at', '>', at)
          .executeTakeFirst();
        if (live) return { opened: false as const };
      }
      await trx.insertInto('sessions').values(row).execute();
      return { opened: true as const, ended };
    });
  }

  /** A transaction holding the write lock from its start (SQLite: BEGIN IMMEDIATE, see JobQueue). */
  private async writeTransaction<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
    if (this.dialect === 'postgres') return this.db.transaction().execute(work);
    return this.db.connection().execute(async (connection) => {
      await sql`begin immediate`.execute(connection);
      try {
        const result = await work(connection);
        await sql`commit`.execute(connection);
        return result;
      } catch (err) {
        await sql`rollback`.execute(connection);
        throw err;
      }
    });
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
    at: string,
  ): Promise<boolean> {
    const current = await this.db
      .selectFrom('sessions')
      .select(['access_hash', 'access_expires_at', 'refresh_expires_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!current) return false;
    // One transaction: a concurrent refresh with the old token finds either the session still
    // holding it (and loses the conditional update) or the token in the history, never neither.
    return this.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('sessions')
        .set({
          previous_access_hash: current.access_hash,
          previous_access_expires_at: current.access_expires_at,
          access_hash: next.accessHash,
          refresh_hash: next.refreshHash,
          access_expires_at: next.accessExpiresAt,
          refresh_expires_at: next.refreshExpiresAt,
          last_seen_at: at,
        })
        .where('id', '=', id)
        .where('refresh_hash', '=', oldRefreshHash)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      // Remember the used token, so that it coming back is recognised; forget those past their expiry.
      await trx.deleteFrom('session_refresh_history').where('expires_at', '<', at).execute();
      await trx
        .insertInto('session_refresh_history')
        .values({
          refresh_hash: oldRefreshHash,
          session_id: id,
          rotated_at: at,
          expires_at: current.refresh_expires_at,
        })
        .onConflict((oc) => oc.column('refresh_hash').doNothing())
        .execute();
      return true;
    });
  }

  /** A refresh token this session had rotated away: its session and when it was used. */
  findRotatedRefresh(hash: string): Promise<{ session_id: string; rotated_at: string } | undefined> {
    return this.db
      .selectFrom('session_refresh_history')
      .select(['session_id', 'rotated_at'])
      .where('refresh_hash', '=', hash)
      .executeTakeFirst();
  }

  /** Notes a request of the session (the caller writes at most once a minute). */
  /** The sessions among `ids` still alive at `at`: not ended, and renewable (refresh token not expired). */
  async liveIds(ids: readonly string[], at: string): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .selectFrom('sessions')
      .select('id')
      .where('id', 'in', [...ids])
      .where('ended_at', 'is', null)
      .where('refresh_expires_at', '>', at)
      .execute();
    return new Set(rows.map((r) => r.id));
  }

  async touch(id: string, at: string): Promise<void> {
    await this.db.updateTable('sessions').set({ last_seen_at: at }).where('id', '=', id).execute();
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

  /**
   * Live = not ended and still refreshable (the client may come back within the refresh lifetime);
   * with `seenSince`, only sessions that made a request since then (not idle).
   */
  async countLive(
    filter: { userId?: string; tenantId?: string; loginType?: LoginType; exceptId?: string; seenSince?: string },
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
    if (filter.seenSince !== undefined) query = query.where('last_seen_at', '>', filter.seenSince);
    const row = await query.executeTakeFirstOrThrow();
    return Number(row.n);
  }
}

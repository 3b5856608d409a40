import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';

/**
 * Failed password checks per key, for the temporary lockout: the e-mail of a login, or
 * `current-password:<user id>` for the current-password checks of the account pages.
 */
export class LoginFailureRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: Dialect,
  ) {}

  async record(email: string, at: string): Promise<void> {
    await this.db.insertInto('login_failures').values({ email, at }).execute();
  }

  /**
   * Claims one password verification for the key, atomically: reads the key's failure times since
   * `since` (oldest first) and, when `mayTry` allows, records a failure at `at` in the same
   * transaction. The caller verifies the password afterwards and clears the key on success, so a
   * burst of parallel attempts is counted before any of them is verified (issue 16 §2: the old
   * check-then-verify-then-record let every attempt of a burst be verified). True when claimed.
   * SQLite runs one transaction at a time on its one connection; PostgreSQL serialises the key's
   * claimers with a transaction-scoped advisory lock.
   */
  claim(key: string, at: string, since: string, mayTry: (times: string[]) => boolean): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      if (this.dialect === 'postgres') {
        await sql`select pg_advisory_xact_lock(hashtext(${`patlas-password-check:${key}`}))`.execute(trx);
      }
      const rows = await trx
        .selectFrom('login_failures')
        .select('at')
        .where('email', '=', key)
        .where('at', '>', since)
        .orderBy('at')
        .execute();
      if (!mayTry(rows.map((r) => r.at))) return false;
      await trx.insertInto('login_failures').values({ email: key, at }).execute();
      return true;
    });
  }

  /** Failure times of the e-mail since `since`, oldest first. */
  async since(email: string, since: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('login_failures')
      .select('at')
      .where('email', '=', email)
      .where('at', '>', since)
      .orderBy('at')
      .execute();
    return rows.map((r) => r.at);
  }

  async clear(email: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('email', '=', email).execute();
  }

  /** Housekeeping: rows older than any window that could still count. */
  async deleteOlderThan(before: string): Promise<void> {
    await this.db.deleteFrom('login_failures').where('at', '<', before).execute();
  }
}

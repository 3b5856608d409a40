import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Failed password logins per e-mail, for the temporary lockout. */
export class LoginFailureRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async record(email: string, at: string): Promise<void> {
    await this.db.insertInto('login_failures').values({ email, at }).execute();
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

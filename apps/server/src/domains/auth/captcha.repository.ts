import type { Kysely } from 'kysely';
import type { CaptchasTable, Database } from '../../db/schema.js';

/** Login captchas. Stored in the app database so that several server processes accept each other's captchas. */
export class CaptchaRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: CaptchasTable): Promise<void> {
    await this.db.insertInto('captchas').values(row).execute();
  }

  find(uuid: string): Promise<CaptchasTable | undefined> {
    return this.db.selectFrom('captchas').selectAll().where('uuid', '=', uuid).executeTakeFirst();
  }

  /** Deletes the captcha; true when this call removed it (so of two concurrent uses only one counts). */
  async consume(uuid: string): Promise<boolean> {
    const result = await this.db.deleteFrom('captchas').where('uuid', '=', uuid).executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  async deleteExpired(now: string): Promise<void> {
    await this.db.deleteFrom('captchas').where('expires_at', '<=', now).execute();
  }
}

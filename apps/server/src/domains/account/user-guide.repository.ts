import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Which guide reminders each user has clicked (spec 1 §4 "Clicking a reminder marks it done and saves it"). */
export class UserGuideRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async clickedKeys(userId: string): Promise<Set<string>> {
    const rows = await this.db.selectFrom('user_guide').select('remind_key').where('user_id', '=', userId).execute();
    return new Set(rows.map((r) => r.remind_key));
  }

  /** Idempotent: the first click's time is kept. */
  async markClicked(userId: string, remindKey: string, at: string): Promise<void> {
    await this.db
      .insertInto('user_guide')
      .values({ user_id: userId, remind_key: remindKey, clicked_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'remind_key']).doNothing())
      .execute();
  }
}

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export interface TermAdjustmentRow {
  result_set: string;
  adjustments: string;
  updated_at: string;
}

/** A user's merges and removals of terms per result set (table analysis_term_adjustments). */
export class WordMergeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async find(userId: string, setKey: string): Promise<TermAdjustmentRow | undefined> {
    return this.db
      .selectFrom('analysis_term_adjustments')
      .select(['result_set', 'adjustments', 'updated_at'])
      .where('user_id', '=', userId)
      .where('set_key', '=', setKey)
      .executeTakeFirst();
  }

  async save(userId: string, setKey: string, resultSet: string, adjustments: string, now: string): Promise<void> {
    await this.db
      .insertInto('analysis_term_adjustments')
      .values({ user_id: userId, set_key: setKey, result_set: resultSet, adjustments, updated_at: now })
      .onConflict((oc) => oc.columns(['user_id', 'set_key']).doUpdateSet({ adjustments, updated_at: now }))
      .execute();
  }

  async delete(userId: string, setKey: string): Promise<void> {
    await this.db
      .deleteFrom('analysis_term_adjustments')
      .where('user_id', '=', userId)
      .where('set_key', '=', setKey)
      .execute();
  }
}

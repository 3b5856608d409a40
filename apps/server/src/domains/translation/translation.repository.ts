import { sql, type Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/**
 * The translation calls' daily character counts (issue 41), one row per caller and UTC day. A
 * charge is one statement, so two calls at once cannot both pass the day's limit.
 */
export class TranslationUsageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Characters `subject` has used on `day`. */
  async usedOn(subject: string, day: string): Promise<number> {
    const row = await this.db
      .selectFrom('translation_usage')
      .select('chars')
      .where('subject', '=', subject)
      .where('day', '=', day)
      .executeTakeFirst();
    return row ? Number(row.chars) : 0;
  }

  /**
   * Adds `chars` to the day's count unless that would pass `limit`; answers whether it did. The
   * caller refuses a charge larger than the limit itself (the first insert of a day is not checked).
   */
  async charge(subject: string, day: string, chars: number, limit: number): Promise<boolean> {
    const row = await this.db
      .insertInto('translation_usage')
      .values({ subject, day, chars })
      .onConflict((oc) =>
        oc
          .columns(['subject', 'day'])
          .doUpdateSet({ chars: sql<number>`translation_usage.chars + excluded.chars` })
          .where(sql<number>`translation_usage.chars + excluded.chars`, '<=', limit),
      )
      .returning('chars')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Gives back characters a call charged but did not use (its failed batches). */
  async refund(subject: string, day: string, chars: number): Promise<void> {
    await this.db
      .updateTable('translation_usage')
      .set({ chars: sql<number>`case when chars > ${chars} then chars - ${chars} else 0 end` })
      .where('subject', '=', subject)
      .where('day', '=', day)
      .execute();
  }

  /** Forgets the subject's counts of days before `day` (only the current day matters). */
  async forgetBefore(subject: string, day: string): Promise<void> {
    await this.db.deleteFrom('translation_usage').where('subject', '=', subject).where('day', '<', day).execute();
  }
}

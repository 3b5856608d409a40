import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** Reading marks (spec 2 §3/§9): the patents each user opened, with when each was last opened. */
export class ReadMarkRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Marks a patent read for a user (again: its time is renewed), then keeps the user's newest
   * `limit` marks: the marks opened longest ago go (ties by number, so exactly `limit` stay).
   */
  async record(userId: string, publicationNumber: string, readAt: string, limit: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('reading_marks')
        .values({ user_id: userId, publication_number: publicationNumber, read_at: readAt })
        .onConflict((oc) =>
          oc.columns(['user_id', 'publication_number']).doUpdateSet((eb) => ({ read_at: eb.ref('excluded.read_at') })),
        )
        .execute();
      // The first mark past the limit, newest first: it and every older one go.
      const first = await trx
        .selectFrom('reading_marks')
        .select(['read_at', 'publication_number'])
        .where('user_id', '=', userId)
        .orderBy('read_at', 'desc')
        .orderBy('publication_number', 'desc')
        .limit(1)
        .offset(limit)
        .executeTakeFirst();
      if (!first) return;
      await trx
        .deleteFrom('reading_marks')
        .where('user_id', '=', userId)
        .where((eb) =>
          eb.or([
            eb('read_at', '<', first.read_at),
            eb.and([eb('read_at', '=', first.read_at), eb('publication_number', '<=', first.publication_number)]),
          ]),
        )
        .execute();
    });
  }

  /** Which of these numbers the user has opened, with when. */
  async readAmong(
    userId: string,
    publicationNumbers: readonly string[],
  ): Promise<{ publicationNumber: string; readAt: string }[]> {
    if (publicationNumbers.length === 0) return [];
    const rows = await this.db
      .selectFrom('reading_marks')
      .select(['publication_number', 'read_at'])
      .where('user_id', '=', userId)
      .where('publication_number', 'in', [...publicationNumbers])
      .execute();
    return rows.map((r) => ({ publicationNumber: r.publication_number, readAt: r.read_at }));
  }

  /** Every patent the user has opened, newest first. */
  async numbersOf(userId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('reading_marks')
      .select('publication_number')
      .where('user_id', '=', userId)
      .orderBy('read_at', 'desc')
      .execute();
    return rows.map((r) => r.publication_number);
  }
}

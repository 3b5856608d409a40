import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { BatchSearchRecordsTable, Database } from '../../db/schema.js';

export type BatchSearchRecordRow = Selectable<BatchSearchRecordsTable>;

/** Batch search records (table batch_search_records); every query is scoped to one owner. */
export class BatchRecordRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a record, then drops the owner's oldest beyond `keep`. */
  async insert(
    userId: string,
    record: { mode: string; inputs: readonly string[]; foundCount: number; notFoundCount: number; createdAt: string },
    keep: number,
  ): Promise<string> {
    const id = randomUUID();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('batch_search_records')
        .values({
          id,
          user_id: userId,
          mode: record.mode,
          inputs: JSON.stringify(record.inputs),
          found_count: record.foundCount,
          not_found_count: record.notFoundCount,
          created_at: record.createdAt,
        })
        .execute();
      const stale = await trx
        .selectFrom('batch_search_records')
        .select('id')
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(keep)
        .limit(1000)
        .execute();
      if (stale.length > 0) {
        await trx
          .deleteFrom('batch_search_records')
          .where(
            'id',
            'in',
            stale.map((r) => r.id),
          )
          .execute();
      }
    });
    return id;
  }

  list(userId: string): Promise<BatchSearchRecordRow[]> {
    return this.db
      .selectFrom('batch_search_records')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
  }

  async delete(userId: string, ids: readonly string[]): Promise<number> {
    const result = await this.db
      .deleteFrom('batch_search_records')
      .where('user_id', '=', userId)
      .where('id', 'in', [...ids])
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

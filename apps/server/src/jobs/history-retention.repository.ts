import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Tables whose rows expire HISTORY_RETENTION_DAYS after created_at. */
export type HistoryTable = 'search_history' | 'operate_history';

/** The retention job's deletes. Batched, so a large backlog never holds the write lock for long. */
export class HistoryRetentionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Deletes rows created before `cutoff` (ISO), `batchSize` at a time; answers how many. */
  async deleteCreatedBefore(table: HistoryTable, cutoff: string, batchSize: number): Promise<number> {
    let deleted = 0;
    for (;;) {
      const batch = this.db.selectFrom(table).select('id').where('created_at', '<', cutoff).limit(batchSize);
      const result = await this.db.deleteFrom(table).where('id', 'in', batch).executeTakeFirst();
      const n = Number(result.numDeletedRows);
      deleted += n;
      if (n < batchSize) return deleted;
    }
  }

  /** Finished jobs (done or failed) older than `cutoff`, so the queue table does not grow forever. */
  async deleteFinishedJobsBefore(cutoff: string): Promise<number> {
    const result = await this.db
      .deleteFrom('jobs')
      .where('status', 'in', ['done', 'failed'])
      .where('finished_at', '<', cutoff)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}

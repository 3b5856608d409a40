import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Tables whose rows expire a number of days after created_at, found by their `id`. */
export type HistoryTable = 'search_history' | 'operate_history' | 'library_logs';

/** Finished document tasks the retention job removes (their files with them). */
export type FinishedTaskTable = 'duplicate_checks' | 'pre_evaluations' | 'download_tasks';

/** A finished task's states, per table: a waiting or running one is never removed. */
const FINISHED_STATES = {
  duplicate_checks: ['done', 'failed'],
  pre_evaluations: ['done', 'failed'],
  download_tasks: ['done', 'failed', 'cancelled'],
} as const;

/** Removed finished tasks: how many, and the files they held (the job deletes them). */
export interface RemovedTasks {
  deleted: number;
  files: string[];
}

/**
 * The retention job's deletes (issue 41: most tables were kept without end). Each runs in batches
 * of `batchSize` rows, one short statement (or transaction) at a time, with a turn of the event
 * loop between two batches: a large backlog never holds the write lock, nor the HTTP thread, for
 * long. Every method answers how many rows it removed.
 */
export class HistoryRetentionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Repeats `batch` (answering the rows it removed) until one removes fewer than `batchSize`. */
  private async inBatches(batchSize: number, batch: () => Promise<number>): Promise<number> {
    let deleted = 0;
    for (;;) {
      const n = await batch();
      deleted += n;
      if (n < batchSize) return deleted;
      await nextTurn();
    }
  }

  /** Deletes rows created before `cutoff` (ISO), `batchSize` at a time; answers how many. */
  deleteCreatedBefore(table: HistoryTable, cutoff: string, batchSize: number): Promise<number> {
    return this.inBatches(batchSize, async () => {
      const batch = this.db.selectFrom(table).select('id').where('created_at', '<', cutoff).limit(batchSize);
      const result = await this.db.deleteFrom(table).where('id', 'in', batch).executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }

  /** Result-page and semantic-search keys last saved before `cutoff`. */
  deleteSearchStatesBefore(cutoff: string, batchSize: number): Promise<number> {
    return this.inBatches(batchSize, async () => {
      const batch = this.db.selectFrom('search_states').select('key').where('created_at', '<', cutoff).limit(batchSize);
      const result = await this.db.deleteFrom('search_states').where('key', 'in', batch).executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }

  /**
   * Failed password checks before `cutoff`. The table has no key: each batch ends at the time of
   * its `batchSize`-th oldest row (rows of that same instant go with it).
   */
  deleteLoginFailuresBefore(cutoff: string, batchSize: number): Promise<number> {
    return this.inBatches(batchSize, async () => {
      const last = await this.db
        .selectFrom('login_failures')
        .select('at')
        .where('at', '<', cutoff)
        .orderBy('at')
        .offset(batchSize - 1)
        .limit(1)
        .executeTakeFirst();
      const result = await this.db
        .deleteFrom('login_failures')
        .where('at', '<', cutoff)
        .$if(last !== undefined, (q) => q.where('at', '<=', last!.at))
        .executeTakeFirst();
      // Without a batchSize-th row this was the last batch: fewer than a whole one.
      return Number(result.numDeletedRows);
    });
  }

  /**
   * Image searches: a visitor's without an account (no history lists it) before `anonymousCutoff`,
   * any before `ownedCutoff` (an account's image history is kept as long as the other histories).
   */
  deleteImageSearchesBefore(anonymousCutoff: string, ownedCutoff: string, batchSize: number): Promise<number> {
    return this.inBatches(batchSize, async () => {
      const batch = this.db
        .selectFrom('image_searches')
        .select('key')
        .where((eb) =>
          eb.or([
            eb.and([eb('user_id', 'is', null), eb('created_at', '<', anonymousCutoff)]),
            eb('created_at', '<', ownedCutoff),
          ]),
        )
        .limit(batchSize);
      const result = await this.db.deleteFrom('image_searches').where('key', 'in', batch).executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }

  /** Read messages sent before `cutoff`; unread ones and invitations still open stay. */
  deleteReadMessagesBefore(cutoff: string, batchSize: number): Promise<number> {
    return this.inBatches(batchSize, async () => {
      const batch = this.db
        .selectFrom('messages')
        .select('id')
        .where('is_read', '=', 1)
        .where('created_at', '<', cutoff)
        .where((eb) => eb.or([eb('response', 'is', null), eb('response', '!=', 'pending')]))
        .limit(batchSize);
      const result = await this.db.deleteFrom('messages').where('id', 'in', batch).executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }

  /**
   * Alert runs finished before `cutoff`, with their patents. A run still being evaluated or mailed
   * stays, and so does each alert's last run (the alert list shows it).
   */
  deleteAlertRunsBefore(cutoff: string, batchSize: number): Promise<number> {
    return this.inBatches(batchSize, () =>
      this.db.transaction().execute(async (trx) => {
        const rows = await trx
          .selectFrom('alert_runs')
          .select('id')
          .where('ran_at', '<', cutoff)
          .where('state', '=', 'done')
          .where('mail_state', 'not in', ['pending', 'sending'])
          .where((eb) =>
            eb.not(
              eb.exists(
                eb.selectFrom('alerts').select('alerts.id').whereRef('alerts.last_run_id', '=', 'alert_runs.id'),
              ),
            ),
          )
          .limit(batchSize)
          .execute();
        if (rows.length === 0) return 0;
        const ids = rows.map((r) => r.id);
        // SQLite does not enforce the foreign key's cascade here: the patents go first, explicitly.
        await trx.deleteFrom('alert_run_patents').where('run_id', 'in', ids).execute();
        const result = await trx.deleteFrom('alert_runs').where('id', 'in', ids).executeTakeFirst();
        return Number(result.numDeletedRows);
      }),
    );
  }

  /**
   * Finished tasks of `table` that finished before `cutoff` and whose file (if any) has expired by
   * `now`; answers them with the files they held, which the caller deletes once the rows are gone.
   * A finished export's rows still count against its user's export quota: they are added to
   * `export_preferences.pruned_rows` in the transaction that removes the task.
   */
  async deleteFinishedTasksBefore(
    table: FinishedTaskTable,
    cutoff: string,
    batchSize: number,
    now: string,
  ): Promise<RemovedTasks> {
    const files: string[] = [];
    const deleted = await this.inBatches(batchSize, () =>
      table === 'download_tasks'
        ? this.deleteDownloadTasks(cutoff, batchSize, now, files)
        : this.deleteChecks(table, cutoff, batchSize),
    );
    return { deleted, files };
  }

  private async deleteChecks(
    table: 'duplicate_checks' | 'pre_evaluations',
    cutoff: string,
    batchSize: number,
  ): Promise<number> {
    const batch = this.db
      .selectFrom(table)
      .select('id')
      .where('state', 'in', [...FINISHED_STATES[table]])
      .where('finished_at', '<', cutoff)
      .limit(batchSize);
    const result = await this.db.deleteFrom(table).where('id', 'in', batch).executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  private deleteDownloadTasks(cutoff: string, batchSize: number, now: string, files: string[]): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const batch = trx
        .selectFrom('download_tasks')
        .select('id')
        .where('state', 'in', [...FINISHED_STATES.download_tasks])
        .where('finished_at', '<', cutoff)
        // a file still downloadable keeps its task, however long ago it finished
        .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '<=', now)]))
        .limit(batchSize);
      // The rows actually removed (a task redrawn meanwhile is no longer finished, and stays).
      const removed = await trx
        .deleteFrom('download_tasks')
        .where('id', 'in', batch)
        .where('state', 'in', [...FINISHED_STATES.download_tasks])
        .returning(['user_id', 'state', 'total', 'file_path'])
        .execute();
      const rowsByUser = new Map<string, number>();
      for (const task of removed) {
        if (task.file_path) files.push(task.file_path);
        if (task.state === 'done') rowsByUser.set(task.user_id, (rowsByUser.get(task.user_id) ?? 0) + task.total);
      }
      for (const [userId, rows] of rowsByUser) {
        if (rows === 0) continue;
        await trx
          .insertInto('export_preferences')
          .values({ user_id: userId, field_order: null, last_fields: null, pruned_rows: rows, updated_at: now })
          .onConflict((oc) =>
            oc.column('user_id').doUpdateSet((eb) => ({
              pruned_rows: eb('export_preferences.pruned_rows', '+', rows),
            })),
          )
          .execute();
      }
      return removed.length;
    });
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

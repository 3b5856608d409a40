// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/** The columns the retention job (jobs/history-retention.job.ts) selects old rows by, one index each. */
const AGE_INDEXES = [
  ['search_states_created_idx', 'search_states', 'created_at'],
  ['login_failures_at_idx', 'login_failures', 'at'],
  ['image_searches_created_idx', 'image_searches', 'created_at'],
  ['messages_created_idx', 'messages', 'created_at'],
  ['library_logs_created_idx', 'library_logs', 'created_at'],
  ['alert_runs_ran_idx', 'alert_runs', 'ran_at'],
  ['download_tasks_finished_idx', 'download_tasks', 'finished_at'],
  ['duplicate_checks_finished_idx', 'duplicate_checks', 'finished_at'],
  ['pre_evaluations_finished_idx', 'pre_evaluations', 'finished_at'],
] as const;

/**
 * Issue 41, data kept without end: the daily retention job now also prunes search-state keys,
 * login failures, image-search keys, read messages, library logs, alert runs and finished duplicate
 * checks, pre-evaluations and download tasks, each by age in batches; these indexes let it find
 * the old rows without reading the table. `export_preferences.pruned_rows` keeps the rows of the
 * finished exports it removed, so the export quota (finished tasks' rows + direct exports) still
 * counts them.
 */
export async function up(db: Kysely<any>): Promise<void> {
  for (const [name, table, column] of AGE_INDEXES) {
    await db.schema.createIndex(name).on(table).column(column).execute();
  }
  await db.schema
    .alterTable('export_preferences')
    .addColumn('pruned_rows', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('export_preferences').dropColumn('pruned_rows').execute();
  for (const [name] of AGE_INDEXES) await db.schema.dropIndex(name).execute();
}

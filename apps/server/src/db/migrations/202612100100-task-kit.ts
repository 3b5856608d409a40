// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { sql, type Kysely } from 'kysely';

/** The five document tasks of the task kit (apps/server/src/tasks, issue 40). */
const TASK_TABLES = ['download_tasks', 'reports', 'duplicate_checks', 'pre_evaluations', 'rewrites'] as const;

/**
 * Issue 40, one task kit: a failure is stored as a catalogue code and its parameters (shown in the
 * reader's language), no longer as text in the language of the request that made the task; the
 * `error` column keeps the text of rows failed before, which still displays. Reports take the
 * shared state list: their `generating` is `running` (a report found so at start-up fails as
 * interrupted, as it did), and they note when they started like the other tasks.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One column per statement: SQLite adds a single column per ALTER TABLE.
  for (const table of TASK_TABLES) {
    await db.schema.alterTable(table).addColumn('error_code', 'text').execute();
    await db.schema.alterTable(table).addColumn('error_params', 'text').execute();
  }
  await db.schema.alterTable('reports').addColumn('started_at', 'text').execute();
  await sql`update reports set state = 'running', started_at = created_at where state = 'generating'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`update reports set state = 'generating' where state in ('waiting', 'running')`.execute(db);
  await db.schema.alterTable('reports').dropColumn('started_at').execute();
  for (const table of TASK_TABLES) {
    await db.schema.alterTable(table).dropColumn('error_params').execute();
    await db.schema.alterTable(table).dropColumn('error_code').execute();
  }
}

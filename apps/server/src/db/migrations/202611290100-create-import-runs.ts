// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Patent imports started from the operators' page (issue 15): one row per run, so the page lists
 * recent runs after a reload or a restart. Files, progress, report and refused lines are JSON text,
 * so the same file runs on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('import_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // queued, running, done, failed, interrupted
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.references('users.id').onDelete('set null'))
    // kept when the account is deleted: the list still says who imported
    .addColumn('created_by_email', 'text')
    // JSON [{ id, name, size, format }]
    .addColumn('files', 'text', (c) => c.notNull())
    // JSON { currentFile, bytesRead, bytesTotal, records, rejected }
    .addColumn('progress', 'text')
    // JSON { files, totals, elapsedMs }
    .addColumn('report', 'text')
    // JSON [{ file, line, reason?, code? }], at most the product's cap; refused_total is exact
    .addColumn('refused', 'text')
    .addColumn('refused_total', 'integer', (c) => c.notNull().defaultTo(0))
    // why a run failed, for the log reader (never shown as is)
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('import_runs_created_idx').on('import_runs').column('created_at').execute();
  await db.schema.createIndex('import_runs_status_idx').on('import_runs').column('status').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('import_runs').execute();
}

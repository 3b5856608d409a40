// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * E-mail alerts (issue 19, spec 2 §3/§4/§5): data versions (what each import added and changed),
 * the alerts, their runs and each run's patents. JSON as text, ISO timestamps as text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // One row per import (demo load, CLI, upload): alert runs compare two of these.
  await db.schema
    .createTable('data_versions')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    // demo | cli | upload | other
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    // null while the import runs (its changes are not yet reported)
    .addColumn('finished_at', 'text')
    .addColumn('inserted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // One row per record an import added or changed: appended in version order, no primary key to
  // keep a large import's writes sequential; `fields` is a bit set (alert.domain.ts CHANGE_BITS).
  await db.schema
    .createTable('patent_changes')
    .addColumn('version_id', 'integer', (c) => c.notNull())
    .addColumn('publication_number', 'text', (c) => c.notNull())
    .addColumn('fields', 'integer', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('patent_changes_version_idx').on('patent_changes').column('version_id').execute();

  await db.schema
    .createTable('alerts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // search | library | patents
    .addColumn('type', 'text', (c) => c.notNull())
    // JSON AlertContent
    .addColumn('content', 'text', (c) => c.notNull())
    // the library folder of a library alert (one alert per user and folder through /collection/warn)
    .addColumn('library_id', 'text')
    // JSON AlertSchedule
    .addColumn('schedule', 'text', (c) => c.notNull())
    // JSON array of e-mail addresses
    .addColumn('recipients', 'text', (c) => c.notNull())
    .addColumn('no_update_no_mail', 'integer', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    // error | notSent | nextSend | sent
    .addColumn('state', 'text', (c) => c.notNull())
    // the data version the next run compares with (changes after it are reported)
    .addColumn('watermark', 'integer', (c) => c.notNull())
    // library alerts: patents collected after this time are new
    .addColumn('since', 'text', (c) => c.notNull())
    .addColumn('last_run_at', 'text')
    .addColumn('next_run_at', 'text')
    .addColumn('last_run_id', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('alerts_user_idx').on('alerts').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('alerts_due_idx').on('alerts').columns(['enabled', 'next_run_at']).execute();

  await db.schema
    .createTable('alert_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('alert_id', 'text', (c) => c.notNull().references('alerts.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull())
    // the scheduled time this run is for: with the alert, the run's idempotency key
    .addColumn('scheduled_for', 'text', (c) => c.notNull())
    // pending (created) | evaluated (patents kept) | done
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('from_version', 'integer', (c) => c.notNull())
    .addColumn('to_version', 'integer')
    .addColumn('since', 'text', (c) => c.notNull())
    .addColumn('ran_at', 'text', (c) => c.notNull())
    .addColumn('new_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('changed_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reported', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('omitted', 'integer', (c) => c.notNull().defaultTo(0))
    // pending | sending | sent | skipped | failed
    .addColumn('mail_state', 'text', (c) => c.notNull())
    .addColumn('mailed_at', 'text')
    .addColumn('error', 'text')
    // which process works on the run, until when (a crashed process's claim is released at start)
    .addColumn('claimed_by', 'text')
    .addColumn('claimed_until', 'text')
    .addUniqueConstraint('alert_runs_idempotency_uq', ['alert_id', 'scheduled_for'])
    .execute();
  await db.schema.createIndex('alert_runs_alert_idx').on('alert_runs').columns(['alert_id', 'ran_at']).execute();
  await db.schema.createIndex('alert_runs_state_idx').on('alert_runs').columns(['state']).execute();

  await db.schema
    .createTable('alert_run_patents')
    .addColumn('run_id', 'text', (c) => c.notNull().references('alert_runs.id').onDelete('cascade'))
    // 1-based report order
    .addColumn('rank', 'integer', (c) => c.notNull())
    .addColumn('publication_number', 'text', (c) => c.notNull())
    // bit set of change kinds (alert.domain.ts)
    .addColumn('changes', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('alert_run_patents_pk', ['run_id', 'rank'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('alert_run_patents').execute();
  await db.schema.dropTable('alert_runs').execute();
  await db.schema.dropTable('alerts').execute();
  await db.schema.dropTable('patent_changes').execute();
  await db.schema.dropTable('data_versions').execute();
}

// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Search history, operation history and event tracking (spec 1 §3, §4, §7), and the durable job
 * table (DESIGN.md "Jobs … live in a durable table in the app database and survive a restart").
 * Text ids, ISO timestamps as text, portable to SQLite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('search_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // the user's running number of the entry (#1, #2 …), used to combine entries
    .addColumn('no', 'integer', (c) => c.notNull())
    .addColumn('operation_name', 'text', (c) => c.notNull())
    // the expression as typed, for keyword search in the list
    .addColumn('search_expression', 'text', (c) => c.notNull())
    .addColumn('result_total', 'text', (c) => c.notNull())
    // the whole spec 1 §3 entry as JSON
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('search_history_user_created_idx')
    .on('search_history')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('search_history_created_idx').on('search_history').column('created_at').execute();

  await db.schema
    .createTable('operate_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 1 search, 2 analysis, 3 export, 4 favourite
    .addColumn('record_type', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('router', 'text')
    .addColumn('result_total', 'text')
    // JSON object: what reopening needs
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('operate_history_user_created_idx')
    .on('operate_history')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('operate_history_created_idx').on('operate_history').column('created_at').execute();

  await db.schema
    .createTable('event_tracking')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // null for IP visitors
    .addColumn('user_id', 'text')
    .addColumn('tenant_id', 'text', (c) => c.notNull())
    .addColumn('event_name', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text')
    .addColumn('event_type', 'text')
    .addColumn('count', 'integer', (c) => c.notNull())
    .addColumn('record_type', 'integer')
    .addColumn('product_alias', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('event_tracking_user_idx')
    .on('event_tracking')
    .columns(['user_id', 'record_type'])
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // the job definition's name, e.g. 'history-retention'
    .addColumn('kind', 'text', (c) => c.notNull())
    // at most one queued/running job per unique key (recurring jobs use their kind)
    .addColumn('unique_key', 'text')
    // JSON payload
    .addColumn('payload', 'text', (c) => c.notNull())
    // 'queued' | 'running' | 'done' | 'failed'
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull().defaultTo(3))
    .addColumn('locked_by', 'text')
    .addColumn('locked_until', 'text')
    .addColumn('last_error', 'text')
    // JSON: what the handler reported (e.g. rows deleted)
    .addColumn('result', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema.createIndex('jobs_status_run_at_idx').on('jobs').columns(['status', 'run_at']).execute();
  await db.schema.createIndex('jobs_unique_key_idx').on('jobs').column('unique_key').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
  await db.schema.dropTable('event_tracking').execute();
  await db.schema.dropTable('operate_history').execute();
  await db.schema.dropTable('search_history').execute();
}

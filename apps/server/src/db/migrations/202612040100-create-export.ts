// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Export (issue 18, spec 2 §5/§7): field templates, each user's field order and last export's
 * fields, and the download tasks of the download centre. JSON as text, ISO timestamps as text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('export_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // JSON array of field ids, in export order
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('export_templates_user_name_uq', ['user_id', 'name'])
    .execute();

  await db.schema
    .createTable('export_preferences')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // JSON arrays of field ids; null: not set yet
    .addColumn('field_order', 'text')
    .addColumn('last_fields', 'text')
    // rows exported directly (without a task), counted against the export quota
    .addColumn('direct_rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('download_tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    // the file's name as downloaded, with its extension
    .addColumn('filename', 'text', (c) => c.notNull())
    // JSON: the ExportRequest, the language and the caller it runs for
    .addColumn('request', 'text', (c) => c.notNull())
    // waiting | running | done | failed | cancelled
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('size', 'integer')
    .addColumn('error', 'text')
    // the finished file (only ever a complete, renamed file); null once deleted
    .addColumn('file_path', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('expires_at', 'text')
    .execute();
  await db.schema
    .createIndex('download_tasks_user_idx')
    .on('download_tasks')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('download_tasks_state_idx').on('download_tasks').columns(['state']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('download_tasks').execute();
  await db.schema.dropTable('export_preferences').execute();
  await db.schema.dropTable('export_templates').execute();
}

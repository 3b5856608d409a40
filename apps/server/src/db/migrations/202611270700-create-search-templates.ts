// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Advanced-search templates and last-used fields (spec 1 §7 "Advanced-search templates") and batch
 * search records (spec 1 §7 "Batch search records"), per user. JSON as text, ISO timestamps as text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('advanced_search_templates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // JSON array of field ids, in row order
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('advanced_search_templates_user_name_uq', ['user_id', 'name'])
    .execute();

  await db.schema
    .createTable('advanced_search_last_fields')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('batch_search_records')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('mode', 'text', (c) => c.notNull())
    // JSON array of the inputs
    .addColumn('inputs', 'text', (c) => c.notNull())
    .addColumn('found_count', 'integer', (c) => c.notNull())
    .addColumn('not_found_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('batch_search_records_user_idx')
    .on('batch_search_records')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('batch_search_records').execute();
  await db.schema.dropTable('advanced_search_last_fields').execute();
  await db.schema.dropTable('advanced_search_templates').execute();
}

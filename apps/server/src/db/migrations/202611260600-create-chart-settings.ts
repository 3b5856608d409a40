// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Chart customisation per user (spec 2 §3 "Chart colour config", "Chart size config", §7 "Charts"):
 * colour palettes and sizes per chart key, and custom charts in classification folders.
 * Text ids, ISO timestamps as text, JSON as text, portable to SQLite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('chart_colors')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item', 'text', (c) => c.notNull())
    // JSON [{index, color}]
    .addColumn('color_detail', 'text', (c) => c.notNull())
    .addColumn('product_alias', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('chart_colors_user_item_uq', ['user_id', 'item'])
    .execute();

  await db.schema
    .createTable('chart_sizes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('item', 'text', (c) => c.notNull())
    .addColumn('conf_name', 'text', (c) => c.notNull())
    // JSON {width, height, fontSize, legendPosition, showLabel}
    .addColumn('conf_detail', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('chart_sizes_user_item_uq', ['user_id', 'item'])
    .execute();

  await db.schema
    .createTable('chart_classifies')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // null: a top-level folder
    .addColumn('parent_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('chart_classifies_user_idx').on('chart_classifies').column('user_id').execute();

  await db.schema
    .createTable('custom_charts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // null: outside any folder (also where a chart lands when its folder went away)
    .addColumn('classify_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('chart_key', 'text', (c) => c.notNull())
    .addColumn('chart_type', 'text', (c) => c.notNull())
    .addColumn('category_count', 'integer', (c) => c.notNull())
    // JSON AnalysisRequest
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    // set while the chart is in the deleted list
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema
    .createIndex('custom_charts_user_idx')
    .on('custom_charts')
    .columns(['user_id', 'deleted_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('custom_charts').execute();
  await db.schema.dropTable('chart_classifies').execute();
  await db.schema.dropTable('chart_sizes').execute();
  await db.schema.dropTable('chart_colors').execute();
}

// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Smart reports (issue 20, spec 2 §4 /report/patent): one row per report, its request (set,
 * sections, time range), its state and, once written, its files and its sections' sentences.
 * A deleted report keeps its row (deleted_at) so its links answer "has been deleted"; ISO
 * timestamps as text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    // zh | en: the report's language
    .addColumn('lang', 'text', (c) => c.notNull())
    // JSON: the create request (set, sections, time range, origin)
    .addColumn('request', 'text', (c) => c.notNull())
    // search | library | dashboard
    .addColumn('origin', 'text', (c) => c.notNull())
    // generating | done | failed
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('total', 'integer')
    .addColumn('pdf_path', 'text')
    .addColumn('pdf_size', 'integer')
    .addColumn('docx_path', 'text')
    .addColumn('docx_size', 'integer')
    // JSON: the sections' headings, sentences and figures; null until done
    .addColumn('summary', 'text')
    .addColumn('error', 'text')
    .addColumn('took_ms', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    // created_at + 180 days (spec 2 §9); regenerating starts it again
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('reports_user_idx').on('reports').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('reports_state_idx').on('reports').columns(['state']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reports').execute();
}

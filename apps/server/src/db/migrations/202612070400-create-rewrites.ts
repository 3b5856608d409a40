// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Assisted writing (issue 22, spec 2 §7 /patent/rewrite/*): one row per rewrite, a passage or a
 * document, its original, its result and state. A deleted rewrite keeps its row (deleted_at): it
 * still counts against the day's characters and the writing quota. ISO timestamps as text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('rewrites')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // text (a passage, answered at once) | all (a document, a task)
    .addColumn('kind', 'text', (c) => c.notNull())
    // rephrase | claim | expand | shorten
    .addColumn('mode', 'text', (c) => c.notNull())
    // zh | en: the language of the result
    .addColumn('language', 'text', (c) => c.notNull())
    // zh | en: the language the rewrite was asked in (its error messages)
    .addColumn('lang', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('original', 'text', (c) => c.notNull())
    .addColumn('result', 'text')
    .addColumn('chars', 'integer', (c) => c.notNull())
    .addColumn('result_chars', 'integer')
    // waiting | running | done | failed
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('chunks_total', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('chunks_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('took_ms', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('rewrites_user_idx').on('rewrites').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('rewrites_state_idx').on('rewrites').columns(['state']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('rewrites').execute();
}

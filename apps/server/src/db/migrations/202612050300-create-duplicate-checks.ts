// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * The duplicate and similarity check (issue 21, spec 2 §7 /patent/repeat …): one row per check,
 * its text, state and, once done, its report as JSON. ISO timestamps as text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('duplicate_checks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    // text | file
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('filename', 'text')
    // the checked text, as pasted or read from the file
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('chars', 'integer', (c) => c.notNull())
    // zh | en: the language the check was asked in (its messages)
    .addColumn('lang', 'text', (c) => c.notNull())
    // waiting | running | done | failed
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('similarity', 'double precision')
    .addColumn('patents', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON: the report (sentences, similar patents, evidence); null until done
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('duplicate_checks_user_idx')
    .on('duplicate_checks')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('duplicate_checks_state_idx').on('duplicate_checks').columns(['state']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('duplicate_checks').execute();
}

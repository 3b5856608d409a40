// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Issue 46: reading marks (阅读标记, spec 2 §3/§9). A row per patent a user opened (the detail call
 * writes it), with when it was last opened; the newest MAX_READING_MARKS per user are kept.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reading_marks')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // As the record writes it (the detail's publicationNumber, the result rows' number).
    .addColumn('publication_number', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('reading_marks_pk', ['user_id', 'publication_number'])
    .execute();
  // The newest first, per user: the trim past the limit and the "unread only" list.
  await db.schema
    .createIndex('reading_marks_user_read_idx')
    .on('reading_marks')
    .columns(['user_id', 'read_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('reading_marks').execute();
}

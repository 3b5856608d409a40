// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Word merging (spec 2 §7 /search/depth/analysis/merge/word): a user's merges and removals of
 * word-cloud/cluster terms, one row per user and result set (set_key: a hash of the set's
 * canonical JSON). ISO timestamps as text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('analysis_term_adjustments')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('set_key', 'text', (c) => c.notNull())
    // JSON: the result set the row belongs to (searchExpre, set, secondExpre, filters, mergeType, source)
    .addColumn('result_set', 'text', (c) => c.notNull())
    // JSON: { merges: [{ name, words }], removed: [word] }
    .addColumn('adjustments', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('analysis_term_adjustments_pk', ['user_id', 'set_key'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('analysis_term_adjustments').execute();
}

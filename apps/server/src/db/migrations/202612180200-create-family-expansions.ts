// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Issue 46: simple-family expansions (spec 2 §4, §8), one row per expansion an account made: the
 * account's `familyExpand` quota counts them. `seeds` the patents expanded, `members` what the
 * expansion found. Kept as long as the account (a quota counts every use).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('family_expansions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('seeds', 'integer', (c) => c.notNull())
    .addColumn('members', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('family_expansions_user').on('family_expansions').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('family_expansions').execute();
}

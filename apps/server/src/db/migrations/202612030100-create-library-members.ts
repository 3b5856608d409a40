// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Collaborative libraries (spec 2 §3 "collaborative libraries", §7 /archive/v2/share*; issue 17):
 * the users a library's owner shared it with. A row is an invitation until the user accepts it
 * from the message centre; it goes when they decline, leave or are removed, or the owner disbands.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('library_members')
    // the library: a top-level folder; its sub-folders are shared with it
    .addColumn('library_id', 'text', (c) => c.notNull().references('libraries.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'invited' (waiting in the user's message centre) or 'active'
    .addColumn('status', 'text', (c) => c.notNull())
    // the group the invitation went through, if any (shown in the member list)
    .addColumn('group_id', 'text')
    .addColumn('invited_at', 'text', (c) => c.notNull())
    .addColumn('joined_at', 'text')
    .addPrimaryKeyConstraint('library_members_pk', ['library_id', 'user_id'])
    .execute();
  await db.schema.createIndex('library_members_user_idx').on('library_members').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('library_members').execute();
}

// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Collaboration (issue 17): groups of registered users and their members, the message centre
 * (invitations, shares, system notices) and shares of patents and saved searches. JSON as text,
 * ISO timestamps as text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('user_groups_owner_name_uq', ['owner_id', 'name'])
    .execute();

  await db.schema
    .createTable('user_group_members')
    .addColumn('group_id', 'text', (c) => c.notNull().references('user_groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'active' or 'invited' (the invitation waits in the user's message centre)
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('user_group_members_pk', ['group_id', 'user_id'])
    .execute();
  await db.schema.createIndex('user_group_members_user_idx').on('user_group_members').column('user_id').execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // null: a system notice
    .addColumn('sender_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    // JSON object
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('is_read', 'integer', (c) => c.notNull().defaultTo(0))
    // invitations: 'pending', 'accepted', 'declined', 'expired'; null for other kinds
    .addColumn('response', 'text')
    // what an invitation is about (e.g. the group's id), so the inviting domain finds it again
    .addColumn('subject_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_user_idx').on('messages').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('messages_subject_idx').on('messages').columns(['kind', 'subject_id']).execute();

  await db.schema
    .createTable('shares')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sender_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('recipient_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'patent' or 'search'
    .addColumn('kind', 'text', (c) => c.notNull())
    // JSON: { patents: [{ pn, title }] } or { search: { title, expression, router, total } }
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('shares_recipient_idx')
    .on('shares')
    .columns(['recipient_id', 'kind', 'created_at'])
    .execute();
  await db.schema.createIndex('shares_sender_idx').on('shares').columns(['sender_id', 'kind', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('shares').execute();
  await db.schema.dropTable('messages').execute();
  await db.schema.dropTable('user_group_members').execute();
  await db.schema.dropTable('user_groups').execute();
}

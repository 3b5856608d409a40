// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Applicant groups (申请人组, issue 46; spec 2 §3, §5, §7): a user's named sets of applicant names
 * and their variants (JSON as text), and the users each is shared with (pending until they
 * confirm). ISO timestamps as text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('applicant_groups')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('members', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('applicant_groups_owner_name_uq', ['owner_id', 'name'])
    .execute();

  await db.schema
    .createTable('applicant_group_shares')
    .addColumn('group_id', 'text', (c) => c.notNull().references('applicant_groups.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'pending' until the recipient confirms, then 'accepted'
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('applicant_group_shares_pk', ['group_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('applicant_group_shares_user_idx')
    .on('applicant_group_shares')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('applicant_group_shares').execute();
  await db.schema.dropTable('applicant_groups').execute();
}

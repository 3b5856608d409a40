// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Issue 41: an account's e-mail changed at once, unverified and unannounced. A change is now a
 * mailed link (`email_links`, purpose `email_change`) to the new address, applied when opened;
 * `new_email` is the address it changes to (null for the other purposes).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('email_links').addColumn('new_email', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('email_links').where('purpose', '=', 'email_change').execute();
  await db.schema.alterTable('email_links').dropColumn('new_email').execute();
}

// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Issue 43: a disclosure snapshot that took several saves (autosaves within the window, a "save
 * version" pinning them) showed only its last version: versions 1–2 never appeared. It now keeps
 * the first version it took, and the list shows the range.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('disclosure_versions').addColumn('first_version', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('disclosure_versions').dropColumn('first_version').execute();
}

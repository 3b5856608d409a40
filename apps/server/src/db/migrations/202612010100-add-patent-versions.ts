// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * `patents.version`: a hash of the record's `doc` (engine recordVersion), written with it, which the
 * search index keeps beside what it indexed; `patlas index verify` compares the two (issue 16 §3).
 * Rows stored before have none: the first verify pass computes it from `doc` and writes it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('patents').addColumn('version', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('patents').dropColumn('version').execute();
}

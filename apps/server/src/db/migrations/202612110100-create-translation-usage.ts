// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Issue 41: the translation calls' daily character budget. One row per caller and UTC day:
 * `subject` is `user:<id>` for an account, `address:<ip>` for a caller without one (IP login);
 * `day` is YYYY-MM-DD (UTC); `chars` the characters sent to the service that day.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('translation_usage')
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('day', 'text', (c) => c.notNull())
    .addColumn('chars', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('translation_usage_pk', ['subject', 'day'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('translation_usage').execute();
}

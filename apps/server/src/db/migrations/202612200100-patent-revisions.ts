// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Issue 48 item 5 (docs/search-as-of.md): a search as of a data version matches a record a later
 * import changed on its content as of that version. `patent_revisions` keeps, per import that
 * changed a stored record, the record as stored before it (its JSON, as `patents.doc`), keyed by the
 * version that replaced it. Saved search expressions keep the data version they ran against.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('patent_revisions')
    // the data version (import) whose write replaced this content
    .addColumn('version_id', 'integer', (c) => c.notNull())
    .addColumn('publication_number', 'text', (c) => c.notNull())
    // the record as stored before that version (JSON)
    .addColumn('doc', 'text', (c) => c.notNull())
    // one per record and version: the first write of an import keeps the content before it
    .addPrimaryKeyConstraint('patent_revisions_pk', ['publication_number', 'version_id'])
    .execute();
  // Retention of old versions deletes by version.
  await db.schema.createIndex('patent_revisions_version_idx').on('patent_revisions').column('version_id').execute();
  await db.schema.alterTable('saved_expressions').addColumn('data_version', 'integer').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('saved_expressions').dropColumn('data_version').execute();
  await db.schema.dropTable('patent_revisions').execute();
}

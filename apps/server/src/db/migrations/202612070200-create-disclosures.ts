// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Disclosure writing and application drafts (issue 22, spec 2 §2 /disclosurePaper/*, /disclosure,
 * /patentApply): one row per document with its editor JSON and plain-text sections, its versions
 * (snapshots kept for the history drawer) and the images uploaded into it. ISO timestamps as text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('disclosures')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // disclosure | application
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    // JSON: plain text per section key
    .addColumn('sections', 'text', (c) => c.notNull())
    // JSON: the editor's content ({ sections: { key: TipTap doc } })
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('chars', 'integer', (c) => c.notNull())
    .addColumn('images', 'integer', (c) => c.notNull())
    // the optimistic version: +1 on every save
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('disclosures_user_idx')
    .on('disclosures')
    .columns(['user_id', 'kind', 'updated_at'])
    .execute();

  await db.schema
    .createTable('disclosure_versions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('disclosure_id', 'text', (c) => c.notNull().references('disclosures.id').onDelete('cascade'))
    // the document's version this snapshot holds
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('sections', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('chars', 'integer', (c) => c.notNull())
    // auto | manual | restore
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('restored_from', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('saved_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('disclosure_versions_doc_idx')
    .on('disclosure_versions')
    .columns(['disclosure_id', 'version'])
    .execute();

  await db.schema
    .createTable('disclosure_images')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('disclosure_id', 'text', (c) => c.notNull().references('disclosures.id').onDelete('cascade'))
    // the stored file's name under the images folder (never a path)
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('bytes', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // first save whose content named the image; null while only uploaded
    .addColumn('used_at', 'text')
    .execute();
  await db.schema.createIndex('disclosure_images_doc_idx').on('disclosure_images').columns(['disclosure_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('disclosure_images').execute();
  await db.schema.dropTable('disclosure_versions').execute();
  await db.schema.dropTable('disclosures').execute();
}

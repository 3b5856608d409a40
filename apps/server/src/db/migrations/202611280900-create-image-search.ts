// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Image search (spec 1 §7 /search/image/*, /image/history/*): the feature index of patent drawings
 * (one row per drawing: its perceptual hash and CNN embedding) and the image searches run, keyed so a
 * result is a deep link and listed per user as the image history. Binary data is base64 text, so the
 * same file runs on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('drawing_features')
    // the drawing's file name in the drawings store (unique: it carries the publication number and sheet)
    .addColumn('file', 'text', (c) => c.primaryKey())
    .addColumn('publication_number', 'text', (c) => c.notNull())
    // 64-bit pHash as 16 hex digits; null when the file could not be read (embedding null too)
    .addColumn('phash', 'text')
    // L2-normalised float32 vector, little-endian, base64
    .addColumn('embedding', 'text')
    // the feature extractor's version: rows of an older one are computed again
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('drawing_features_publication_idx')
    .on('drawing_features')
    .column('publication_number')
    .execute();

  await db.schema
    .createTable('image_searches')
    .addColumn('key', 'text', (c) => c.primaryKey())
    // null for IP visitors (their searches open by key but are listed in no history)
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    // small JPEG of the upload as a data URL
    .addColumn('thumbnail', 'text', (c) => c.notNull())
    // JSON: the query's hashes and embeddings, so a search can be ranked again without the image
    .addColumn('query', 'text', (c) => c.notNull())
    // JSON: the ranked matches [{ publicationNumber, file, similarity }]
    .addColumn('results', 'text', (c) => c.notNull())
    .addColumn('indexed_drawings', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('image_searches_user_idx')
    .on('image_searches')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('image_searches').execute();
  await db.schema.dropTable('drawing_features').execute();
}

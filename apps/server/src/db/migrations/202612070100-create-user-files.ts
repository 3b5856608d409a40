// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * My files (issue 22, spec 2 §3 "Uploaded file record", §7 /file/my/file/*): one row per stored
 * file (its bytes under DATA_DIR/uploads/my-files), and the chunked uploads under way with the
 * pieces each holds, so a client that lost its connection learns which pieces to send again.
 * Unfinished uploads are removed after UPLOAD_STALE_HOURS. ISO timestamps as text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_files')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    // the extension, lower case (pdf, docx …)
    .addColumn('file_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('md5', 'text', (c) => c.notNull())
    // the bytes' place under the files folder: <user id>/<file id>
    .addColumn('storage_key', 'text', (c) => c.notNull())
    // spec 2 §3 chunk parameters documentType and dirId, kept as sent (empty: null)
    .addColumn('document_type', 'text')
    .addColumn('dir_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('user_files_user_idx').on('user_files').columns(['user_id', 'created_at']).execute();

  await db.schema
    .createTable('file_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // the whole file's MD5 (hex, lower case)
    .addColumn('identifier', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('total_chunks', 'integer', (c) => c.notNull())
    .addColumn('chunk_size', 'integer', (c) => c.notNull())
    .addColumn('document_type', 'text')
    .addColumn('dir_id', 'text')
    // receiving | assembling (the last piece is in; one request assembles it)
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // the last piece received: stale uploads are found by it
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('file_uploads_user_identifier_idx')
    .on('file_uploads')
    .columns(['user_id', 'identifier'])
    .execute();
  await db.schema.createIndex('file_uploads_updated_idx').on('file_uploads').columns(['updated_at']).execute();

  await db.schema
    .createTable('file_upload_chunks')
    .addColumn('upload_id', 'text', (c) => c.notNull().references('file_uploads.id').onDelete('cascade'))
    .addColumn('chunk_number', 'integer', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('file_upload_chunks_pk', ['upload_id', 'chunk_number'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('file_upload_chunks').execute();
  await db.schema.dropTable('file_uploads').execute();
  await db.schema.dropTable('user_files').execute();
}

// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Patent libraries (spec 2 §3 "Patent library", §4 states, §7 /archive/v2/* and /labelmanage/*;
 * issue 17): folders in trees of at most 5 levels, the patents each folder holds in list order,
 * the owners' indexing labels and where they are set, saved search expressions and each library's
 * operation log. Text ids, ISO timestamps as text, portable to SQLite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('libraries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // null: a top-level folder (a library)
    .addColumn('parent_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull().defaultTo(''))
    // 1: archived (set on top-level folders; their sub-folders follow)
    .addColumn('archived', 'integer', (c) => c.notNull().defaultTo(0))
    // set: in the recycle bin (with every sub-folder, whatever their own value)
    .addColumn('deleted_at', 'text')
    // the next list position of a patent collected into the folder
    .addColumn('next_position', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('libraries_owner_idx').on('libraries').column('owner_id').execute();
  await db.schema.createIndex('libraries_parent_idx').on('libraries').column('parent_id').execute();

  await db.schema
    .createTable('library_patents')
    .addColumn('library_id', 'text', (c) => c.notNull().references('libraries.id').onDelete('cascade'))
    .addColumn('publication_number', 'text', (c) => c.notNull())
    // list order within the folder (collection order)
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('added_by', 'text', (c) => c.notNull())
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('library_patents_pk', ['library_id', 'publication_number'])
    .execute();
  await db.schema
    .createIndex('library_patents_position_idx')
    .on('library_patents')
    .columns(['library_id', 'position'])
    .execute();
  await db.schema
    .createIndex('library_patents_number_idx')
    .on('library_patents')
    .column('publication_number')
    .execute();

  await db.schema
    .createTable('library_labels')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // null: a top-level label; else its parent (two levels)
    .addColumn('parent_id', 'text')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('library_labels_owner_idx').on('library_labels').column('owner_id').execute();

  await db.schema
    .createTable('library_patent_labels')
    .addColumn('library_id', 'text', (c) => c.notNull().references('libraries.id').onDelete('cascade'))
    .addColumn('publication_number', 'text', (c) => c.notNull())
    .addColumn('label_id', 'text', (c) => c.notNull().references('library_labels.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('library_patent_labels_pk', ['library_id', 'publication_number', 'label_id'])
    .execute();
  await db.schema
    .createIndex('library_patent_labels_label_idx')
    .on('library_patent_labels')
    .columns(['label_id', 'library_id'])
    .execute();

  await db.schema
    .createTable('saved_expressions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    // the result page state as JSON
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('expression', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('saved_expressions_owner_idx')
    .on('saved_expressions')
    .columns(['owner_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('library_logs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // the library (top-level folder) whose log it is; no foreign key: the log outlives a moved folder
    .addColumn('root_id', 'text', (c) => c.notNull())
    .addColumn('folder_id', 'text', (c) => c.notNull())
    .addColumn('folder_name', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('count', 'integer')
    .addColumn('detail', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('library_logs_root_created_idx')
    .on('library_logs')
    .columns(['root_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('library_logs').execute();
  await db.schema.dropTable('saved_expressions').execute();
  await db.schema.dropTable('library_patent_labels').execute();
  await db.schema.dropTable('library_labels').execute();
  await db.schema.dropTable('library_patents').execute();
  await db.schema.dropTable('libraries').execute();
}

// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Special topics of the home page (docs/special-topics.md) and imported patent awards
 * (docs/awards.md). ISO timestamps as text; booleans as 0/1.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('special_topics')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name_zh', 'text', (c) => c.notNull())
    .addColumn('name_en', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('expression', 'text', (c) => c.notNull())
    .addColumn('description_zh', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description_en', 'text', (c) => c.notNull().defaultTo(''))
    // file name under DATA_DIR/uploads/topics, null without a picture
    .addColumn('picture', 'text')
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('patent_awards')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // as the file wrote it
    .addColumn('number', 'text', (c) => c.notNull())
    // the normalised key of the number (publication or application): one row per key, award and year
    .addColumn('number_key', 'text', (c) => c.notNull())
    // the stored record it resolved to; null while the corpus does not hold it
    .addColumn('publication_number', 'text')
    .addColumn('award', 'text', (c) => c.notNull())
    // 0: no year given
    .addColumn('year', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('patent_awards_key_award_year_uq', ['number_key', 'award', 'year'])
    .execute();
  await db.schema.createIndex('patent_awards_pn_idx').on('patent_awards').column('publication_number').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('patent_awards').execute();
  await db.schema.dropTable('special_topics').execute();
}

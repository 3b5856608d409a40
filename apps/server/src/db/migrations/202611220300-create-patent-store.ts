// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

// Frozen in time: imports nothing from the app. Runs unchanged on SQLite and PostgreSQL.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('patents')
    .addColumn('publication_number', 'text', (c) => c.primaryKey())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('kind', 'text')
    .addColumn('patent_type', 'text')
    .addColumn('application_number', 'text')
    .addColumn('title', 'text')
    .addColumn('application_date', 'text')
    .addColumn('publication_date', 'text')
    .addColumn('source_id', 'text')
    .addColumn('doc', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('patents_country_idx').on('patents').column('country').execute();

  await db.schema
    .createTable('patent_numbers')
    .addColumn('number_key', 'text', (c) => c.notNull())
    .addColumn('publication_number', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('patent_numbers_pk', ['number_key', 'publication_number'])
    .execute();
  await db.schema.createIndex('patent_numbers_pub_idx').on('patent_numbers').column('publication_number').execute();

  await db.schema
    .createTable('patent_citations')
    .addColumn('citing_number', 'text', (c) => c.notNull())
    .addColumn('cited_key', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('patent_citations_pk', ['cited_key', 'citing_number'])
    .execute();
  await db.schema.createIndex('patent_citations_citing_idx').on('patent_citations').column('citing_number').execute();

  await db.schema
    .createTable('meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('meta').execute();
  await db.schema.dropTable('patent_citations').execute();
  await db.schema.dropTable('patent_numbers').execute();
  await db.schema.dropTable('patents').execute();
}

// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Parent/subsidiary relations between companies (issue 20, spec 2 §7 /business/search/business/tree),
 * imported by operators from a CSV (docs/companies.md): one row per child, the whole table replaced
 * by each import. Names as the file writes them, keys normalised (companies.ts companyKey).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('company_relations')
    .addColumn('child_key', 'text', (c) => c.primaryKey())
    .addColumn('child_name', 'text', (c) => c.notNull())
    .addColumn('parent_key', 'text', (c) => c.notNull())
    .addColumn('parent_name', 'text', (c) => c.notNull())
    // percent held by the parent (0–100), when the file states it
    .addColumn('share', 'double precision')
    // the relationship as written (全资子公司, subsidiary, 控股…)
    .addColumn('relation', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('company_relations_parent_idx').on('company_relations').columns(['parent_key']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('company_relations').execute();
}

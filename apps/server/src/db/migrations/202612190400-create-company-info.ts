// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Company information imported by operators ("企业信息表", docs/company-fields.md): whether a company
 * is listed, its board and stock code, type and region. One row per company (companyKey), the whole
 * table replaced by each import.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('company_info')
    .addColumn('company_key', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    // 1 listed, 0 not listed (as the file says)
    .addColumn('listed', 'integer', (c) => c.notNull())
    .addColumn('board', 'text')
    .addColumn('stock_code', 'text')
    .addColumn('company_type', 'text')
    .addColumn('region', 'text')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('line', 'integer', (c) => c.notNull())
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('company_info_listed_idx').on('company_info').columns(['listed']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('company_info').execute();
}

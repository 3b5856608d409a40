// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Citation rows written during an import (SQLite), merged into `patent_citations` once at its end
 * (PatentRepository.mergeStagedCitations). The table has no index, so staging a row is an append:
 * inserting each batch's rows into the two indexes of `patent_citations` as they came was most of
 * the store's time in a large import. `batch` orders the versions of a record written by the same
 * import: only its last batch's rows count, and a row with no `cited_key` says "no citations" (the
 * record was removed or rewritten).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('patent_citations_staged')
    .addColumn('batch', 'bigint', (c) => c.notNull())
    .addColumn('citing_number', 'text', (c) => c.notNull())
    .addColumn('cited_key', 'text')
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('patent_citations_staged').execute();
}

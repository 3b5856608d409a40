// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Patent value (issue 21, spec 2 §7): each stored record's raw value indicators, cohort path and
 * score, and each cohort's distribution as compact histograms. JSON as text, ISO timestamps as text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('patent_values')
    .addColumn('publication_number', 'text', (c) => c.primaryKey())
    // the record's cohorts, narrowest first, joined by |
    .addColumn('cohorts', 'text', (c) => c.notNull())
    // the cohort the score was taken in
    .addColumn('cohort', 'text', (c) => c.notNull())
    // JSON array of the raw indicators (null: unknown)
    .addColumn('raw', 'text', (c) => c.notNull())
    .addColumn('score', 'real')
    .addColumn('computed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('patent_value_cohorts')
    .addColumn('cohort', 'text', (c) => c.primaryKey())
    .addColumn('size', 'integer', (c) => c.notNull())
    // JSON: per indicator, bin → count of the filled bins
    .addColumn('histograms', 'text', (c) => c.notNull())
    .addColumn('scored_size', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('patent_value_cohorts').execute();
  await db.schema.dropTable('patent_values').execute();
}

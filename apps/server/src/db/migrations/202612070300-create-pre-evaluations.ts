// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Pre-evaluations and novelty searches (issue 22, spec 2 §7 /apply/pre/*): one row per evaluation,
 * its text, state and, once done, its result (features, prior art, matrix, risks) as JSON. ISO
 * timestamps as text.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('pre_evaluations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    // claims | disclosure
    .addColumn('kind', 'text', (c) => c.notNull())
    // preAssessment | noveltySearch: the page that started it
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    // JSON ApplicationText: the four sections when the input came from an application draft (formal review)
    .addColumn('application', 'text')
    // whose filings the abnormal-application signals compare with
    .addColumn('applicant', 'text')
    .addColumn('chars', 'integer', (c) => c.notNull())
    // YYYY-MM-DD: prior art must be published before it; null: no limit
    .addColumn('priority_date', 'text')
    // the input's own publication, excluded with its family
    .addColumn('publication_number', 'text')
    // zh | en: the language it was asked in (its messages)
    .addColumn('lang', 'text', (c) => c.notNull())
    // waiting | running | done | failed
    .addColumn('state', 'text', (c) => c.notNull())
    // features | search | matching while running
    .addColumn('stage', 'text')
    .addColumn('progress', 'double precision', (c) => c.notNull().defaultTo(0))
    // high | medium | low once done
    .addColumn('novelty', 'text')
    .addColumn('inventiveness', 'text')
    .addColumn('features', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('documents', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON: the result (PreEvaluationResult); null until done
    .addColumn('result', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
  await db.schema
    .createIndex('pre_evaluations_user_idx')
    .on('pre_evaluations')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema.createIndex('pre_evaluations_state_idx').on('pre_evaluations').columns(['state']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('pre_evaluations').execute();
}

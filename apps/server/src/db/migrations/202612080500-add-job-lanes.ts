// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Job lanes (issue 40): a job queued for a user carries the user, so the queue caps each user's
 * waiting and running tasks of a kind and claims round-robin by user; `claim_seq` orders claims
 * (the user served least recently goes first). System jobs have no user.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('user_id', 'text').execute();
  await db.schema.alterTable('jobs').addColumn('claim_seq', 'integer').execute();
  // The cap's count and the turn's lookup: one user's jobs of some kinds.
  await db.schema.createIndex('jobs_user_kind_status_idx').on('jobs').columns(['user_id', 'kind', 'status']).execute();
  // The next claim number: max(claim_seq) from the index's end.
  await db.schema.createIndex('jobs_claim_seq_idx').on('jobs').column('claim_seq').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('jobs_claim_seq_idx').execute();
  await db.schema.dropIndex('jobs_user_kind_status_idx').execute();
  await db.schema.alterTable('jobs').dropColumn('claim_seq').execute();
  await db.schema.alterTable('jobs').dropColumn('user_id').execute();
}

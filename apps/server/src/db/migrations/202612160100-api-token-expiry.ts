// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/** The lifetime given to the tokens made before tokens expired (the default of a new one). */
const BACKFILL_DAYS = 90;

/**
 * Issue 41: personal API tokens never expired. `api_tokens.expires_at`: when the token stops
 * working (ISO time, chosen at creation, at most a year). Tokens made before get the default
 * lifetime from the upgrade on, so no script stops at the moment of the upgrade.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('api_tokens').addColumn('expires_at', 'text').execute();
  const expiresAt = new Date(Date.now() + BACKFILL_DAYS * 86_400_000).toISOString();
  await db.updateTable('api_tokens').set({ expires_at: expiresAt }).where('expires_at', 'is', null).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('api_tokens').dropColumn('expires_at').execute();
}

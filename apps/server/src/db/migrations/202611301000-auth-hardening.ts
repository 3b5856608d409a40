// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import { sql, type Kysely } from 'kysely';

/**
 * Issue 16 §2. `session_refresh_history`: the refresh tokens a session has rotated away (hashes),
 * so a used one coming back is recognised and ends the session (a stolen token replayed, or the
 * thief's copy racing the owner's). `sessions.last_seen_at`: when the session last made a request,
 * so an idle IP session stops holding a seat of its tenant's online cap.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('session_refresh_history')
    .addColumn('refresh_hash', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull())
    .addColumn('rotated_at', 'text', (c) => c.notNull())
    // when the token would have expired anyway; rows past it may be removed
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('session_refresh_history_expires_idx')
    .on('session_refresh_history')
    .column('expires_at')
    .execute();

  await db.schema.alterTable('sessions').addColumn('last_seen_at', 'text').execute();
  await db
    .updateTable('sessions')
    .set({ last_seen_at: sql.ref('created_at') })
    .execute();
  await db.schema
    .createIndex('sessions_live_ip_idx')
    .on('sessions')
    .columns(['tenant_id', 'login_type', 'last_seen_at'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('sessions_live_ip_idx').execute();
  await db.schema.alterTable('sessions').dropColumn('last_seen_at').execute();
  await db.schema.dropTable('session_refresh_history').execute();
}

// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/**
 * Issue 41: the download-progress websocket took the access token in its URL (kept by proxies and
 * access logs). A socket now opens with a ticket: single use, SOCKET_TICKET_TTL_SECONDS, bound to
 * the account and to the session or API token that asked for it; only its SHA-256 is stored. In
 * the database, so that the process answering the ticket request and the one taking the socket
 * may differ.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('socket_tickets')
    .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // 'password' or 'apiToken': the credential that asked for it
    .addColumn('login_type', 'text', (c) => c.notNull())
    .addColumn('session_id', 'text')
    .addColumn('api_token_id', 'text')
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('socket_tickets_expires_idx').on('socket_tickets').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('socket_tickets').execute();
}

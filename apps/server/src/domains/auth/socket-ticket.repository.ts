import type { Kysely } from 'kysely';
import type { Database, SocketTicketRow } from '../../db/schema.js';

/** Websocket tickets (issue 41), found by the SHA-256 of the ticket. */
export class SocketTicketRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores a ticket; drops the tickets past their expiry. */
  async insert(row: SocketTicketRow): Promise<void> {
    await this.db.deleteFrom('socket_tickets').where('expires_at', '<=', row.created_at).execute();
    await this.db.insertInto('socket_tickets').values(row).execute();
  }

  /** Takes the ticket out, in one statement: of two uses at once only one gets it. */
  take(hash: string): Promise<SocketTicketRow | undefined> {
    return this.db.deleteFrom('socket_tickets').where('ticket_hash', '=', hash).returningAll().executeTakeFirst();
  }
}

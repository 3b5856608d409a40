import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, SharesTable } from '../../db/schema.js';

export type ShareRow = Selectable<SharesTable>;

export interface NewShare {
  senderId: string;
  recipientId: string;
  kind: ShareRow['kind'];
  content: Record<string, unknown>;
  note: string | null;
  createdAt: string;
}

/** Shared patents and searches (table shares): one row per recipient, read by its sender or recipient only. */
export class ShareRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertMany(shares: readonly NewShare[]): Promise<string[]> {
    const rows = shares.map((share) => ({
      id: randomUUID(),
      sender_id: share.senderId,
      recipient_id: share.recipientId,
      kind: share.kind,
      content: JSON.stringify(share.content),
      note: share.note,
      created_at: share.createdAt,
    }));
    if (rows.length > 0) await this.db.insertInto('shares').values(rows).execute();
    return rows.map((row) => row.id);
  }

  /** One page of the user's received or sent shares of a kind, newest first. */
  async page(
    userId: string,
    direction: 'received' | 'sent',
    kind: ShareRow['kind'],
    page: number,
    pageSize: number,
  ): Promise<{ total: number; rows: ShareRow[] }> {
    const query = this.db
      .selectFrom('shares')
      .where(direction === 'received' ? 'recipient_id' : 'sender_id', '=', userId)
      .where('kind', '=', kind);
    const count = await query.select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirst();
    const rows = await query
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return { total: Number(count?.n ?? 0), rows };
  }
}

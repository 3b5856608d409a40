import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { Database, MessagesTable } from '../../db/schema.js';

export type MessageRow = Selectable<MessagesTable>;

export interface NewMessage {
  userId: string;
  senderId: string | null;
  kind: string;
  category: string;
  payload: Record<string, unknown>;
  response: MessageRow['response'];
  subjectId: string | null;
  createdAt: string;
}

export interface MessageFilter {
  userId: string;
  category?: string | undefined;
  unreadOnly?: boolean | undefined;
}

/** The message centre's rows (table messages); every read and write names the recipient. */
export class MessageRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(message: NewMessage): Promise<string> {
    const id = randomUUID();
    await this.db
      .insertInto('messages')
      .values({
        id,
        user_id: message.userId,
        sender_id: message.senderId,
        kind: message.kind,
        category: message.category,
        payload: JSON.stringify(message.payload),
        is_read: 0,
        response: message.response,
        subject_id: message.subjectId,
        created_at: message.createdAt,
      })
      .execute();
    return id;
  }

  /** One page, newest first, and the number of matching rows. */
  async page(filter: MessageFilter, page: number, pageSize: number): Promise<{ total: number; rows: MessageRow[] }> {
    let query = this.db.selectFrom('messages').where('user_id', '=', filter.userId);
    if (filter.category) query = query.where('category', '=', filter.category);
    if (filter.unreadOnly) query = query.where('is_read', '=', 0);
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

  findOwn(userId: string, id: string): Promise<MessageRow | undefined> {
    return this.db
      .selectFrom('messages')
      .selectAll()
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** The recipient's pending invitation of this kind about this subject, if any. */
  findPendingInvitation(userId: string, kind: string, subjectId: string): Promise<MessageRow | undefined> {
    return this.db
      .selectFrom('messages')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', kind)
      .where('subject_id', '=', subjectId)
      .where('response', '=', 'pending')
      .orderBy('created_at', 'desc')
      .executeTakeFirst();
  }

  async countUnread(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .where('is_read', '=', 0)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Marks the recipient's messages among `ids` (or all) read; answers how many changed. */
  async markRead(userId: string, ids: readonly string[] | 'all'): Promise<number> {
    let query = this.db
      .updateTable('messages')
      .set({ is_read: 1 })
      .where('user_id', '=', userId)
      .where('is_read', '=', 0);
    if (ids !== 'all') query = query.where('id', 'in', [...ids]);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /** Answers a pending invitation (and marks it read); false when it was no longer pending. */
  async setResponse(userId: string, id: string, response: 'accepted' | 'declined'): Promise<boolean> {
    const result = await this.db
      .updateTable('messages')
      .set({ response, is_read: 1 })
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .where('response', '=', 'pending')
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Marks pending invitations about a subject expired (all recipients, or one). */
  async expireInvitations(kind: string, subjectId: string, userId?: string): Promise<number> {
    let query = this.db
      .updateTable('messages')
      .set({ response: 'expired' })
      .where('kind', '=', kind)
      .where('subject_id', '=', subjectId)
      .where('response', '=', 'pending');
    if (userId !== undefined) query = query.where('user_id', '=', userId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}

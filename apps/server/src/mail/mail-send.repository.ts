import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, MailSendsTable } from '../db/schema.js';

export type MailKind = MailSendsTable['kind'];

/** Rows older than this are deleted as new ones are written: longer than any window the throttle counts. */
const KEEP_MS = 2 * 86_400_000;

/** The mails sent by kind, address and user (issue 41): what MailThrottle counts. */
export class MailSendRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Records one send and answers its id; drops the rows no window needs any more. */
  async insert(send: { kind: MailKind; address: string; userId: string | null; at: Date }): Promise<string> {
    const id = randomUUID();
    await this.db
      .insertInto('mail_sends')
      .values({ id, kind: send.kind, address: send.address, user_id: send.userId, sent_at: send.at.toISOString() })
      .execute();
    await this.db
      .deleteFrom('mail_sends')
      .where('sent_at', '<', new Date(send.at.getTime() - KEEP_MS).toISOString())
      .execute();
    return id;
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('mail_sends').where('id', '=', id).execute();
  }

  /** The send times of `kind` to an address (or for a user) after `since`, oldest first, other than `except`. */
  async sentSince(
    kind: MailKind,
    key: { address: string } | { userId: string },
    since: Date,
    except: string,
  ): Promise<string[]> {
    let query = this.db
      .selectFrom('mail_sends')
      .select('sent_at')
      .where('kind', '=', kind)
      .where('sent_at', '>', since.toISOString())
      .where('id', '!=', except);
    query = 'address' in key ? query.where('address', '=', key.address) : query.where('user_id', '=', key.userId);
    const rows = await query.orderBy('sent_at').orderBy('id').execute();
    return rows.map((r) => r.sent_at);
  }
}

import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, EmailLinkRow } from '../../db/schema.js';

export type EmailLinkPurpose = 'register' | 'reset' | 'email_change';

/**
 * The purposes a new link replaces: a password link (registration, reset) the older password links,
 * an e-mail change link the older change links (issue 41), so neither kind cancels the other.
 */
function replacedBy(purpose: EmailLinkPurpose): EmailLinkPurpose[] {
  return purpose === 'email_change' ? ['email_change'] : ['register', 'reset'];
}

/** One-time links mailed for registration and password reset, found by the hash of their token. */
export class EmailLinkRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Stores a new link and drops the user's unused links of the same kind (replacedBy): only the
   * newest mail works, so an older mail lying around in an inbox cannot be used later.
   */
  async replaceForUser(link: {
    userId: string;
    purpose: EmailLinkPurpose;
    tokenHash: string;
    expiresAt: string;
    createdAt: string;
    /** email_change: the address the account changes to */
    newEmail?: string;
  }): Promise<string> {
    const id = randomUUID();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .deleteFrom('email_links')
        .where('user_id', '=', link.userId)
        .where('used_at', 'is', null)
        .where('purpose', 'in', replacedBy(link.purpose))
        .execute();
      await trx
        .insertInto('email_links')
        .values({
          id,
          user_id: link.userId,
          purpose: link.purpose,
          token_hash: link.tokenHash,
          expires_at: link.expiresAt,
          used_at: null,
          created_at: link.createdAt,
          new_email: link.newEmail ?? null,
        })
        .execute();
    });
    return id;
  }

  findByTokenHash(tokenHash: string): Promise<EmailLinkRow | undefined> {
    return this.db.selectFrom('email_links').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
  }

  /** Drops a link that was never mailed (its mail could not be sent). */
  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('email_links').where('id', '=', id).execute();
  }

  /** Marks the link used if it still is unused; false when a concurrent request used it first. */
  async markUsed(id: string, at: string): Promise<boolean> {
    const result = await this.db
      .updateTable('email_links')
      .set({ used_at: at })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}

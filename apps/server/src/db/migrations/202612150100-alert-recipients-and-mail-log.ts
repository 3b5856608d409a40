// Migrations see the database as it was when they were written, not the current schema type.
/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Kysely } from 'kysely';

/** ALERT_MAIL_FAILED's messages before issue 41 carried the SMTP server's reason; these replace them. */
const MAIL_FAILED_ZH = '预警邮件发送失败，下次运行时将重新发送；如持续失败请联系管理员';
const MAIL_FAILED_EN =
  'The alert e-mail could not be sent; the next run sends it again. If this persists, contact your administrator';

/**
 * Issue 41, alerts were an open mail relay:
 * - `alert_recipients`: the addresses an owner's alerts mail besides the owner's own, each
 *   confirmed by its holder through a mailed link (double opt-in); only the SHA-256 of a link's
 *   token is stored, with its expiry;
 * - `mail_sends`: the mails sent to an address (and for a user), so re-sends of account mails and
 *   confirmation mails can be capped per address, per user and per window;
 * - `alert_runs.mailed_to`: the recipients a run has mailed (one mail each), so a run resumed
 *   after a crash mails only those it had not;
 * - stored alert and run errors of failed mails lose the SMTP server's reason (internal host and port).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('alert_recipients')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // the alerts' owner who asked to mail this address
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // lower-cased
    .addColumn('email', 'text', (c) => c.notNull())
    // null until the holder opened the link
    .addColumn('confirmed_at', 'text')
    // the newest link's SHA-256 (hex) and expiry; null once confirmed
    .addColumn('token_hash', 'text')
    .addColumn('token_expires_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('alert_recipients_user_email_uq', ['user_id', 'email'])
    .execute();
  await db.schema.createIndex('alert_recipients_token_idx').on('alert_recipients').column('token_hash').execute();

  await db.schema
    .createTable('mail_sends')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // register | reset | tryout | alert-confirm
    .addColumn('kind', 'text', (c) => c.notNull())
    // lower-cased
    .addColumn('address', 'text', (c) => c.notNull())
    // the user the mail was sent for (alert confirmations: the alerts' owner), when there is one
    .addColumn('user_id', 'text')
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('mail_sends_address_idx')
    .on('mail_sends')
    .columns(['kind', 'address', 'sent_at'])
    .execute();
  await db.schema.createIndex('mail_sends_user_idx').on('mail_sends').columns(['kind', 'user_id', 'sent_at']).execute();
  // Rows older than the longest window are deleted as new ones are written.
  await db.schema.createIndex('mail_sends_sent_idx').on('mail_sends').column('sent_at').execute();

  // JSON array of the addresses mailed so far; null before the first.
  await db.schema.alterTable('alert_runs').addColumn('mailed_to', 'text').execute();

  for (const [prefix, message] of [
    ['预警邮件发送失败：%', MAIL_FAILED_ZH],
    ['The alert e-mail could not be sent: %', MAIL_FAILED_EN],
  ] as const) {
    await db.updateTable('alerts').set({ last_error: message }).where('last_error', 'like', prefix).execute();
    await db.updateTable('alert_runs').set({ error: message }).where('error', 'like', prefix).execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('alert_runs').dropColumn('mailed_to').execute();
  await db.schema.dropTable('mail_sends').execute();
  await db.schema.dropTable('alert_recipients').execute();
}

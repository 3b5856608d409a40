import { randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** A stable Message-ID (an alert run's idempotency key): a mail sent again is recognisably the same. */
  messageId?: string;
}

/** Where a mail went: accepted by the SMTP server, or written to the outbox folder. */
export type MailDelivery = { kind: 'smtp'; messageId: string } | { kind: 'file'; file: string };

export interface Mailer {
  send(message: MailMessage): Promise<MailDelivery>;
  close(): void;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL; unset = write .eml files to outboxDir */
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
}

interface MailLog {
  info(obj: object, msg: string): void;
}

/** A request must not hang on an unreachable SMTP server: give up after this. */
const SMTP_TIMEOUT_MS = 15_000;

/**
 * Account mails over SMTP (nodemailer). Without SMTP_URL they are written as .eml files to
 * DATA_DIR/outbox, so a fresh `npm start` can still finish a registration or password reset
 * by opening the file (README "Configuration").
 */
export function createMailer(options: MailerOptions, log: MailLog): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: SMTP_TIMEOUT_MS,
      greetingTimeout: SMTP_TIMEOUT_MS,
      socketTimeout: SMTP_TIMEOUT_MS,
    });
    return {
      async send(message) {
        const info = await transport.sendMail({ from: options.from, ...message });
        return { kind: 'smtp', messageId: info.messageId };
      },
      close: () => transport.close(),
    };
  }

  log.info(
    { outboxDir: options.outboxDir },
    'SMTP_URL is not set: mails are written to the outbox folder as .eml files',
  );
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      mkdirSync(options.outboxDir, { recursive: true });
      // Sortable by time, unique within the same millisecond.
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(options.outboxDir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
      writeFileSync(file, info.message as Buffer);
      log.info({ file, to: message.to }, 'mail written to the outbox (SMTP_URL is not set)');
      return { kind: 'file', file };
    },
    close: () => transport.close(),
  };
}

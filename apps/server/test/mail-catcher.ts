import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail as the SMTP server received it, with the parts the tests read decoded. */
export interface CaughtMail {
  from: string;
  to: string[];
  subject: string;
  /** the text/plain part, decoded */
  text: string;
  /** the text/html part, decoded ('' when there is none) */
  html: string;
  raw: string;
}

/**
 * A real SMTP server on 127.0.0.1 (random port) that keeps what it receives: the tests send
 * through nodemailer exactly as production does and read the mails back.
 */
export class MailCatcher {
  readonly mails: CaughtMail[] = [];
  private waiters: { count: number; resolve: () => void }[] = [];
  private readonly server: SMTPServer;
  /** While set, the answers to received mails wait here (hold). */
  private held: (() => void)[] | undefined;
  /** smtp://127.0.0.1:<port>, set once listening */
  url = '';

  private constructor() {
    this.server = new SMTPServer({
      // Plain SMTP on loopback: no certificate to trust, no login.
      disabledCommands: ['STARTTLS', 'AUTH'],
      authOptional: true,
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const envelope = session.envelope;
          this.receive({
            ...parseMail(raw),
            from: envelope.mailFrom ? envelope.mailFrom.address : '',
            to: envelope.rcptTo.map((r) => r.address),
            raw,
          });
          // A held server has the mail but answers only when released (a slow SMTP server).
          if (this.held) this.held.push(() => callback());
          else callback();
        });
      },
    });
  }

  static async start(): Promise<MailCatcher> {
    const catcher = new MailCatcher();
    await new Promise<void>((resolve) => catcher.server.listen(0, '127.0.0.1', resolve));
    const { port } = catcher.server.server.address() as AddressInfo;
    catcher.url = `smtp://127.0.0.1:${port}`;
    return catcher;
  }

  private receive(mail: CaughtMail): void {
    this.mails.push(mail);
    this.waiters = this.waiters.filter((w) => {
      if (this.mails.length < w.count) return true;
      w.resolve();
      return false;
    });
  }

  /** Resolves once `count` mails in total have arrived (nodemailer has already had 250 OK when send resolves). */
  async waitFor(count: number, timeoutMs = 5000): Promise<void> {
    if (this.mails.length >= count) return;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`expected ${count} mails, got ${this.mails.length}`)), timeoutMs);
      this.waiters.push({
        count,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }

  /**
   * From now on the server keeps each mail but withholds its answer, as a slow SMTP server does,
   * until the returned function is called; a sender waiting for the answer waits until then.
   */
  hold(): () => void {
    this.held = [];
    return () => {
      const waiting = this.held ?? [];
      this.held = undefined;
      for (const answer of waiting) answer();
    };
  }

  /** The mails sent to one address, oldest first. */
  to(address: string): CaughtMail[] {
    return this.mails.filter((m) => m.to.includes(address));
  }

  close(): Promise<void> {
    this.held?.splice(0).forEach((answer) => answer());
    this.held = undefined;
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

// ---- a small MIME reader, enough for what nodemailer writes (no heavy parser dependency) ----

function splitHead(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at === -1 ? raw : raw.slice(0, at);
  const body = at === -1 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeQuotedPrintable(text: string): Buffer {
  const bytes: number[] = [];
  const joined = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < joined.length; i += 1) {
    const c = joined[i]!;
    if (c === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(c, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= / =?UTF-8?Q?…?=); whitespace between two of them is dropped. */
export function decodeHeader(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BQ])\?([^?]*)\?=/gi, (_, _charset: string, encoding: string, data: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : decodeQuotedPrintable(data.replace(/_/g, ' ')).toString('utf8'),
    );
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body).toString('utf8');
    default:
      return body;
  }
}

function parseMail(raw: string): { subject: string; text: string; html: string } {
  const { headers, body } = splitHead(raw);
  const subject = decodeHeader(headers.get('subject') ?? '');
  const parts: { type: string; content: string }[] = [];
  const collect = (partHeaders: Map<string, string>, partBody: string): void => {
    const type = partHeaders.get('content-type') ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (type.toLowerCase().startsWith('multipart/') && boundary) {
      const sections = partBody.split(`--${boundary}`).slice(1);
      for (const section of sections) {
        if (section.startsWith('--')) break;
        const inner = splitHead(section.replace(/^\r?\n/, ''));
        collect(inner.headers, inner.body);
      }
      return;
    }
    parts.push({
      type: type.split(';')[0]!.trim().toLowerCase(),
      content: decodeBody(partBody, partHeaders.get('content-transfer-encoding')),
    });
  };
  collect(headers, body);
  return {
    subject,
    text: parts.find((p) => p.type === 'text/plain')?.content ?? '',
    html: parts.find((p) => p.type === 'text/html')?.content ?? '',
  };
}

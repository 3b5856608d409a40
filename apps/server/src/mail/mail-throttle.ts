import { MAIL_RESEND_INTERVAL_SECONDS, MAIL_RESENDS_PER_HOUR } from '@patlas/contracts';
import { AppError } from '../errors.js';
import type { MailKind, MailSendRepository } from './mail-send.repository.js';

/** At most `max` mails within `seconds`. */
export interface MailWindow {
  seconds: number;
  max: number;
}

/** A send refused: which cap (per address or per user), and when a slot frees up. */
export interface MailRefusal {
  scope: 'address' | 'user';
  window: MailWindow;
  retryAfterSeconds: number;
}

export type MailReservation = { ok: true; id: string } | { ok: false; refusal: MailRefusal };

/** Account mails (registration link, trial acknowledgement, password reset) per address: once a minute, 5 an hour. */
export const ACCOUNT_MAIL_WINDOWS: readonly MailWindow[] = [
  { seconds: MAIL_RESEND_INTERVAL_SECONDS, max: 1 },
  { seconds: 3600, max: MAIL_RESENDS_PER_HOUR },
];

/**
 * Caps on the mails sent to an address and for a user (issue 41: a registration or trial mail was
 * re-sent on every call, and alerts mailed whoever their owner named). A send is recorded first and
 * then counted with the others in each window, so of two concurrent calls neither slips past a cap
 * (both may be refused, which is the safe side). A send that then fails is released.
 */
export class MailThrottle {
  constructor(
    private readonly repository: MailSendRepository,
    private readonly now: () => Date,
  ) {}

  async reserve(
    kind: MailKind,
    addressInput: string,
    limits: { perAddress: readonly MailWindow[]; perUser?: { userId: string; windows: readonly MailWindow[] } },
  ): Promise<MailReservation> {
    const address = addressInput.trim().toLowerCase();
    const now = this.now();
    const id = await this.repository.insert({ kind, address, userId: limits.perUser?.userId ?? null, at: now });
    type Check = [MailRefusal['scope'], { address: string } | { userId: string }, readonly MailWindow[]];
    const checks: Check[] = [['address', { address }, limits.perAddress]];
    if (limits.perUser) checks.push(['user', { userId: limits.perUser.userId }, limits.perUser.windows]);
    for (const [scope, key, windows] of checks) {
      for (const window of windows) {
        const before = await this.repository.sentSince(kind, key, new Date(now.getTime() - window.seconds * 1000), id);
        if (before.length < window.max) continue;
        await this.repository.delete(id);
        // The send that must leave the window before another fits in it.
        const freeing = Date.parse(before[before.length - window.max]!) + window.seconds * 1000;
        return {
          ok: false,
          refusal: { scope, window, retryAfterSeconds: Math.max(1, Math.ceil((freeing - now.getTime()) / 1000)) },
        };
      }
    }
    return { ok: true, id };
  }

  /** Forgets a reserved send whose mail could not be sent: trying again is not a re-send. */
  async release(id: string): Promise<void> {
    await this.repository.delete(id);
  }
}

/** An account mail refused by ACCOUNT_MAIL_WINDOWS, as the caller is answered. */
export function accountMailRefusalError(refusal: MailRefusal): AppError {
  if (refusal.window.seconds <= MAIL_RESEND_INTERVAL_SECONDS) {
    return new AppError('MAIL_RESEND_TOO_SOON', { seconds: refusal.retryAfterSeconds });
  }
  return new AppError('MAIL_RESEND_LIMIT', {
    max: refusal.window.max,
    minutes: Math.max(1, Math.ceil(refusal.retryAfterSeconds / 60)),
  });
}

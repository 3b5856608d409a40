import { LOGIN_FAILURE_WINDOW_SECONDS, LOGIN_LOCKOUT_SECONDS, LOGIN_MAX_FAILURES } from '@patlas/contracts';
import { AppError } from '../../errors.js';
import type { LoginFailureRepository } from './login-failure.repository.js';
import { verifyPassword } from './password.js';
import type { Clock } from '../../kernel/clock.js';

/** The outcome of a throttled password check. */
export type PasswordCheck =
  { kind: 'locked'; minutes: number } | { kind: 'right' } | { kind: 'wrong'; lockedMinutes?: number };

/**
 * The lockout of password checks (spec 1 §4 login lockout; issue 16 §2 for the current-password
 * checks too): LOGIN_MAX_FAILURES failures within LOGIN_FAILURE_WINDOW_SECONDS lock the key for
 * LOGIN_LOCKOUT_SECONDS from the failure that completed them. A check first claims its attempt
 * (recorded as a failure, atomically with the lock test), then verifies; success clears the key.
 * So at most LOGIN_MAX_FAILURES verifications run per window, however many arrive at once.
 */
export class PasswordAttempts {
  constructor(
    private readonly failures: LoginFailureRepository,
    private readonly now: Clock,
  ) {}

  /** The current-password key of an account (change e-mail, change password, new API token). */
  static currentPasswordKey(userId: string): string {
    return `current-password:${userId}`;
  }

  private lookbackSince(nowMs: number): string {
    return new Date(nowMs - (LOGIN_FAILURE_WINDOW_SECONDS + LOGIN_LOCKOUT_SECONDS) * 1000).toISOString();
  }

  /** When the failure times lock the key at `nowMs`: the time the lock ends. */
  private lockEnd(times: readonly string[], nowMs: number): number | undefined {
    const ms = times.map((t) => Date.parse(t));
    let until: number | undefined;
    for (let i = LOGIN_MAX_FAILURES - 1; i < ms.length; i += 1) {
      const first = ms[i - LOGIN_MAX_FAILURES + 1]!;
      const last = ms[i]!;
      if (last - first <= LOGIN_FAILURE_WINDOW_SECONDS * 1000) {
        const end = last + LOGIN_LOCKOUT_SECONDS * 1000;
        if (until === undefined || end > until) until = end;
      }
    }
    return until !== undefined && until > nowMs ? until : undefined;
  }

  private minutesUntil(until: number, nowMs: number): number {
    return Math.max(1, Math.ceil((until - nowMs) / 60_000));
  }

  /**
   * Claims an attempt and runs `verify` (the slow password hash) only if the key is not locked.
   * `wrong.lockedMinutes` is set when this failure completed a lock.
   */
  async check(key: string, verify: () => Promise<boolean>): Promise<PasswordCheck> {
    const nowMs = this.now().getTime();
    let lockedUntil: number | undefined;
    const claimed = await this.failures.claim(
      key,
      new Date(nowMs).toISOString(),
      this.lookbackSince(nowMs),
      (times) => {
        lockedUntil = this.lockEnd(times, nowMs);
        return lockedUntil === undefined;
      },
    );
    if (!claimed) return { kind: 'locked', minutes: this.minutesUntil(lockedUntil!, nowMs) };
    if (await verify()) {
      await this.failures.clear(key);
      return { kind: 'right' };
    }
    const afterMs = this.now().getTime();
    const nowLocked = this.lockEnd(await this.failures.since(key, this.lookbackSince(afterMs)), afterMs);
    return nowLocked === undefined
      ? { kind: 'wrong' }
      : { kind: 'wrong', lockedMinutes: this.minutesUntil(nowLocked, afterMs) };
  }

  /**
   * The current-password check of the account pages: throws CURRENT_PASSWORD_LOCKED while locked
   * (and on the failure that locks), CURRENT_PASSWORD_WRONG for a wrong password.
   */
  async checkCurrentPassword(user: { id: string; password_hash: string | null }, plain: string): Promise<void> {
    const { password_hash: hash } = user;
    const result = await this.check(PasswordAttempts.currentPasswordKey(user.id), async () =>
      hash === null ? false : verifyPassword(hash, plain),
    );
    if (result.kind === 'locked') throw new AppError('CURRENT_PASSWORD_LOCKED', { minutes: result.minutes });
    if (result.kind === 'wrong') {
      if (result.lockedMinutes !== undefined) {
        throw new AppError('CURRENT_PASSWORD_LOCKED', { minutes: result.lockedMinutes });
      }
      throw new AppError('CURRENT_PASSWORD_WRONG');
    }
  }
}

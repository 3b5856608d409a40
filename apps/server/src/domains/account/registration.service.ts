import { createHash, randomBytes } from 'node:crypto';
import { EMAIL_LINK_TTL_SECONDS, type Language, type RegistrationSettings } from '@patlas/contracts';
import { AppError } from '../../errors.js';
import type { Mailer, MailMessage } from '../../mail/mailer.js';
import { accountMailRefusalError, ACCOUNT_MAIL_WINDOWS, type MailThrottle } from '../../mail/mail-throttle.js';
import {
  accountExistsMail,
  passwordResetMail,
  registrationMail,
  tryoutAcknowledgementMail,
} from '../../mail/templates/account-mails.js';
import {
  type AuditService,
  hashPassword,
  ALL_FEATURES_ROLE_NAME,
  DEFAULT_TENANT_CODE,
  TRIAL_ROLE_NAME,
  type SessionService,
} from '../auth/index.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { normaliseEmail, type AccountRepository } from './account.repository.js';
import type { EmailLinkPurpose, EmailLinkRepository } from './email-link.repository.js';
import type { RegistrationSettingsRepository } from './registration-settings.repository.js';
import type { TryoutApplication, TryoutRepository } from './tryout.repository.js';

/**
 * New accounts from /reg join the default tenant with the built-in all-features role (both seeded
 * by domains/auth); issue 43: in trial mode with the built-in trial role instead, in approval mode
 * awaiting an operator's approval.
 */
const REGISTRATION_TENANT_CODE = DEFAULT_TENANT_CODE;

export interface RegistrationServiceDeps {
  accounts: AccountRepository;
  links: EmailLinkRepository;
  tryouts: TryoutRepository;
  /** Issue 43: what self-registered accounts get (open, approval, trial). */
  settings: RegistrationSettingsRepository;
  audit: Pick<AuditService, 'record'>;
  sessions: Pick<SessionService, 'endAllCredentialsOfUser'>;
  mailer: Mailer;
  /** Issue 41: the same mail to one address at most once a minute and a few times an hour. */
  throttle: MailThrottle;
  /** base of mailed links, no trailing slash */
  publicUrl: string;
  now: () => Date;
  log: { error(obj: object, msg: string): void; warn(obj: object, msg: string): void };
}

export interface RequestContext {
  lang: Language;
  ip: string | null;
}

/** Who changes a setting, as the audit log records them. */
export interface AuditActor {
  userId: string;
  email: string;
  ip: string | null;
}

export interface RegisterInput {
  email: string;
  fullname: string;
  organisation?: string | undefined;
  phone?: string | undefined;
}

export type TryoutInput = RegisterInput & { purpose?: string | undefined };

function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Empty optional form fields are stored as null, not as ''. */
function orNull(value: string | undefined): string | null {
  return value === undefined || value === '' ? null : value;
}

/**
 * Registration (/reg), trial applications (/signUp), forgotten passwords and the one-time links
 * that set a password. Links are 32 random bytes; only their SHA-256 is stored; each works once,
 * expires after EMAIL_LINK_TTL_SECONDS, and a newer link of the same user replaces older ones.
 */
export class RegistrationService {
  /** Reset mails still being looked up or sent after their request was answered. */
  private readonly background = new Set<Promise<void>>();

  constructor(private readonly deps: RegistrationServiceDeps) {}

  /**
   * Resolves once every reset mail started so far has been sent or given up: shutdown waits for
   * them before the mailer and the database close, and so do tests that move the clock on.
   */
  async settled(): Promise<void> {
    while (this.background.size > 0) await Promise.all([...this.background]);
  }

  private nowIso(): string {
    return this.deps.now().toISOString();
  }

  /**
   * Creates an account without a password and mails the link that sets it. An address that
   * registered before but never set a password gets a fresh link instead of an error. An address
   * whose account is active is answered alike (issue 41: REGISTER_EMAIL_TAKEN told who has an
   * account) and its holder is mailed a notice instead of a link. Either way one mail goes to the
   * address, at most once a minute and MAIL_RESENDS_PER_HOUR times an hour (MAIL_RESEND_TOO_SOON,
   * MAIL_RESEND_LIMIT, counted per address whether it has an account or not).
   */
  async register(input: RegisterInput, ctx: RequestContext): Promise<void> {
    const email = normaliseEmail(input.email);
    const reservation = await this.deps.throttle.reserve('register', email, { perAddress: ACCOUNT_MAIL_WINDOWS });
    if (!reservation.ok) throw accountMailRefusalError(reservation.refusal);
    let user = await this.deps.accounts.findUserByEmail(email);
    if (user && user.password_hash !== null) {
      await this.sendOrRelease(reservation.id, user.id, {
        to: user.email,
        ...accountExistsMail({
          fullname: user.fullname,
          resetLink: `${this.deps.publicUrl}/resetPassword`,
          lang: ctx.lang,
        }),
      });
      await this.deps.audit.record({
        action: 'register',
        actorId: user.id,
        actorEmail: user.email,
        targetId: user.id,
        ip: ctx.ip,
        detail: { stage: 'already_registered' },
      });
      return;
    }
    const isNew = !user;
    if (!user) {
      const tenant = await this.deps.accounts.findTenantByCode(REGISTRATION_TENANT_CODE);
      if (!tenant) throw new Error(`registration: the tenant "${REGISTRATION_TENANT_CODE}" does not exist`);
      const mode = await this.deps.settings.mode();
      const roleId = await this.deps.accounts.findRoleIdByName(
        mode === 'trial' ? TRIAL_ROLE_NAME : ALL_FEATURES_ROLE_NAME,
      );
      try {
        user = await this.deps.accounts.createAccount({
          email,
          fullname: input.fullname,
          tenantId: tenant.id,
          roleIds: roleId ? [roleId] : [],
          createdAt: this.nowIso(),
          awaitingApproval: mode === 'approval',
        });
      } catch (error) {
        // Two registrations of one address at the same moment: the other one won and mails the link.
        if (isUniqueViolation(error)) {
          await this.deps.throttle.release(reservation.id);
          return;
        }
        throw error;
      }
    }
    await this.deps.audit.record({
      action: 'register',
      actorId: user.id,
      actorEmail: user.email,
      targetId: user.id,
      ip: ctx.ip,
      detail: {
        stage: isNew ? 'created' : 'link_resent',
        organisation: orNull(input.organisation),
        phone: orNull(input.phone),
      },
    });
    const link = await this.issueLink(user.id, 'register');
    const mail = registrationMail({
      fullname: user.fullname,
      link,
      ttlSeconds: EMAIL_LINK_TTL_SECONDS,
      lang: ctx.lang,
    });
    // Registering again sends a fresh link (the account exists without a password), at once.
    await this.sendOrRelease(reservation.id, user.id, { to: user.email, ...mail });
  }

  /** Issue 43: what self-registered accounts get (the operators' settings). */
  async registrationSettings(): Promise<RegistrationSettings> {
    return { mode: await this.deps.settings.mode() };
  }

  async updateRegistrationSettings(settings: RegistrationSettings, actor: AuditActor): Promise<RegistrationSettings> {
    const before = await this.deps.settings.mode();
    await this.deps.settings.setMode(settings.mode);
    await this.deps.audit.record({
      action: 'settings_change',
      actorId: actor.userId,
      actorEmail: actor.email,
      ip: actor.ip,
      detail: { setting: 'registration_mode', before, after: settings.mode },
    });
    return { mode: settings.mode };
  }

  /** Sends a registration mail; if it cannot be sent, the throttle forgets it and MAIL_SEND_FAILED answers. */
  private async sendOrRelease(reservationId: string, userId: string, mail: MailMessage): Promise<void> {
    try {
      await this.deps.mailer.send(mail);
    } catch (error) {
      this.deps.log.error({ err: error, userId }, 'registration mail could not be sent');
      await this.deps.throttle.release(reservationId);
      throw new AppError('MAIL_SEND_FAILED');
    }
  }

  /**
   * Stores the application verbatim and acknowledges it by mail; a failed mail does not lose the
   * application. The same address applies at most once a minute and MAIL_RESENDS_PER_HOUR times an
   * hour (each application is mailed): more is refused before anything is stored.
   */
  async applyTryout(input: TryoutInput, ctx: RequestContext): Promise<TryoutApplication> {
    const email = normaliseEmail(input.email);
    const reservation = await this.deps.throttle.reserve('tryout', email, { perAddress: ACCOUNT_MAIL_WINDOWS });
    if (!reservation.ok) throw accountMailRefusalError(reservation.refusal);
    const application = await this.deps.tryouts.create({
      email,
      fullname: input.fullname,
      organisation: orNull(input.organisation),
      phone: orNull(input.phone),
      purpose: orNull(input.purpose),
      ip: ctx.ip,
      createdAt: this.nowIso(),
    });
    const mail = tryoutAcknowledgementMail({
      fullname: application.fullname,
      organisation: application.organisation,
      lang: ctx.lang,
    });
    try {
      await this.deps.mailer.send({ to: application.email, ...mail });
    } catch (error) {
      this.deps.log.error({ err: error, applicationId: application.id }, 'trial acknowledgement could not be sent');
      await this.deps.throttle.release(reservation.id);
    }
    return application;
  }

  /**
   * Mails a reset link when an enabled account has this address. The caller answers the same in
   * every case, so the endpoint does not tell who has an account; past the re-send caps (counted
   * per address, account or not) nothing is mailed, silently alike; a registration link mailed from
   * here counts against the registration caps as well. The look-up and the mail run after the answer
   * (issue 41: an address with an account answered later, by the SMTP round trip). Answers the
   * background work, for the tests; the route does not wait for it.
   */
  async forgotPassword(emailInput: string, ctx: RequestContext): Promise<{ mailed: Promise<void> }> {
    const reservation = await this.deps.throttle.reserve('reset', emailInput, { perAddress: ACCOUNT_MAIL_WINDOWS });
    if (!reservation.ok) {
      this.deps.log.warn({ retryAfterSeconds: reservation.refusal.retryAfterSeconds }, 'password reset mail throttled');
      return { mailed: Promise.resolve() };
    }
    const mailed = this.mailResetLink(emailInput, reservation.id, ctx)
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'password reset mail failed'))
      .finally(() => this.background.delete(mailed));
    this.background.add(mailed);
    return { mailed };
  }

  private async mailResetLink(emailInput: string, reservationId: string, ctx: RequestContext): Promise<void> {
    const user = await this.deps.accounts.findUserByEmail(emailInput);
    if (!user || user.disabled === 1) return;
    // An account that never set its password gets the registration link again.
    const purpose: EmailLinkPurpose = user.password_hash === null ? 'register' : 'reset';
    // That link is a registration mail: it counts against the registration caps too, or asking on
    // both pages would mail it twice as often (issue 41).
    const registerReservation =
      purpose === 'register'
        ? await this.deps.throttle.reserve('register', user.email, { perAddress: ACCOUNT_MAIL_WINDOWS })
        : undefined;
    if (registerReservation && !registerReservation.ok) {
      await this.deps.throttle.release(reservationId);
      this.deps.log.warn(
        { retryAfterSeconds: registerReservation.refusal.retryAfterSeconds },
        'registration link from the reset page throttled',
      );
      return;
    }
    const link = await this.issueLink(user.id, purpose);
    const mail =
      purpose === 'register'
        ? registrationMail({ fullname: user.fullname, link, ttlSeconds: EMAIL_LINK_TTL_SECONDS, lang: ctx.lang })
        : passwordResetMail({ fullname: user.fullname, link, ttlSeconds: EMAIL_LINK_TTL_SECONDS, lang: ctx.lang });
    try {
      await this.deps.mailer.send({ to: user.email, ...mail });
    } catch (error) {
      this.deps.log.error({ err: error, userId: user.id }, 'password reset mail could not be sent');
      await this.deps.throttle.release(reservationId);
      if (registerReservation?.ok) await this.deps.throttle.release(registerReservation.id);
    }
  }

  /** Sets the password from a mailed link: once, before expiry; every session of the user ends. */
  async resetPassword(token: string, password: string, ctx: RequestContext): Promise<void> {
    const link = await this.deps.links.findByTokenHash(hashLinkToken(token));
    // An e-mail change link never sets a password (issue 41).
    if (!link || link.purpose === 'email_change') throw new AppError('EMAIL_LINK_INVALID');
    if (link.used_at !== null) throw new AppError('EMAIL_LINK_USED');
    const now = this.nowIso();
    if (link.expires_at <= now) throw new AppError('EMAIL_LINK_EXPIRED');
    const user = await this.deps.accounts.findUserById(link.user_id);
    if (!user) throw new AppError('EMAIL_LINK_INVALID');
    // Hash first (slow), then claim the link: of two concurrent uses exactly one sets the password.
    const passwordHash = await hashPassword(password);
    if (!(await this.deps.links.markUsed(link.id, now))) throw new AppError('EMAIL_LINK_USED');
    await this.deps.accounts.setPasswordHash(user.id, passwordHash);
    await this.deps.sessions.endAllCredentialsOfUser(user.id, 'password_reset');
    const isRegistration = link.purpose === 'register';
    await this.deps.audit.record({
      action: isRegistration ? 'register' : 'password_reset',
      actorId: user.id,
      actorEmail: user.email,
      targetId: user.id,
      ip: ctx.ip,
      detail: isRegistration ? { stage: 'activated' } : {},
    });
  }

  /** Trial applications, newest first (the operators' list, /sys/tryout). */
  listTryouts(page: number, pageSize: number): Promise<{ total: number; items: TryoutApplication[] }> {
    return this.deps.tryouts.list(page, pageSize);
  }

  /** A new one-time link for the user (older unused ones stop working); answers the URL to mail. */
  private async issueLink(userId: string, purpose: EmailLinkPurpose): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const nowMs = this.deps.now().getTime();
    await this.deps.links.replaceForUser({
      userId,
      purpose,
      tokenHash: hashLinkToken(token),
      expiresAt: new Date(nowMs + EMAIL_LINK_TTL_SECONDS * 1000).toISOString(),
      createdAt: new Date(nowMs).toISOString(),
    });
    const query = new URLSearchParams({ token });
    if (purpose === 'register') query.set('mode', 'register');
    return `${this.deps.publicUrl}/resetPassword?${query.toString()}`;
  }
}

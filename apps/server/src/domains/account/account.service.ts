import { randomBytes } from 'node:crypto';
import {
  CONFIRM_EMAIL_PATH,
  EMAIL_LINK_TTL_SECONDS,
  QUOTA_KINDS,
  SemanticWeightsSchema,
  UserCustomConfigSchema,
  type GuideItem,
  type Language,
  type QuotaKind,
  type UserCustomConfig,
  type UserInfo,
} from '@patlas/contracts';
import { AppError } from '../../errors.js';
import type { UserRow } from '../../db/schema.js';
import type { Mailer } from '../../mail/mailer.js';
import { accountMailRefusalError, ACCOUNT_MAIL_WINDOWS, type MailThrottle } from '../../mail/mail-throttle.js';
import { emailChangeConfirmMail, emailChangeNoticeMail } from '../../mail/templates/account-mails.js';
import type { AuthContext } from '../../kernel/access.plugin.js';
import {
  type AuditService,
  hashPassword,
  type PasswordAttempts,
  type SessionService,
  hashToken,
} from '../auth/index.js';
import { normaliseEmail, type AccountRepository } from './account.repository.js';
import type { EmailLinkRepository } from './email-link.repository.js';
import { guideItemsFor } from './function-guide.js';
import type { QuotaLimits } from './quota-limits.js';
import type { UserGuideRepository } from './user-guide.repository.js';

export interface AccountServiceDeps {
  accounts: AccountRepository;
  guide: UserGuideRepository;
  audit: Pick<AuditService, 'record'>;
  sessions: Pick<SessionService, 'endAllCredentialsOfUser' | 'revokeApiTokensOfUser'>;
  attempts: Pick<PasswordAttempts, 'checkCurrentPassword'>;
  /** E-mail changes (issue 41): the confirmation link to the new address, the notice to the old one. */
  links: EmailLinkRepository;
  mailer: Mailer;
  throttle: MailThrottle;
  /** base of mailed links, no trailing slash */
  publicUrl: string;
  log: { error(obj: object, msg: string): void };
  now: () => Date;
  /** The user's unread messages (domains/message): the custom config's messageCount, never stored. */
  unreadMessages?: (userId: string) => Promise<number>;
  /** The operator-set limits of each quota (read by the counting domains too). */
  quotas: QuotaLimits;
  /**
   * How much of each quota a user has used, counted by the domain that owns the kind (favourites by
   * the library domain, …): those domains are built first; a kind absent counts 0.
   */
  quotaUsage?: QuotaUsage;
}

/** Per quota kind, how much a user has used of it. */
export type QuotaUsage = Partial<Record<QuotaKind, (userId: string) => Promise<number>>>;

export type UserLimit = Record<QuotaKind, { limit: number | null; used: number }>;

const DAY_MS = 86_400_000;

/** Every field of the custom config at its default (spec 1 §3, §9). */
export const DEFAULT_CUSTOM_CONFIG: UserCustomConfig = UserCustomConfigSchema.parse({});

/**
 * A stored config read field by field: a field that no longer validates (an older shape, a hand
 * edit) falls back to its default instead of breaking the whole config.
 */
export function customConfigOf(json: string): UserCustomConfig {
  let stored: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(json);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) stored = parsed as Record<string, unknown>;
  } catch {
    stored = {};
  }
  const config: Record<string, unknown> = { ...DEFAULT_CUSTOM_CONFIG };
  for (const [key, schema] of Object.entries(UserCustomConfigSchema.shape)) {
    if (!(key in stored)) continue;
    const field = schema.safeParse(stored[key]);
    if (field.success) config[key] = field.data;
  }
  return config as UserCustomConfig;
}

/** Own account (spec 1 §7 /platform/update/*) and the product-base account calls (/user/*, /userCustomConfig/*). */
export class AccountService {
  constructor(private readonly deps: AccountServiceDeps) {}

  private nowIso(): string {
    return this.deps.now().toISOString();
  }

  /** The caller's own account row; IP visitors have none (spec 1 §4: not normal logged-in users). */
  private async ownAccount(auth: AuthContext): Promise<UserRow> {
    if (auth.userId === null) throw new AppError('ACCOUNT_IP_VISITOR');
    const user = await this.deps.accounts.findUserById(auth.userId);
    if (!user) throw new AppError('UNAUTHORIZED');
    return user;
  }

  /** Needs the current password; ends the caller's other sessions (this one stays signed in). */
  async updatePassword(auth: AuthContext, oldPassword: string, newPassword: string, ip: string | null): Promise<void> {
    const user = await this.ownAccount(auth);
    // Throttled like the login (issue 16 §2: it was an unlimited password oracle for a stolen session).
    await this.deps.attempts.checkCurrentPassword(user, oldPassword);
    await this.deps.accounts.setPasswordHash(user.id, await hashPassword(newPassword));
    const ended = await this.deps.sessions.endAllCredentialsOfUser(
      user.id,
      'password_changed',
      auth.sessionId ?? undefined,
    );
    await this.deps.audit.record({
      action: 'password_change',
      actorId: user.id,
      actorEmail: user.email,
      targetId: user.id,
      ip,
      detail: { endedSessions: ended.sessions, revokedApiTokens: ended.apiTokens },
    });
  }

  async updateFullname(auth: AuthContext, fullname: string, ip: string | null): Promise<{ fullname: string }> {
    const user = await this.ownAccount(auth);
    await this.deps.accounts.setFullname(user.id, fullname);
    await this.deps.audit.record({
      action: 'user_update',
      actorId: user.id,
      actorEmail: user.email,
      targetId: user.id,
      ip,
      detail: { field: 'fullname' },
    });
    return { fullname };
  }

  /**
   * Needs the current password; the address must not belong to another account. Nothing changes
   * yet (issue 41: the address changed at once, unverified and unannounced): a link goes to the new
   * address (confirmEmail makes the change) and a notice to the current one. The same address is
   * mailed at most once a minute and MAIL_RESENDS_PER_HOUR times an hour; one account asks at most
   * MAIL_RESENDS_PER_HOUR times an hour.
   */
  async updateEmail(
    auth: AuthContext,
    email: string,
    password: string,
    ctx: { ip: string | null; lang: Language },
  ): Promise<{ email: string; pendingEmail?: string }> {
    const user = await this.ownAccount(auth);
    await this.deps.attempts.checkCurrentPassword(user, password);
    const newEmail = normaliseEmail(email);
    if (newEmail === user.email) return { email: user.email };
    if (await this.deps.accounts.findUserByEmail(newEmail)) throw new AppError('EMAIL_TAKEN');
    const reservation = await this.deps.throttle.reserve('email-change', newEmail, {
      perAddress: ACCOUNT_MAIL_WINDOWS,
      // per account the hourly cap only: a typo corrected at once is not refused
      perUser: { userId: user.id, windows: ACCOUNT_MAIL_WINDOWS.filter((w) => w.seconds > 60) },
    });
    if (!reservation.ok) throw accountMailRefusalError(reservation.refusal);
    const token = randomBytes(32).toString('base64url');
    const nowMs = this.deps.now().getTime();
    const linkId = await this.deps.links.replaceForUser({
      userId: user.id,
      purpose: 'email_change',
      tokenHash: hashToken(token),
      expiresAt: new Date(nowMs + EMAIL_LINK_TTL_SECONDS * 1000).toISOString(),
      createdAt: new Date(nowMs).toISOString(),
      newEmail,
    });
    const link = `${this.deps.publicUrl}${CONFIRM_EMAIL_PATH}?${new URLSearchParams({ token }).toString()}`;
    try {
      await this.deps.mailer.send({
        to: newEmail,
        ...emailChangeConfirmMail({
          fullname: user.fullname,
          newEmail,
          link,
          ttlSeconds: EMAIL_LINK_TTL_SECONDS,
          lang: ctx.lang,
        }),
      });
    } catch (error) {
      this.deps.log.error({ err: error, userId: user.id }, 'e-mail change confirmation could not be sent');
      await this.deps.links.delete(linkId);
      await this.deps.throttle.release(reservation.id);
      throw new AppError('MAIL_SEND_FAILED');
    }
    await this.sendNotice(user, newEmail, 'requested', ctx.lang);
    await this.deps.audit.record({
      action: 'user_update',
      actorId: user.id,
      actorEmail: user.email,
      targetId: user.id,
      ip: ctx.ip,
      detail: { field: 'email', stage: 'requested', from: user.email, to: newEmail },
    });
    return { email: user.email, pendingEmail: newEmail };
  }

  /**
   * Makes the e-mail change of a mailed link (once, before expiry, and only if no other account
   * took the address meanwhile); revokes the account's personal API tokens and tells the old address.
   */
  async confirmEmail(token: string, ctx: { ip: string | null; lang: Language }): Promise<{ email: string }> {
    const link = await this.deps.links.findByTokenHash(hashToken(token));
    const now = this.nowIso();
    if (!link || link.purpose !== 'email_change' || link.new_email === null) {
      throw new AppError('EMAIL_CHANGE_LINK_INVALID');
    }
    if (link.used_at !== null || link.expires_at <= now) throw new AppError('EMAIL_CHANGE_LINK_INVALID');
    const user = await this.deps.accounts.findUserById(link.user_id);
    if (!user || user.disabled === 1) throw new AppError('EMAIL_CHANGE_LINK_INVALID');
    if (!(await this.deps.links.markUsed(link.id, now))) throw new AppError('EMAIL_CHANGE_LINK_INVALID');
    if (!(await this.deps.accounts.setEmailIfFree(user.id, link.new_email))) throw new AppError('EMAIL_TAKEN');
    const revoked = await this.deps.sessions.revokeApiTokensOfUser(user.id);
    await this.sendNotice(user, link.new_email, 'changed', ctx.lang);
    await this.deps.audit.record({
      action: 'user_update',
      actorId: user.id,
      actorEmail: link.new_email,
      targetId: user.id,
      ip: ctx.ip,
      detail: { field: 'email', stage: 'confirmed', from: user.email, to: link.new_email, revokedApiTokens: revoked },
    });
    return { email: link.new_email };
  }

  /** The notice to the account's current address; a failure is logged (the change itself stands). */
  private async sendNotice(user: UserRow, newEmail: string, stage: 'requested' | 'changed', lang: Language) {
    try {
      await this.deps.mailer.send({
        to: user.email,
        ...emailChangeNoticeMail({ fullname: user.fullname, newEmail, stage, lang }),
      });
    } catch (error) {
      this.deps.log.error({ err: error, userId: user.id, stage }, 'e-mail change notice could not be sent');
    }
  }

  /** Spec 1 §3 "User info". IP visitors get a synthetic one: no user id, the organisation's name as name. */
  async userInfo(auth: AuthContext): Promise<UserInfo> {
    const tenant = await this.deps.accounts.findTenantById(auth.tenantId);
    if (auth.userId === null) {
      return {
        userId: '',
        fullname: tenant?.name ?? '',
        email: '',
        tenantId: auth.tenantId,
        tenantCode: tenant?.code ?? '',
        canOperation: false,
        loginType: 'ip',
        userCustomConfig: DEFAULT_CUSTOM_CONFIG,
        userCreationDays: 0,
        lastLoginTime: null,
      };
    }
    const user = await this.ownAccount(auth);
    return {
      userId: user.id,
      fullname: user.fullname,
      email: user.email,
      tenantId: user.tenant_id,
      tenantCode: tenant?.code ?? '',
      canOperation: user.can_operation === 1,
      loginType: auth.loginType,
      userCustomConfig: await this.withMessageCount(user.id, customConfigOf(user.custom_config)),
      userCreationDays: Math.max(0, Math.floor((this.deps.now().getTime() - Date.parse(user.created_at)) / DAY_MS)),
      lastLoginTime: user.last_login_at === null ? null : Math.floor(Date.parse(user.last_login_at) / 1000),
    };
  }

  /**
   * Each quota: the operator-set limit from users.quotas (absent = unlimited) and what is used,
   * as counted by the kind's domain (`quotaUsage`: favourites by the library domain); 0 for a
   * kind whose feature does not count yet. IP visitors: the organisation's access has no
   * per-person quota.
   */
  async userLimit(auth: AuthContext): Promise<UserLimit> {
    const limits = await this.deps.quotas.limitsOf(auth);
    const result = {} as UserLimit;
    for (const kind of QUOTA_KINDS) {
      const used = this.deps.quotaUsage?.[kind];
      result[kind] = {
        limit: limits[kind],
        used: used && auth.userId !== null ? await used(auth.userId) : 0,
      };
    }
    return result;
  }

  async functionGuide(auth: AuthContext, lang: Language): Promise<GuideItem[]> {
    const clicked = auth.userId === null ? new Set<string>() : await this.deps.guide.clickedKeys(auth.userId);
    return guideItemsFor(lang, clicked);
  }

  async saveFunctionGuide(auth: AuthContext, remindKey: string): Promise<void> {
    const user = await this.ownAccount(auth);
    await this.deps.guide.markClicked(user.id, remindKey, this.nowIso());
  }

  async getCustomConfig(auth: AuthContext): Promise<UserCustomConfig> {
    if (auth.userId === null) return DEFAULT_CUSTOM_CONFIG;
    const user = await this.ownAccount(auth);
    return this.withMessageCount(user.id, customConfigOf(user.custom_config));
  }

  /** Spec 1 §3's "message count" of the custom config is the message centre's unread count. */
  private async withMessageCount(userId: string, config: UserCustomConfig): Promise<UserCustomConfig> {
    const unread = this.deps.unreadMessages;
    return unread ? { ...config, messageCount: await unread(userId) } : config;
  }

  /** The caller's saved semantic-search weights; the default for IP visitors and unknown accounts. */
  async semanticWeights(auth: AuthContext): Promise<string> {
    const user = auth.userId ? await this.deps.accounts.findUserById(auth.userId) : undefined;
    return customConfigOf(user?.custom_config ?? '{}').semanticsSearchWeightInfo;
  }

  /**
   * Merges a partial config into the stored one and answers the whole config. Spec 1 §4: IP
   * logins do not save custom config (refused with a clear message); §5: weights cannot all be 0.
   */
  async saveCustomConfig(auth: AuthContext, patch: Partial<UserCustomConfig>): Promise<UserCustomConfig> {
    if (auth.userId === null) throw new AppError('CUSTOM_CONFIG_IP_VISITOR');
    if (
      patch.semanticsSearchWeightInfo !== undefined &&
      !SemanticWeightsSchema.safeParse(patch.semanticsSearchWeightInfo).success
    ) {
      throw new AppError('SEMANTIC_WEIGHTS_ALL_ZERO');
    }
    const stored = customConfigOf((await this.ownAccount(auth)).custom_config);
    const merged: UserCustomConfig = {
      ...stored,
      ...definedFieldsOf(patch),
      // remind flags are merged one by one, so saving one flag keeps the others
      remind: { ...stored.remind, ...(patch.remind ?? {}) },
    };
    await this.deps.accounts.setCustomConfig(auth.userId, JSON.stringify(merged));
    return this.withMessageCount(auth.userId, merged);
  }
}

function definedFieldsOf<T extends object>(patch: T): Partial<T> {
  return Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as Partial<T>;
}

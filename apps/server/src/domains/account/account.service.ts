import {
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
import type { AuthContext } from '../auth/access.plugin.js';
import type { AuditService } from '../auth/audit.service.js';
import { hashPassword } from '../auth/password.js';
import type { PasswordAttempts } from '../auth/password-attempts.js';
import type { SessionService } from '../auth/session.service.js';
import type { AccountRepository } from './account.repository.js';
import { guideItemsFor } from './function-guide.js';
import type { UserGuideRepository } from './user-guide.repository.js';

export interface AccountServiceDeps {
  accounts: AccountRepository;
  guide: UserGuideRepository;
  audit: Pick<AuditService, 'record'>;
  sessions: Pick<SessionService, 'endAllCredentialsOfUser'>;
  attempts: Pick<PasswordAttempts, 'checkCurrentPassword'>;
  now: () => Date;
  /** The user's unread messages (domains/message): the custom config's messageCount, never stored. */
  unreadMessages?: (userId: string) => Promise<number>;
}

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
  /** How much of each quota a user has used, counted by the domain that owns the kind (composition.ts). */
  private readonly usage = new Map<QuotaKind, (userId: string) => Promise<number>>();

  constructor(private readonly deps: AccountServiceDeps) {}

  /** Set once per kind by the composition root: e.g. favourites are counted by the library domain. */
  useQuotaUsage(kind: QuotaKind, used: (userId: string) => Promise<number>): void {
    this.usage.set(kind, used);
  }

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

  /** Needs the current password; the address must not belong to another account. */
  async updateEmail(auth: AuthContext, email: string, password: string, ip: string | null): Promise<{ email: string }> {
    const user = await this.ownAccount(auth);
    await this.deps.attempts.checkCurrentPassword(user, password);
    if (!(await this.deps.accounts.setEmailIfFree(user.id, email))) throw new AppError('EMAIL_TAKEN');
    const updated = await this.deps.accounts.findUserById(user.id);
    const newEmail = updated?.email ?? email;
    await this.deps.audit.record({
      action: 'user_update',
      actorId: user.id,
      actorEmail: newEmail,
      targetId: user.id,
      ip,
      detail: { field: 'email', from: user.email, to: newEmail },
    });
    return { email: newEmail };
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
   * as counted by the kind's domain (useQuotaUsage: favourites by the library domain); 0 for a
   * kind whose feature does not count yet. IP visitors: the organisation's access has no
   * per-person quota.
   */
  async userLimit(auth: AuthContext): Promise<UserLimit> {
    let limits: Record<string, unknown> = {};
    if (auth.userId !== null) {
      const user = await this.ownAccount(auth);
      try {
        limits = JSON.parse(user.quotas) as Record<string, unknown>;
      } catch {
        limits = {};
      }
    }
    const result = {} as UserLimit;
    for (const kind of QUOTA_KINDS) {
      const limit = limits[kind];
      const used = this.usage.get(kind);
      result[kind] = {
        limit: typeof limit === 'number' && Number.isInteger(limit) ? limit : null,
        used: used && auth.userId !== null ? await used(auth.userId) : 0,
      };
    }
    return result;
  }

  /**
   * A user's operator-set limit of one quota kind (null: unlimited or no such user): what a
   * collaborative library's member is held to when adding to the owner's library (issue 41).
   */
  async quotaLimitOf(userId: string, kind: QuotaKind): Promise<number | null> {
    const user = await this.deps.accounts.findUserById(userId);
    if (!user) return null;
    let limits: Record<string, unknown>;
    try {
      limits = JSON.parse(user.quotas) as Record<string, unknown>;
    } catch {
      return null;
    }
    const limit = limits[kind];
    return typeof limit === 'number' && Number.isInteger(limit) ? limit : null;
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

import {
  CAPTCHA_ID_LENGTH,
  CAPTCHA_LENGTH,
  CAPTCHA_TTL_SECONDS,
  decryptPassword,
  type CaptchaResponse,
  type Tenant,
  type TokenResponse,
} from '@patlas/contracts';
import { AppError } from '../../errors.js';
import type { AuditRepository } from './audit.repository.js';
import type { CaptchaRepository } from './captcha.repository.js';
import type { CaptchaStyle } from '../../config.js';
import { drawCaptcha } from './captcha-image.js';
import { longestMatchingPrefix } from './ip-ranges.js';
import type { PasswordAttempts } from './password-attempts.js';
import { decoyPasswordHash, verifyPassword } from './password.js';
import type { RoleRepository } from './role.repository.js';
import type { IssuedTokens, SessionService } from './session.service.js';
import type { TenantRepository } from './tenant.repository.js';
import { randomLetters } from './tokens.js';
import { type Clock } from '../../kernel/clock.js';
import { normaliseEmail, type UserRepository } from './user.repository.js';

export interface LoginServiceDeps {
  captchas: CaptchaRepository;
  attempts: PasswordAttempts;
  users: UserRepository;
  roles: RoleRepository;
  tenants: TenantRepository;
  sessions: SessionService;
  audit: AuditRepository;
  /** How captchas are drawn (CAPTCHA_STYLE; issue 41: 'distorted' for a captcha scripts cannot read). */
  captchaStyle?: CaptchaStyle;
  now: Clock;
}

export interface PasswordLogin {
  email: string;
  /** encryptPassword(plain, uuid) from contracts/auth-crypto.ts */
  password: string;
  verify_code: string;
  uuid: string;
  crowd_out: boolean;
}

/** Characters that are easy to confuse in the captcha image are left out. */
const CAPTCHA_IGNORE_CHARS = '0oO1iIlL';

/**
 * Captcha, password login (lockout, crowd-out) and IP login (spec 1 §4, §8).
 * Decision: a user whose roles give an empty menu still logs in; the web app shows
 * 未配置角色权限，无法访问 and logs out, as the spec describes (docs/accounts.md).
 */
export class LoginService {
  constructor(private readonly deps: LoginServiceDeps) {}

  private nowMs(): number {
    return this.deps.now().getTime();
  }

  async createCaptcha(): Promise<CaptchaResponse> {
    const nowMs = this.nowMs();
    await this.deps.captchas.deleteExpired(new Date(nowMs).toISOString());
    const captcha = await drawCaptcha(this.deps.captchaStyle ?? 'svg', CAPTCHA_LENGTH, CAPTCHA_IGNORE_CHARS);
    const uuid = randomLetters(CAPTCHA_ID_LENGTH);
    await this.deps.captchas.insert({
      uuid,
      answer: captcha.text,
      expires_at: new Date(nowMs + CAPTCHA_TTL_SECONDS * 1000).toISOString(),
      is_retry: 0,
    });
    return { uuid, image: captcha.image, expiresIn: CAPTCHA_TTL_SECONDS };
  }

  /** Test hook only (registered in test mode): the text of a live captcha. */
  async captchaAnswer(uuid: string): Promise<string | undefined> {
    return (await this.deps.captchas.find(uuid))?.answer;
  }

  /** Checks and consumes the captcha: a captcha is good for one login attempt, right or wrong. */
  private async useCaptcha(uuid: string, code: string): Promise<{ answer: string; isRetry: boolean }> {
    const captcha = await this.deps.captchas.find(uuid);
    if (!captcha) throw new AppError('CAPTCHA_EXPIRED');
    if (captcha.expires_at <= new Date(this.nowMs()).toISOString()) {
      await this.deps.captchas.consume(uuid);
      throw new AppError('CAPTCHA_EXPIRED');
    }
    const isRight = captcha.answer.toLowerCase() === code.trim().toLowerCase();
    const consumed = await this.deps.captchas.consume(uuid);
    if (!isRight) throw new AppError('CAPTCHA_WRONG');
    // Another request used it a moment earlier.
    if (!consumed) throw new AppError('CAPTCHA_EXPIRED');
    return { answer: captcha.answer, isRetry: captcha.is_retry === 1 };
  }

  async loginWithPassword(input: PasswordLogin, ip: string | null): Promise<TokenResponse> {
    const { answer, isRetry } = await this.useCaptcha(input.uuid, input.verify_code);
    const email = normaliseEmail(input.email);
    let plain: string | undefined;
    try {
      plain = decryptPassword(input.password, input.uuid);
    } catch {
      plain = undefined; // tampered or not encrypted with this captcha: a wrong password
    }
    const user = await this.deps.users.findByEmail(email);
    // The lock test and the count of this attempt are one atomic step before the slow verification
    // (issue 16 §2: it was check-then-verify-then-record, so a parallel burst was verified in full).
    const check = await this.deps.attempts.check(email, async () =>
      plain !== undefined && user?.password_hash
        ? verifyPassword(user.password_hash, plain)
        : // same work for an unknown e-mail, so timing does not tell which e-mails exist
          (await verifyPassword(await decoyPasswordHash(), plain ?? ''), false),
    );
    if (check.kind === 'locked') throw new AppError('LOGIN_LOCKED', { minutes: check.minutes });
    if (check.kind === 'wrong' || !user) {
      await this.deps.audit.record({
        action: 'login_failed',
        actorId: user?.id ?? null,
        actorEmail: email,
        ip,
        detail: { reason: user ? 'password' : 'unknown_email' },
      });
      if (check.kind === 'wrong' && check.lockedMinutes !== undefined) {
        await this.deps.audit.record({ action: 'login_locked', actorId: user?.id ?? null, actorEmail: email, ip });
        throw new AppError('LOGIN_LOCKED', { minutes: check.lockedMinutes });
      }
      throw new AppError('LOGIN_FAILED');
    }
    if (user.disabled === 1) {
      await this.deps.audit.record({
        action: 'login_failed',
        actorId: user.id,
        actorEmail: email,
        ip,
        detail: { reason: 'disabled' },
      });
      throw new AppError('ACCOUNT_DISABLED');
    }
    // Issue 43: registered while registration needs an operator's approval, not yet approved.
    if (user.awaiting_approval === 1) {
      await this.deps.audit.record({
        action: 'login_failed',
        actorId: user.id,
        actorEmail: email,
        ip,
        detail: { reason: 'awaiting_approval' },
      });
      throw new AppError('ACCOUNT_AWAITING_APPROVAL');
    }
    // Issue 41: the demo account with the published password, on a server reachable from elsewhere.
    if (this.deps.sessions.isBlocked(user.id)) {
      await this.deps.audit.record({
        action: 'login_failed',
        actorId: user.id,
        actorEmail: email,
        ip,
        detail: { reason: 'demo_blocked' },
      });
      throw new AppError('DEMO_ACCOUNT_DISABLED');
    }

    const tokens = await this.deps.sessions.openPasswordSession({
      userId: user.id,
      tenantId: user.tenant_id,
      ip,
      crowdOut: input.crowd_out,
    });
    if (!tokens) {
      // Spec 1 §4: ask, then repeat with crowd_out true. The captcha stays good for that one retry.
      if (!isRetry) {
        await this.deps.captchas.insert({
          uuid: input.uuid,
          answer,
          expires_at: new Date(this.nowMs() + CAPTCHA_TTL_SECONDS * 1000).toISOString(),
          is_retry: 1,
        });
      }
      throw new AppError('LOGGED_IN_ELSEWHERE');
    }
    if (tokens.ended > 0) {
      await this.deps.audit.record({
        action: 'crowd_out',
        actorId: user.id,
        actorEmail: user.email,
        targetId: user.id,
        ip,
        detail: { sessionsEnded: tokens.ended },
      });
    }
    await this.deps.users.update(user.id, { lastLoginAt: new Date(this.nowMs()).toISOString() });
    await this.deps.audit.record({
      action: 'login',
      actorId: user.id,
      actorEmail: user.email,
      ip,
      detail: { loginType: 'password' },
    });
    const tenant = await this.deps.tenants.findById(user.tenant_id);
    return tokenResponseOf(tokens, {
      tenantCode: tenant?.code ?? '',
      canOperation: user.can_operation === 1,
      loginType: 'password',
    });
  }

  /** The tenant whose IP ranges contain the address (the most specific range wins). */
  async tenantForIp(ip: string): Promise<Tenant | undefined> {
    let best: { tenant: Tenant; prefix: number } | undefined;
    for (const tenant of await this.deps.tenants.listWithIpRanges()) {
      const prefix = longestMatchingPrefix(ip, tenant.ipRanges);
      if (prefix >= 0 && (!best || prefix > best.prefix)) best = { tenant, prefix };
    }
    return best?.tenant;
  }

  async loginWithIp(ip: string): Promise<TokenResponse> {
    const tenant = await this.tenantForIp(ip);
    if (!tenant) throw new AppError('IP_NOT_ALLOWED');
    const permissions = await this.deps.roles.permissionsOfRoles(tenant.ipRoleIds);
    if (permissions.length === 0) throw new AppError('IP_NO_ROLE');
    // Count-then-insert is not atomic: a burst may pass the cap by a few sessions, which is acceptable for a soft cap.
    if (tenant.onlineCap !== null && (await this.deps.sessions.countLiveIpSessions(tenant.id)) >= tenant.onlineCap) {
      throw new AppError('IP_ONLINE_LIMIT');
    }
    const tokens = await this.deps.sessions.open({ userId: null, tenantId: tenant.id, loginType: 'ip', ip });
    await this.deps.audit.record({ action: 'ip_login', targetId: tenant.id, ip, detail: { tenantCode: tenant.code } });
    return tokenResponseOf(tokens, { tenantCode: tenant.code, canOperation: false, loginType: 'ip' });
  }

  /** Rotates the tokens of a refresh token (audited); the old refresh token stops working. */
  async refresh(refreshToken: string, ip: string | null): Promise<TokenResponse> {
    const rotated = await this.deps.sessions.refresh(refreshToken, ip);
    const tenant = await this.deps.tenants.findById(rotated.tenantId);
    const user = rotated.userId ? await this.deps.users.findById(rotated.userId) : undefined;
    await this.deps.audit.record({
      action: 'token_refresh',
      actorId: rotated.userId,
      actorEmail: user?.email ?? null,
      ip,
      detail: { sessionId: rotated.sessionId },
    });
    return tokenResponseOf(rotated, {
      tenantCode: tenant?.code ?? '',
      canOperation: user ? user.can_operation === 1 : false,
      loginType: rotated.loginType,
    });
  }

  /**
   * Ends the session of an access token (expired or not), or else of the refresh cookie, and audits
   * it; nothing when there is neither.
   */
  async logout(accessToken: string | undefined, ip: string | null, refreshToken?: string): Promise<void> {
    const ended = accessToken
      ? await this.deps.sessions.endByAccessToken(accessToken)
      : refreshToken
        ? await this.deps.sessions.endByRefreshToken(refreshToken)
        : undefined;
    if (!ended) return;
    const user = ended.userId ? await this.deps.users.findById(ended.userId) : undefined;
    await this.deps.audit.record({
      action: 'logout',
      actorId: ended.userId,
      actorEmail: user?.email ?? null,
      ip,
      detail: { sessionId: ended.sessionId },
    });
  }
}

export function tokenResponseOf(
  tokens: IssuedTokens,
  who: { tenantCode: string; canOperation: boolean; loginType: TokenResponse['loginType'] },
): TokenResponse {
  return {
    access_token: tokens.accessToken,
    token_type: 'bearer',
    refresh_token: tokens.refreshToken,
    expires_in: tokens.expiresIn,
    tenantCode: who.tenantCode,
    canOperation: who.canOperation,
    loginType: who.loginType,
  };
}

import { randomUUID } from 'node:crypto';
import {
  API_TOKEN_DEFAULT_DAYS,
  API_TOKEN_FRESH_LOGIN_SECONDS,
  API_TOKEN_MAX_DAYS,
  type ApiToken,
} from '@patlas/contracts';
import { AppError } from '../../errors.js';
import type { AccountAuthContext } from '../../kernel/access.plugin.js';
import type { AuditRepository } from './audit.repository.js';
import { apiTokenOf, type ApiTokenRepository } from './api-token.repository.js';
import type { PasswordAttempts } from './password-attempts.js';
import type { SessionRepository } from './session.repository.js';
import { API_TOKEN_PREFIX, hashToken, newSecret } from './tokens.js';
import { type Clock } from '../../kernel/clock.js';
import type { UserRepository } from './user.repository.js';

export interface ApiTokenServiceDeps {
  tokens: ApiTokenRepository;
  audit: AuditRepository;
  users: UserRepository;
  sessions: SessionRepository;
  attempts: Pick<PasswordAttempts, 'checkCurrentPassword'>;
  now: Clock;
}

/** How many characters of a token are kept in clear, so its owner can recognise it in the list. */
const VISIBLE_PREFIX_LENGTH = API_TOKEN_PREFIX.length + 6;

/** Personal API tokens: `Authorization: Bearer pat_…` for scripts; the secret is shown once. */
export class ApiTokenService {
  private readonly tokens: ApiTokenRepository;
  private readonly audit: AuditRepository;
  private readonly now: Clock;

  constructor(private readonly deps: ApiTokenServiceDeps) {
    this.tokens = deps.tokens;
    this.audit = deps.audit;
    this.now = deps.now;
  }

  /** The user's live tokens (neither revoked nor expired). */
  list(userId: string): Promise<ApiToken[]> {
    return this.tokens.listActive(userId, this.now().toISOString());
  }

  /**
   * A token for the caller (POST /platform/user/token): needs the current password, or a password
   * login of the last API_TOKEN_FRESH_LOGIN_SECONDS (issue 16 §2: a stolen session, or another API
   * token, could mint tokens that outlive it).
   */
  async createForCaller(
    auth: AccountAuthContext,
    input: { name: string; password?: string | undefined; expiresInDays?: number | undefined },
    ip: string | null,
  ): Promise<ApiToken & { token: string }> {
    if (input.password !== undefined) {
      const user = await this.deps.users.findById(auth.userId);
      if (!user) throw new AppError('UNAUTHORIZED');
      await this.deps.attempts.checkCurrentPassword(user, input.password);
    } else if (!(await this.isFreshPasswordLogin(auth))) {
      throw new AppError('API_TOKEN_PASSWORD_REQUIRED');
    }
    return this.create(auth, input.name, ip, input.expiresInDays);
  }

  private async isFreshPasswordLogin(auth: AccountAuthContext): Promise<boolean> {
    if (auth.loginType !== 'password' || auth.sessionId === null) return false;
    const session = await this.deps.sessions.findById(auth.sessionId);
    if (!session) return false;
    return this.now().getTime() - Date.parse(session.created_at) <= API_TOKEN_FRESH_LOGIN_SECONDS * 1000;
  }

  /**
   * A token for an account, unchecked: the caller has proven who they are (the server CLI,
   * createForCaller). It lives `expiresInDays` (1 to API_TOKEN_MAX_DAYS, default API_TOKEN_DEFAULT_DAYS).
   */
  async create(
    owner: { userId: string; email: string },
    name: string,
    ip: string | null,
    expiresInDays: number = API_TOKEN_DEFAULT_DAYS,
  ): Promise<ApiToken & { token: string }> {
    if (!Number.isInteger(expiresInDays) || expiresInDays < 1 || expiresInDays > API_TOKEN_MAX_DAYS) {
      throw new AppError('VALIDATION_FAILED', { field: 'expiresInDays', reason: `1..${API_TOKEN_MAX_DAYS}` });
    }
    const token = `${API_TOKEN_PREFIX}${newSecret()}`;
    const nowMs = this.now().getTime();
    const row = {
      id: randomUUID(),
      user_id: owner.userId,
      name,
      token_hash: hashToken(token),
      prefix: token.slice(0, VISIBLE_PREFIX_LENGTH),
      created_at: new Date(nowMs).toISOString(),
      last_used_at: null,
      revoked_at: null,
      expires_at: new Date(nowMs + expiresInDays * 86_400_000).toISOString(),
    };
    await this.tokens.insert(row);
    await this.audit.record({
      action: 'api_token_create',
      actorId: owner.userId,
      actorEmail: owner.email,
      targetId: row.id,
      ip,
      detail: { name, prefix: row.prefix, expiresAt: row.expires_at },
    });
    return { ...apiTokenOf(row), token };
  }

  async revoke(owner: { userId: string; email: string }, id: string, ip: string | null): Promise<void> {
    const isRevoked = await this.tokens.revoke(owner.userId, id, this.now().toISOString());
    if (!isRevoked) throw new AppError('NOT_FOUND');
    await this.audit.record({
      action: 'api_token_revoke',
      actorId: owner.userId,
      actorEmail: owner.email,
      targetId: id,
      ip,
    });
  }
}

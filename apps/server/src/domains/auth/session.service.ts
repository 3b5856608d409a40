import { randomUUID } from 'node:crypto';
import {
  IP_SESSION_IDLE_SECONDS,
  REFRESH_RACE_GRACE_SECONDS,
  SOCKET_TICKET_TTL_SECONDS,
  type LoginType,
} from '@patlas/contracts';
import { AppError } from '../../errors.js';
import type { AccountAuthContext, AuthContext } from '../../kernel/access.plugin.js';
import type { ApiTokenRepository } from './api-token.repository.js';
import type { AuditRepository } from './audit.repository.js';
import type { RoleRepository } from './role.repository.js';
import type { SessionRow } from '../../db/schema.js';
import type { SessionEndReason, SessionRepository } from './session.repository.js';
import type { SocketTicketRepository } from './socket-ticket.repository.js';
import type { TenantRepository } from './tenant.repository.js';
import { API_TOKEN_PREFIX, hashToken, newSecret } from './tokens.js';
import { type Clock } from '../../kernel/clock.js';
import type { UserRepository } from './user.repository.js';

export interface IssuedTokens {
  sessionId: string;
  accessToken: string;
  refreshToken: string;
  /** seconds */
  expiresIn: number;
}

export interface SessionServiceDeps {
  sessions: SessionRepository;
  users: UserRepository;
  roles: RoleRepository;
  tenants: TenantRepository;
  apiTokens: ApiTokenRepository;
  socketTickets: SocketTicketRepository;
  audit: AuditRepository;
  accessTtlSeconds: number;
  now: Clock;
}

/** An API token's or a session's last-used time is written at most this often (one write per minute, not per request). */
const TOKEN_TOUCH_INTERVAL_MS = 60_000;

/**
 * Sessions: issuing, resolving, refreshing (rotation) and ending them, and resolving personal API
 * tokens. Permissions are read from the roles at every request, so a role change applies at once.
 */
export class SessionService {
  /** Accounts refused for this process's life whatever their sessions and tokens (blockAccount). */
  private readonly blocked = new Set<string>();

  constructor(private readonly deps: SessionServiceDeps) {}

  /**
   * Refuses an account's logins, sessions, refreshes, API tokens and websocket tickets while this
   * process runs (issue 41: the demo account with its published password on a server listening
   * beyond loopback). The account row is not touched: a start on loopback allows it again.
   */
  blockAccount(userId: string): void {
    this.blocked.add(userId);
  }

  isBlocked(userId: string): boolean {
    return this.blocked.has(userId);
  }

  /** An account its credentials may act for: it exists, is not disabled and not blocked. */
  private isUsable(user: { id: string; disabled: number } | undefined): user is NonNullable<typeof user> {
    return user !== undefined && user.disabled !== 1 && !this.blocked.has(user.id);
  }

  private nowIso(): string {
    return this.deps.now().toISOString();
  }

  private expiries(): { accessExpiresAt: string; refreshExpiresAt: string } {
    const now = this.deps.now().getTime();
    const ttlMs = this.deps.accessTtlSeconds * 1000;
    // Spec 1 §4: "A refresh token lives twice as long as the token."
    return {
      accessExpiresAt: new Date(now + ttlMs).toISOString(),
      refreshExpiresAt: new Date(now + 2 * ttlMs).toISOString(),
    };
  }

  async open(input: {
    userId: string | null;
    tenantId: string;
    loginType: LoginType;
    ip: string | null;
  }): Promise<IssuedTokens> {
    const { row, tokens } = this.newSession(input);
    await this.deps.sessions.insert(row);
    return tokens;
  }

  /**
   * A password login's session, atomically with the "signed in elsewhere" test (spec 1 §4): without
   * `crowdOut` a live password session of the user refuses it (undefined); with it, the user's
   * other sessions end first (`ended`). Concurrent logins of one user leave one session standing.
   */
  async openPasswordSession(input: {
    userId: string;
    tenantId: string;
    ip: string | null;
    crowdOut: boolean;
  }): Promise<(IssuedTokens & { ended: number }) | undefined> {
    const { row, tokens } = this.newSession({ ...input, loginType: 'password' });
    const result = await this.deps.sessions.openPasswordSession({ ...row, user_id: input.userId }, input.crowdOut);
    return result.opened ? { ...tokens, ended: result.ended } : undefined;
  }

  private newSession(input: { userId: string | null; tenantId: string; loginType: LoginType; ip: string | null }): {
    row: SessionRow;
    tokens: IssuedTokens;
  } {
    const accessToken = newSecret();
    const refreshToken = newSecret();
    const id = randomUUID();
    const { accessExpiresAt, refreshExpiresAt } = this.expiries();
    const row: SessionRow = {
      id,
      user_id: input.userId,
      tenant_id: input.tenantId,
      login_type: input.loginType,
      access_hash: hashToken(accessToken),
      refresh_hash: hashToken(refreshToken),
      access_expires_at: accessExpiresAt,
      refresh_expires_at: refreshExpiresAt,
      previous_access_hash: null,
      previous_access_expires_at: null,
      ip: input.ip,
      created_at: this.nowIso(),
      ended_at: null,
      end_reason: null,
      last_seen_at: this.nowIso(),
    };
    return { row, tokens: { sessionId: id, accessToken, refreshToken, expiresIn: this.deps.accessTtlSeconds } };
  }

  /**
   * Rotation: a new access and refresh token; the old refresh token stops working at once, the old
   * access token keeps working until its own expiry (a client's requests already in flight).
   */
  async refresh(
    refreshToken: string,
    ip: string | null = null,
  ): Promise<IssuedTokens & { userId: string | null; tenantId: string; loginType: LoginType }> {
    const oldHash = hashToken(refreshToken);
    const session = await this.deps.sessions.findByRefreshHash(oldHash);
    if (!session) return this.refuseUsedRefreshToken(oldHash, ip);
    if (session.ended_at !== null) {
      throw new AppError(session.end_reason === 'crowded_out' ? 'SESSION_CROWDED_OUT' : 'REFRESH_TOKEN_INVALID');
    }
    if (session.refresh_expires_at <= this.nowIso()) throw new AppError('REFRESH_TOKEN_INVALID');
    if (session.user_id) {
      const user = await this.deps.users.findById(session.user_id);
      if (!this.isUsable(user)) throw new AppError('REFRESH_TOKEN_INVALID');
    } else {
      // A refresh must not carry an idle IP session past a full online cap.
      const tenant = await this.deps.tenants.findById(session.tenant_id);
      if (!tenant) throw new AppError('REFRESH_TOKEN_INVALID');
      await this.reclaimIpSeat(session, tenant.online_cap, this.nowIso());
    }
    const accessToken = newSecret();
    const nextRefresh = newSecret();
    const { accessExpiresAt, refreshExpiresAt } = this.expiries();
    const rotated = await this.deps.sessions.rotate(
      session.id,
      oldHash,
      {
        accessHash: hashToken(accessToken),
        refreshHash: hashToken(nextRefresh),
        accessExpiresAt,
        refreshExpiresAt,
      },
      this.nowIso(),
    );
    // Lost a race with another refresh of the same token: that one holds the new tokens.
    if (!rotated) throw new AppError('REFRESH_RACE_LOST');
    return {
      sessionId: session.id,
      accessToken,
      refreshToken: nextRefresh,
      expiresIn: this.deps.accessTtlSeconds,
      userId: session.user_id,
      tenantId: session.tenant_id,
      loginType: session.login_type as LoginType,
    };
  }

  /**
   * A refresh token no session holds. One the session rotated away moments ago is a lost race (two
   * tabs): REFRESH_RACE_LOST, nothing ends. Later it is a copy in other hands (issue 16 §2: a used
   * token was simply refused, and the thief's session went on): the whole session ends.
   */
  private async refuseUsedRefreshToken(hash: string, ip: string | null): Promise<never> {
    const used = await this.deps.sessions.findRotatedRefresh(hash);
    if (!used) throw new AppError('REFRESH_TOKEN_INVALID');
    const session = await this.deps.sessions.findById(used.session_id);
    if (!session || session.ended_at !== null) throw new AppError('REFRESH_TOKEN_INVALID');
    const now = this.deps.now();
    if (now.getTime() - Date.parse(used.rotated_at) <= REFRESH_RACE_GRACE_SECONDS * 1000) {
      throw new AppError('REFRESH_RACE_LOST');
    }
    await this.deps.sessions.end(session.id, 'refresh_reused', now.toISOString());
    await this.deps.audit.record({
      action: 'refresh_token_reuse',
      actorId: session.user_id,
      targetId: session.id,
      ip,
      detail: { sessionId: session.id, rotatedAt: used.rotated_at },
    });
    throw new AppError('REFRESH_TOKEN_INVALID');
  }

  /** Notes the session's request, at most once a minute. */
  private async touchSession(session: SessionRow, now: string): Promise<void> {
    const lastSeen = session.last_seen_at ? Date.parse(session.last_seen_at) : 0;
    if (Date.parse(now) - lastSeen >= TOKEN_TOUCH_INTERVAL_MS) await this.deps.sessions.touch(session.id, now);
  }

  private seenSince(now: string): string {
    return new Date(Date.parse(now) - IP_SESSION_IDLE_SECONDS * 1000).toISOString();
  }

  /**
   * An idle IP session gave up its seat of the tenant's online cap; coming back (a request or a
   * refresh) it takes one again only if one is free, otherwise it ends with IP_ONLINE_LIMIT.
   */
  private async reclaimIpSeat(session: SessionRow, onlineCap: number | null, now: string): Promise<void> {
    if (session.user_id !== null || onlineCap === null) return;
    const seenSince = this.seenSince(now);
    if ((session.last_seen_at ?? session.created_at) > seenSince) return;
    const others = await this.deps.sessions.countLive(
      { tenantId: session.tenant_id, loginType: 'ip', exceptId: session.id, seenSince },
      now,
    );
    if (others >= onlineCap) {
      await this.deps.sessions.end(session.id, 'idle', now);
      throw new AppError('IP_ONLINE_LIMIT');
    }
  }

  /** Bearer token → who is calling. Throws the 401 codes of spec 1 §8. */
  async authenticate(token: string): Promise<AuthContext> {
    const now = this.nowIso();
    if (token.startsWith(API_TOKEN_PREFIX)) return this.authenticateApiToken(token, now);
    const found = await this.deps.sessions.findByAccessHash(hashToken(token));
    if (!found) throw new AppError('UNAUTHORIZED');
    const { session, isPrevious } = found;
    if (session.ended_at !== null) {
      throw new AppError(session.end_reason === 'crowded_out' ? 'SESSION_CROWDED_OUT' : 'UNAUTHORIZED');
    }
    const expiresAt = isPrevious ? session.previous_access_expires_at : session.access_expires_at;
    if (!expiresAt || expiresAt <= now) throw new AppError('TOKEN_EXPIRED');

    if (session.user_id === null) {
      const tenant = await this.deps.tenants.findById(session.tenant_id);
      if (!tenant) throw new AppError('UNAUTHORIZED');
      await this.reclaimIpSeat(session, tenant.online_cap, now);
      await this.touchSession(session, now);
      const roleIds = JSON.parse(tenant.ip_role_ids) as string[];
      return {
        userId: null,
        tenantId: session.tenant_id,
        email: null,
        loginType: 'ip',
        permissions: await this.deps.roles.permissionsOfRoles(roleIds),
        sessionId: session.id,
        apiTokenId: null,
      };
    }
    const user = await this.deps.users.findById(session.user_id);
    if (!this.isUsable(user)) throw new AppError('UNAUTHORIZED');
    await this.touchSession(session, now);
    return {
      userId: user.id,
      tenantId: user.tenant_id,
      email: user.email,
      loginType: session.login_type as LoginType,
      permissions: await this.deps.roles.permissionsOfUser(user.id),
      sessionId: session.id,
      apiTokenId: null,
    };
  }

  private async authenticateApiToken(token: string, now: string): Promise<AuthContext> {
    const row = await this.deps.apiTokens.findActiveByHash(hashToken(token));
    if (!row) throw new AppError('UNAUTHORIZED');
    // Fail closed: a row without an expiry (never written so) does not work either.
    if (!(row.expires_at > now)) throw new AppError('API_TOKEN_EXPIRED');
    const user = await this.deps.users.findById(row.user_id);
    if (!this.isUsable(user)) throw new AppError('UNAUTHORIZED');
    const lastUsed = row.last_used_at ? Date.parse(row.last_used_at) : 0;
    if (Date.parse(now) - lastUsed >= TOKEN_TOUCH_INTERVAL_MS) await this.deps.apiTokens.touch(row.id, now);
    return {
      userId: user.id,
      tenantId: user.tenant_id,
      email: user.email,
      loginType: 'apiToken',
      permissions: await this.deps.roles.permissionsOfUser(user.id),
      sessionId: null,
      apiTokenId: row.id,
    };
  }

  /**
   * A ticket that opens a websocket (issue 41: the access token travelled in the socket's URL, where
   * proxies and access logs keep it): single use, SOCKET_TICKET_TTL_SECONDS, bound to the caller's
   * account and to the session or API token that asked for it.
   */
  async issueSocketTicket(auth: AccountAuthContext): Promise<{ ticket: string; expiresIn: number }> {
    const ticket = newSecret();
    const nowMs = this.deps.now().getTime();
    await this.deps.socketTickets.insert({
      ticket_hash: hashToken(ticket),
      user_id: auth.userId,
      login_type: auth.loginType,
      session_id: auth.sessionId,
      api_token_id: auth.apiTokenId,
      expires_at: new Date(nowMs + SOCKET_TICKET_TTL_SECONDS * 1000).toISOString(),
      created_at: new Date(nowMs).toISOString(),
    });
    return { ticket, expiresIn: SOCKET_TICKET_TTL_SECONDS };
  }

  /**
   * The caller of a websocket ticket, which is used up: its account as now (roles read again), if
   * the ticket has not expired and the account, and the session or API token that asked for it,
   * still stand. UNAUTHORIZED otherwise.
   */
  async redeemSocketTicket(ticket: string): Promise<AuthContext> {
    const now = this.nowIso();
    const row = await this.deps.socketTickets.take(hashToken(ticket));
    if (!row || row.expires_at <= now) throw new AppError('UNAUTHORIZED');
    const user = await this.deps.users.findById(row.user_id);
    if (!this.isUsable(user)) throw new AppError('UNAUTHORIZED');
    const live = await this.liveCredentials({
      sessionIds: row.session_id ? [row.session_id] : [],
      apiTokenIds: row.api_token_id ? [row.api_token_id] : [],
    });
    const isLive = row.session_id ? live.sessions.has(row.session_id) : live.apiTokens.has(row.api_token_id ?? '');
    if (!isLive) throw new AppError('UNAUTHORIZED');
    return {
      userId: user.id,
      tenantId: user.tenant_id,
      email: user.email,
      loginType: row.login_type as LoginType,
      permissions: await this.deps.roles.permissionsOfUser(user.id),
      sessionId: row.session_id,
      apiTokenId: row.api_token_id,
    };
  }

  /**
   * Which of these credentials still stand, read at once: sessions not ended (logout, crowding
   * out, password change, disabled account) whose refresh token has not expired, and API tokens
   * not revoked. A long-lived connection (the progress websocket) checks its caller with it.
   */
  async liveCredentials(ids: {
    sessionIds: readonly string[];
    apiTokenIds: readonly string[];
  }): Promise<{ sessions: Set<string>; apiTokens: Set<string> }> {
    return {
      sessions: await this.deps.sessions.liveIds(ids.sessionIds, this.nowIso()),
      apiTokens: await this.deps.apiTokens.activeIds(ids.apiTokenIds, this.nowIso()),
    };
  }

  /**
   * Logout by bearer token: ends the session even when its access token has expired (the client
   * still holds it). Answers the ended session's user and id, or undefined when nothing matched.
   */
  async endByAccessToken(token: string): Promise<{ sessionId: string; userId: string | null } | undefined> {
    if (token.startsWith(API_TOKEN_PREFIX)) return undefined;
    const found = await this.deps.sessions.findByAccessHash(hashToken(token));
    if (!found || found.session.ended_at !== null) return undefined;
    await this.deps.sessions.end(found.session.id, 'logout', this.nowIso());
    return { sessionId: found.session.id, userId: found.session.user_id };
  }

  /** Ends the session a refresh token belongs to (a logout whose access token the page already dropped). */
  async endByRefreshToken(token: string): Promise<{ sessionId: string; userId: string | null } | undefined> {
    const session = await this.deps.sessions.findByRefreshHash(hashToken(token));
    if (!session || session.ended_at !== null) return undefined;
    await this.deps.sessions.end(session.id, 'logout', this.nowIso());
    return { sessionId: session.id, userId: session.user_id };
  }

  endAllOfUser(userId: string, reason: SessionEndReason, exceptSessionId?: string): Promise<number> {
    return this.deps.sessions.endAllOfUser(userId, reason, this.nowIso(), exceptSessionId);
  }

  /**
   * A password changed or was reset: every session but `exceptSessionId` ends and every personal API
   * token is revoked (issue 16 §2: `pat_…` tokens used to survive a change, reset and operator reset).
   */
  async endAllCredentialsOfUser(
    userId: string,
    reason: 'password_changed' | 'password_reset',
    exceptSessionId?: string,
  ): Promise<{ sessions: number; apiTokens: number }> {
    const now = this.nowIso();
    const sessions = await this.deps.sessions.endAllOfUser(userId, reason, now, exceptSessionId);
    const apiTokens = await this.deps.apiTokens.revokeAllOfUser(userId, now);
    return { sessions, apiTokens };
  }

  /** Revokes every personal API token of the user (the account's e-mail changed, issue 41); answers how many. */
  revokeApiTokensOfUser(userId: string): Promise<number> {
    return this.deps.apiTokens.revokeAllOfUser(userId, this.nowIso());
  }

  /** True when the user has a live password session other than `exceptSessionId` (GET /oauth/check/user). */
  async hasOtherLivePasswordSession(userId: string, exceptSessionId: string | null): Promise<boolean> {
    return (
      (await this.deps.sessions.countLive(
        { userId, loginType: 'password', ...(exceptSessionId ? { exceptId: exceptSessionId } : {}) },
        this.nowIso(),
      )) > 0
    );
  }

  /**
   * The seats of a tenant's online cap in use: live IP sessions that made a request within
   * IP_SESSION_IDLE_SECONDS (issue 16 §2: every session counted until its refresh token expired,
   * so repeated IP logins held the cap for two token lifetimes).
   */
  countLiveIpSessions(tenantId: string): Promise<number> {
    const now = this.nowIso();
    return this.deps.sessions.countLive({ tenantId, loginType: 'ip', seenSince: this.seenSince(now) }, now);
  }
}

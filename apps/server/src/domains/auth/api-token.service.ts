import { randomUUID } from 'node:crypto';
import type { ApiToken } from '@patlas/contracts';
import { AppError } from '../../errors.js';
import type { AuditRepository } from './audit.repository.js';
import { apiTokenOf, type ApiTokenRepository } from './api-token.repository.js';
import { API_TOKEN_PREFIX, hashToken, newSecret, type Clock } from './tokens.js';

/** How many characters of a token are kept in clear, so its owner can recognise it in the list. */
const VISIBLE_PREFIX_LENGTH = API_TOKEN_PREFIX.length + 6;

/** Personal API tokens: `Authorization: Bearer pat_…` for scripts; the secret is shown once. */
export class ApiTokenService {
  constructor(
    private readonly tokens: ApiTokenRepository,
    private readonly audit: AuditRepository,
    private readonly now: Clock,
  ) {}

  list(userId: string): Promise<ApiToken[]> {
    return this.tokens.listActive(userId);
  }

  async create(
    owner: { userId: string; email: string },
    name: string,
    ip: string | null,
  ): Promise<ApiToken & { token: string }> {
    const token = `${API_TOKEN_PREFIX}${newSecret()}`;
    const row = {
      id: randomUUID(),
      user_id: owner.userId,
      name,
      token_hash: hashToken(token),
      prefix: token.slice(0, VISIBLE_PREFIX_LENGTH),
      created_at: this.now().toISOString(),
      last_used_at: null,
      revoked_at: null,
    };
    await this.tokens.insert(row);
    await this.audit.record({
      action: 'api_token_create',
      actorId: owner.userId,
      actorEmail: owner.email,
      targetId: row.id,
      ip,
      detail: { name, prefix: row.prefix },
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

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { ApiTokenRepository } from './api-token.repository.js';
import { ApiTokenService } from './api-token.service.js';
import { AuditRepository } from './audit.repository.js';
import { CaptchaRepository } from './captcha.repository.js';
import { LoginFailureRepository } from './login-failure.repository.js';
import { LoginService } from './login.service.js';
import { RoleRepository } from './role.repository.js';
import { SessionRepository } from './session.repository.js';
import { SessionService } from './session.service.js';
import { TenantRepository } from './tenant.repository.js';
import type { Clock } from './tokens.js';
import { UserRepository } from './user.repository.js';

/** The auth domain's repositories and services, built once per app (and shared with domains/sys). */
export interface AuthDomain {
  users: UserRepository;
  roles: RoleRepository;
  tenants: TenantRepository;
  audit: AuditRepository;
  sessions: SessionService;
  login: LoginService;
  apiTokens: ApiTokenService;
  now: Clock;
}

export function createAuthDomain(db: Kysely<Database>, options: { accessTtlSeconds: number; now: Clock }): AuthDomain {
  const { now } = options;
  const users = new UserRepository(db, now);
  const roles = new RoleRepository(db);
  const tenants = new TenantRepository(db, now);
  const audit = new AuditRepository(db, now);
  const sessions = new SessionService({
    sessions: new SessionRepository(db),
    users,
    roles,
    tenants,
    apiTokens: new ApiTokenRepository(db),
    accessTtlSeconds: options.accessTtlSeconds,
    now,
  });
  const login = new LoginService({
    captchas: new CaptchaRepository(db),
    failures: new LoginFailureRepository(db),
    users,
    roles,
    tenants,
    sessions,
    audit,
    now,
  });
  const apiTokens = new ApiTokenService(new ApiTokenRepository(db), audit, now);
  return { users, roles, tenants, audit, sessions, login, apiTokens, now };
}

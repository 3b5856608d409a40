import type { DatabaseHandle } from '../db/database.js';
import { DisplayCopyRepository } from '../domains/account/display-copy.repository.js';
import { DisplayCopyService } from '../domains/account/display-copy.service.js';
import { AccountRepository } from '../domains/account/account.repository.js';
import { EmailLinkRepository } from '../domains/account/email-link.repository.js';
import { QuotaLimits } from '../domains/account/quota-limits.js';
import { RegistrationService } from '../domains/account/registration.service.js';
import { RegistrationSettingsRepository } from '../domains/account/registration-settings.repository.js';
import { TryoutRepository } from '../domains/account/tryout.repository.js';
import { UserGuideRepository } from '../domains/account/user-guide.repository.js';
import { ApiTokenRepository } from '../domains/auth/api-token.repository.js';
import { ApiTokenService } from '../domains/auth/api-token.service.js';
import { AuditRepository } from '../domains/auth/audit.repository.js';
import { AuditService } from '../domains/auth/audit.service.js';
import { AuthAdminService } from '../domains/auth/auth-admin.service.js';
import { authDomain } from '../domains/auth/auth.domain.js';
import { CaptchaRepository } from '../domains/auth/captcha.repository.js';
import { LoginFailureRepository } from '../domains/auth/login-failure.repository.js';
import { LoginService } from '../domains/auth/login.service.js';
import { PasswordAttempts } from '../domains/auth/password-attempts.js';
import { RoleRepository } from '../domains/auth/role.repository.js';
import { SessionRepository } from '../domains/auth/session.repository.js';
import { SessionService } from '../domains/auth/session.service.js';
import { SocketTicketRepository } from '../domains/auth/socket-ticket.repository.js';
import { TenantRepository } from '../domains/auth/tenant.repository.js';
import { UserRepository } from '../domains/auth/user.repository.js';
import { sysDomain } from '../domains/sys/sys.domain.js';
import type { Clock } from '../kernel/clock.js';
import { API, PRODUCT, routesOf, type AreaEntries, type Infrastructure } from './area.js';

/**
 * Identity: accounts, roles, tenants, sessions, API tokens, the audit log (domains/auth), and the
 * account rows (domains/account: registration, site text, quota limits). The own-account service
 * comes last (account.ts): it shows what the other areas count against the quotas.
 */

export function identityRepositories(database: DatabaseHandle, now: Clock) {
  const { db, dialect } = database;
  return {
    // domains/auth
    users: new UserRepository(db, now),
    roles: new RoleRepository(db),
    tenants: new TenantRepository(db, now),
    audit: new AuditRepository(db, now),
    sessions: new SessionRepository(db, dialect),
    apiTokens: new ApiTokenRepository(db),
    socketTickets: new SocketTicketRepository(db),
    captchas: new CaptchaRepository(db),
    loginFailures: new LoginFailureRepository(db, dialect),
    // domains/account
    accounts: new AccountRepository(db),
    emailLinks: new EmailLinkRepository(db),
    tryouts: new TryoutRepository(db),
    registrationSettings: new RegistrationSettingsRepository(db),
    userGuide: new UserGuideRepository(db),
    displayCopy: new DisplayCopyRepository(db, now),
  };
}
export type IdentityRepositories = ReturnType<typeof identityRepositories>;

export function identityServices(r: IdentityRepositories, infra: Infrastructure) {
  const { config, now } = infra;
  const audit = new AuditService(r.audit);
  const sessions = new SessionService({
    sessions: r.sessions,
    users: r.users,
    roles: r.roles,
    tenants: r.tenants,
    apiTokens: r.apiTokens,
    socketTickets: r.socketTickets,
    audit: r.audit,
    accessTtlSeconds: config.auth.accessTtlSeconds,
    now,
  });
  const passwordAttempts = new PasswordAttempts(r.loginFailures, now);
  return {
    audit,
    sessions,
    /** the throttle of password checks (login, API tokens, own password change) */
    passwordAttempts,
    login: new LoginService({
      captchas: r.captchas,
      attempts: passwordAttempts,
      users: r.users,
      roles: r.roles,
      tenants: r.tenants,
      sessions,
      audit: r.audit,
      captchaStyle: config.auth.captchaStyle,
      now,
    }),
    apiTokens: new ApiTokenService({
      tokens: r.apiTokens,
      audit: r.audit,
      users: r.users,
      sessions: r.sessions,
      attempts: passwordAttempts,
      now,
    }),
    authAdmin: new AuthAdminService({ users: r.users, roles: r.roles, tenants: r.tenants, audit: r.audit, sessions }),
    registration: new RegistrationService({
      accounts: r.accounts,
      links: r.emailLinks,
      tryouts: r.tryouts,
      settings: r.registrationSettings,
      audit,
      sessions,
      mailer: infra.mailer,
      throttle: infra.mailThrottle,
      publicUrl: config.publicUrl,
      now,
      log: infra.log,
    }),
    displayCopy: new DisplayCopyService(r.displayCopy),
    /** the operator-set quota limits, checked by the domains that count a quota (domains/account) */
    quotas: new QuotaLimits(r.accounts),
  };
}
export type IdentityServices = ReturnType<typeof identityServices>;

export function identityEntries(s: IdentityServices, infra: Infrastructure): AreaEntries {
  const { config } = infra;
  const { login, sessions, apiTokens } = s;
  return {
    jobs: [],
    routes: [
      routesOf(authDomain, {
        prefix: API,
        login,
        sessions,
        apiTokens,
        rateLimitPerMinute: config.auth.rateLimitPerMinute,
        isTestMode: config.mode === 'test',
      }),
      routesOf(sysDomain, {
        prefix: PRODUCT,
        admin: s.authAdmin,
        audit: s.audit,
        displayCopy: s.displayCopy,
        registration: s.registration,
      }),
    ],
  };
}

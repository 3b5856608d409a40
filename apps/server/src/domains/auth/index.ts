/** The auth domain as the other domains see it: they import it from here only (eslint.config.js). */
export type { AuditService } from './audit.service.js';
export type { Actor, AuthAdminService } from './auth-admin.service.js';
export { hashPassword, verifyPassword } from './password.js';
export type { PasswordAttempts } from './password-attempts.js';
export { ADMIN_EMAIL, ALL_FEATURES_ROLE_NAME, DEFAULT_TENANT_CODE, TRIAL_ROLE_NAME } from './seed.js';
export type { SessionService } from './session.service.js';
export { hashToken } from './tokens.js';

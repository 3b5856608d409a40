import { ALL_PERMISSIONS, MENU_PERMISSIONS, TRIAL_PERMISSIONS } from '@patlas/contracts';
import { PUBLISHED_DEMO_PASSWORD } from '../../config.js';
import { hashPassword, verifyPassword } from './password.js';
import type { RoleRepository } from './role.repository.js';
import type { TenantRepository } from './tenant.repository.js';
import { randomPassword } from './tokens.js';
import type { UserRepository } from './user.repository.js';

export const ADMIN_EMAIL = 'admin@patlas.local';
export const DEMO_EMAIL = 'demo@patlas.local';
/** Built-in role names (unique; the seed finds them by name). */
export const ADMIN_ROLE_NAME = '管理员';
export const ALL_FEATURES_ROLE_NAME = '全部功能';
/** Issue 43: what a self-registered account gets when registration is in trial mode (TRIAL_PERMISSIONS). */
export const TRIAL_ROLE_NAME = '试用';
/** The tenant seeded at the first start; new accounts without a tenant join it, and it cannot be renamed or deleted. */
export const DEFAULT_TENANT_CODE = 'default';

export interface SeedDeps {
  users: UserRepository;
  roles: RoleRepository;
  tenants: TenantRepository;
  adminPassword: string | undefined;
  /** undefined: no demo account is created, and one still holding the published password is disabled. */
  demoPassword: string | undefined;
  /** Where the generated admin password is shown, once (stdout at start-up). */
  announce: (line: string) => void;
}

/** Whether the server's listening address is this machine's only (loopback). */
export function isLoopbackHost(host: string): boolean {
  const bare = host
    .trim()
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  return bare === 'localhost' || bare === '::1' || /^127(\.\d{1,3}){3}$/.test(bare) || bare === '::ffff:127.0.0.1';
}

/**
 * The demo account when it still has the published password (issue 41: DEMO_CORPUS is on by
 * default, so every default installation had an account anyone could sign in to): `blocked` when
 * the server listens beyond loopback and PATLAS_ALLOW_DEMO_ACCOUNTS is not set. Undefined when
 * there is no such account (none, disabled, or its password changed).
 */
export interface ExposedDemoAccount {
  userId: string;
  email: string;
  blocked: boolean;
}

export async function publishedDemoAccount(
  users: UserRepository,
  listen: { host: string; allowExposed: boolean },
): Promise<ExposedDemoAccount | undefined> {
  const demo = await users.findByEmail(DEMO_EMAIL);
  if (!demo || demo.disabled === 1 || demo.password_hash === null) return undefined;
  if (!(await verifyPassword(demo.password_hash, PUBLISHED_DEMO_PASSWORD))) return undefined;
  return { userId: demo.id, email: demo.email, blocked: !isLoopbackHost(listen.host) && !listen.allowExposed };
}

/** The start's warning about a demo account with the published password (main.ts prints it). */
export function demoAccountWarning(demo: ExposedDemoAccount, host: string): string {
  const head = `WARNING: ${demo.email} has the published password "${PUBLISHED_DEMO_PASSWORD}".`;
  const fix =
    "Give it another password (operators' area, or PATLAS_DEMO_PASSWORD before its first start), or set DEMO_CORPUS=false.";
  if (demo.blocked) {
    return (
      `${head} The server listens on ${host}, beyond this machine: the demo account is disabled while it does. ` +
      `${fix} PATLAS_ALLOW_DEMO_ACCOUNTS=true allows it anyway.\n`
    );
  }
  return `${head} Anyone who can reach this server can sign in with it. ${fix}\n`;
}

export interface SeedResult {
  tenantId: string;
  adminRoleId: string;
  allFeaturesRoleId: string;
}

/**
 * First-start data, idempotent (runs at every start): the default tenant, the two built-in roles
 * (their permissions follow the code, so a new permission reaches them on upgrade), the admin and
 * the demo account. Existing accounts are never touched: a changed password stays changed.
 */
export async function seedAccounts(deps: SeedDeps): Promise<SeedResult> {
  const { users, roles, tenants } = deps;
  const tenant =
    (await tenants.findByCode(DEFAULT_TENANT_CODE)) ??
    (await tenants.create({
      code: DEFAULT_TENANT_CODE,
      name: '默认机构',
      ipRanges: [],
      ipRoleIds: [],
      onlineCap: null,
    }));

  const ensureRole = async (name: string, description: string, permissions: readonly string[]): Promise<string> => {
    const existing = await roles.findByName(name);
    if (!existing) return (await roles.create({ name, description, permissions, builtIn: true })).id;
    if (existing.permissions !== JSON.stringify([...permissions]) || existing.built_in !== 1) {
      await roles.update(existing.id, { permissions });
      if (existing.built_in !== 1) {
        // A role of the same name made by hand becomes the built-in one (names are unique).
        await roles.markBuiltIn(existing.id);
      }
    }
    return existing.id;
  };
  const adminRoleId = await ensureRole(
    ADMIN_ROLE_NAME,
    'admin: every permission, including the operators\u2019 area (/sys)',
    ALL_PERMISSIONS,
  );
  const allFeaturesRoleId = await ensureRole(
    ALL_FEATURES_ROLE_NAME,
    'all-features: every menu permission, without /sys',
    MENU_PERMISSIONS,
  );
  await ensureRole(
    TRIAL_ROLE_NAME,
    'trial: searching and reading patents, history and own account (self-registration in trial mode)',
    TRIAL_PERMISSIONS,
  );

  if (!(await users.findByEmail(ADMIN_EMAIL))) {
    const password = deps.adminPassword ?? randomPassword();
    const admin = await users.create({
      email: ADMIN_EMAIL,
      fullname: '管理员',
      passwordHash: await hashPassword(password),
      tenantId: tenant.id,
    });
    await users.setRoles(admin.id, [adminRoleId]);
    if (!deps.adminPassword) {
      deps.announce(
        `Created the administrator account ${ADMIN_EMAIL} with the password ${password}\n` +
          'It is shown this once: write it down, or set PATLAS_ADMIN_PASSWORD before the first start.\n',
      );
    }
  }
  const demo = await users.findByEmail(DEMO_EMAIL);
  if (!demo && deps.demoPassword !== undefined) {
    const created = await users.create({
      email: DEMO_EMAIL,
      fullname: '演示用户',
      passwordHash: await hashPassword(deps.demoPassword),
      tenantId: tenant.id,
    });
    await users.setRoles(created.id, [allFeaturesRoleId]);
  } else if (
    demo &&
    deps.demoPassword === undefined &&
    demo.disabled !== 1 &&
    demo.password_hash !== null &&
    (await verifyPassword(demo.password_hash, PUBLISHED_DEMO_PASSWORD))
  ) {
    // Made by an earlier version in every installation: with the README's password it is an open door.
    await users.update(demo.id, { disabled: true });
    deps.announce(
      `Disabled ${DEMO_EMAIL}: it still had the published password and neither DEMO_CORPUS nor PATLAS_DEMO_PASSWORD is set.\n`,
    );
  }
  return { tenantId: tenant.id, adminRoleId, allFeaturesRoleId };
}

import { z } from 'zod';
import { MAX_INPUT_LENGTH } from './limits.js';

/**
 * Accounts, sessions and permissions (spec 1 §3, §4, §6, §8; spec 2 §6). The one contract the
 * server (apps/server/src/domains/auth, domains/sys) and the web app (features/auth, account,
 * sys) share. Paths are given without the /api/platform or /api/product prefix; the prefix is
 * named next to each group.
 */

// ---------------------------------------------------------------------------------------------
// Permissions

/** The duplicate check's pages and calls (/repeat, /repeat/detail, /patent/repeat …). */
export const DUPLICATE_PERMISSION = '/repeat';

/** Spec 1 §6 and spec 2 §6 menu permission strings, verbatim (and the duplicate check's, named by us). */
export const MENU_PERMISSIONS = [
  '/assistedWriting',
  '/disclosurePaperWriting',
  '/disclosureNoveltySearch',
  '/preAssessment',
  '/warning',
  '/messageCenter',
  '/user/searchFile',
  '/searchHistory',
  '/user/download',
  '/reportCenter',
  '/user/collect',
  '/userPaeGroup',
  '/patentReexaminationReport',
  '/search/lawSearch',
  '/search/pre',
  '/search/pre/detail',
  '/search/result',
  '/search/detail',
  '/search/ipc',
  '/search/quick',
  '/search/advance',
  '/search/img',
  'semantics',
  'retrieval',
  'defenseSearch',
  '/collectSearch',
  'patentShare',
  '/nationalUniversityDatabase',
  '/enterpriseDatabase',
  '/patentMap',
  'userInfo',
  'userSet',
  'modifyPassword',
  'mergeSettings',
  '/user/share',
  '/myFiles',
  // Ours: spec 2 §2 gates /repeat/detail by "the matching permission" without naming it (surface.json).
  DUPLICATE_PERMISSION,
] as const;

/**
 * The operators' area (spec 1 §2 /sys; its rules are not shown). Ours: one permission that opens
 * /sys and every /api/product/sys/* call. Never part of the demo user's roles.
 */
export const SYS_PERMISSION = '/sys';

export const ALL_PERMISSIONS = [...MENU_PERMISSIONS, SYS_PERMISSION] as const;
export type Permission = (typeof ALL_PERMISSIONS)[number];
export const PermissionSchema = z.enum(ALL_PERMISSIONS);

/**
 * Spec 1 §6: "Pages and buttons are hidden or removed when permission is missing (exact match,
 * or contains match; lists match any)". `contains` matches when a menu entry contains the
 * string (e.g. '/search/pre' matches '/search/pre/detail').
 */
export type PermissionRule = string | readonly string[] | { contains: string };

export function hasPermission(menu: readonly string[], rule: PermissionRule | false | undefined): boolean {
  if (rule === undefined || rule === false) return true;
  if (typeof rule === 'string') return menu.includes(rule);
  if (Array.isArray(rule)) return rule.some((r: string) => menu.includes(r));
  const { contains } = rule as { contains: string };
  return menu.some((entry) => entry.includes(contains));
}

// ---------------------------------------------------------------------------------------------
// Limits and constants (spec 1 §9 unless noted)

export const CAPTCHA_LENGTH = 4;
/** Spec 1 §4: "The captcha image (length 4, identifier of 32 random letters) expires after 60 seconds". */
export const CAPTCHA_TTL_SECONDS = 60;
export const CAPTCHA_ID_LENGTH = 32;
/** Spec 1 §4: menu fetch is delayed 500 ms after the user check. */
export const MENU_FETCH_DELAY_MS = 500;
/** Spec 1 §4: guide reminders only while the build is younger than 5 days. */
export const GUIDE_WINDOW_MS = 432_000_000;
/** Spec 1 §9: re-login dialog z-index. */
export const RELOGIN_DIALOG_Z_INDEX = 2001;
/** Spec 1 §3: semantic weights title, abstract, claims, description; default "3,3,3,3". */
export const DEFAULT_SEMANTIC_WEIGHTS = '3,3,3,3';
/** Spec 1 §9: theme default 2. */
export const DEFAULT_THEME = 2;
/** Not shown: our access-token lifetime default; the refresh token lives twice as long (spec 1 §4). */
export const DEFAULT_ACCESS_TOKEN_TTL_SECONDS = 7_200;
/** Not shown: failed logins per e-mail within the window before a temporary lockout. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_SECONDS = 900;
export const LOGIN_LOCKOUT_SECONDS = 900;
/**
 * A refresh token used again this soon after its rotation is a lost race (two tabs refreshing at
 * once): answered REFRESH_RACE_LOST, the client takes the other tab's tokens. Later, the token
 * coming back ends the whole session (a copy of it is in someone else's hands).
 */
export const REFRESH_RACE_GRACE_SECONDS = 30;
/** An IP session with no request for this long stops holding a seat of its tenant's online cap. */
export const IP_SESSION_IDLE_SECONDS = 900;
/** Not shown: one-time e-mail links (registration, password reset) expire after this. */
export const EMAIL_LINK_TTL_SECONDS = 86_400;
/** Not shown: password rules for new passwords. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = MAX_INPUT_LENGTH;
export const FULLNAME_MAX_LENGTH = MAX_INPUT_LENGTH;
export const EMAIL_MAX_LENGTH = MAX_INPUT_LENGTH;

// ---------------------------------------------------------------------------------------------
// Captcha — /api/platform. Path not shown in the spec: ours is GET /oauth/captcha.

export const CaptchaResponseSchema = z.object({
  /** 32 random letters; sent back as `uuid` with the login, and the key of the password encryption. */
  uuid: z.string().length(CAPTCHA_ID_LENGTH),
  /** data:image/svg+xml or data:image/png URL of the 4-character image. */
  image: z.string(),
  expiresIn: z.number().int(),
});
export type CaptchaResponse = z.infer<typeof CaptchaResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Login — /api/platform

/** POST /oauth/email/token (spec 1 §3 "Login request"). `password` is encryptPassword(plain, uuid). */
export const LoginRequestSchema = z.object({
  email: z.string().trim().min(1).max(EMAIL_MAX_LENGTH),
  password: z.string().min(1).max(1_000),
  verify_code: z.string().trim().min(1).max(CAPTCHA_LENGTH),
  uuid: z.string().length(CAPTCHA_ID_LENGTH),
  crowd_out: z.boolean().default(false),
  scope: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  grant_type: z.string().optional(),
});
export type LoginRequest = z.input<typeof LoginRequestSchema>;

export const LOGIN_TYPES = ['password', 'ip', 'apiToken'] as const;
export type LoginType = (typeof LOGIN_TYPES)[number];

/** Spec 1 §3 "Login response body". Also the answer of /oauth/ip/token and /oauth/refresh/token. */
export const TokenResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('bearer'),
  /**
   * Absent when the request asked for the refresh token in a cookie (REFRESH_COOKIE.transportHeader):
   * the web app's refresh token never reaches script (issue 41, "tokens in localStorage").
   */
  refresh_token: z.string().optional(),
  /** seconds */
  expires_in: z.number().int(),
  tenantCode: z.string(),
  canOperation: z.boolean(),
  loginType: z.enum(LOGIN_TYPES),
  loginErrorMsg: z.string().optional(),
});
export type TokenResponse = z.infer<typeof TokenResponseSchema>;

/**
 * Already signed in elsewhere (spec 1 §4): a login with crowd_out false for an account that has a
 * live session answers status 0, code LOGGED_IN_ELSEWHERE and the spec's question as message;
 * no session is created and the captcha stays valid for one retry with crowd_out true, which ends
 * the other session (its next request answers 401 with code SESSION_CROWDED_OUT).
 * GET /oauth/check/user?email= answers { online: boolean } only for the caller's own account
 * (bearer token), never for others.
 */
export const CheckUserResponseSchema = z.object({ online: z.boolean() });

/** GET /oauth/refresh/token?grant_type=refresh_token&refresh_token=…&scope&client_id&client_secret */
export const RefreshQuerySchema = z.object({
  grant_type: z.literal('refresh_token'),
  refresh_token: z.string().min(1),
  scope: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
});

/**
 * POST /oauth/refresh/token with a JSON body: the refresh token travels in the body, not in a URL
 * that access logs and proxies keep (issue 16 §2). The spec's GET with a query stays for clients
 * written against it; the web app uses this one.
 */
export const RefreshRequestSchema = RefreshQuerySchema.extend({
  grant_type: z.literal('refresh_token').optional(),
  /** Absent: the refresh token is the REFRESH_COOKIE the login set (the web app's way). */
  refresh_token: z.string().min(1).optional(),
});

/**
 * The web app's refresh token lives in an httpOnly cookie, out of reach of any script on the page
 * (issue 41: a script injected into the page could read a refresh token kept in localStorage and
 * renew a session for as long as it liked). A request that carries `transportHeader: 'cookie'` to a
 * login, IP login or refresh gets the cookie and no refresh_token in the body; API clients that do
 * not send the header get the spec's body field and no cookie. The access token stays in storage,
 * shared by the tabs, and lives ACCESS_TOKEN_TTL_SECONDS (2 h by default).
 */
export const REFRESH_COOKIE = {
  name: 'patlas_refresh',
  /** Covers /oauth/refresh/token and /platform/logout under /api/platform, nothing else. */
  path: '/api/platform',
  transportHeader: 'x-patlas-refresh',
} as const;

/** GET /oauth/can/iplogin — may this visitor's address log in without credentials? */
export const CanIpLoginResponseSchema = z.object({ canIpLogin: z.boolean(), tenantCode: z.string().optional() });
/**
 * GET /oauth/ip/token — TokenResponse with loginType 'ip'. Failures: status 0 code IP_NO_ROLE
 * (当前IP范围无角色权限！), status -3 code IP_ONLINE_LIMIT (专利数据库同时在线人数到达上限！),
 * status 0 code IP_NOT_ALLOWED when the address is in no tenant's ranges.
 */

/** ANY /platform/logout — ends the session of the bearer token; always answers status 1. */

// ---------------------------------------------------------------------------------------------
// Registration, trial application, password reset — /api/platform (no token)

/** POST /oauth/tryout/account/PCRegister (/reg): creates an inactive account and mails a one-time link. */
export const RegisterRequestSchema = z.object({
  email: z.string().trim().email().max(EMAIL_MAX_LENGTH),
  fullname: z.string().trim().min(1).max(FULLNAME_MAX_LENGTH),
  organisation: z.string().trim().max(200).optional(),
  phone: z.string().trim().max(30).optional(),
});
/**
 * GET /oauth/apply/tryout?email&fullname&organisation&phone&purpose (/signUp): records a trial
 * application for the operators (listed in /sys) and mails an acknowledgement.
 */
export const TryoutRequestSchema = RegisterRequestSchema.extend({ purpose: z.string().trim().max(500).optional() });
/** GET /oauth/forget/password?email= — mails a one-time link; answers the same whether or not the account exists. */
export const ForgetPasswordQuerySchema = z.object({ email: z.string().trim().email().max(EMAIL_MAX_LENGTH) });
/** POST /oauth/reset/password — sets the password from a mailed link (registration or reset). */
export const ResetPasswordRequestSchema = z.object({
  token: z.string().min(1).max(200),
  password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
});
/** The link in the mails: `${PUBLIC_URL}/resetPassword?token=…` (registration: `&mode=register`). */

// ---------------------------------------------------------------------------------------------
// Own account — /api/platform (bearer token)

/** POST /platform/update/password */
export const UpdatePasswordRequestSchema = z.object({
  oldPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  newPassword: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
});
/** ANY /platform/update/fullname (body or query) */
export const UpdateFullnameRequestSchema = z.object({ fullname: z.string().trim().min(1).max(FULLNAME_MAX_LENGTH) });
/** ANY /platform/update/email (body or query); needs the current password. */
export const UpdateEmailRequestSchema = z.object({
  email: z.string().trim().email().max(EMAIL_MAX_LENGTH),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
/**
 * The answer of /platform/update/email (issue 41): the change is not made yet. `email` is still the
 * account's address; a link went to `pendingEmail` (absent when the address is the current one) and
 * a notice to the current address. The change is made when the link is opened (POST
 * /oauth/confirm/email); it revokes the account's personal API tokens.
 */
export const UpdateEmailResponseSchema = z.object({ email: z.string(), pendingEmail: z.string().optional() });
/** POST /oauth/confirm/email (no token): the mailed link's token; answers { email } once changed. */
export const ConfirmEmailRequestSchema = z.object({ token: z.string().min(1).max(200) });
/** The link in the change mail: `${PUBLIC_URL}/confirmEmail?token=…`. */
export const CONFIRM_EMAIL_PATH = '/confirmEmail';

/**
 * Personal API tokens: GET /platform/user/token lists, POST creates ({ name } → the token once),
 * DELETE /platform/user/token/:id revokes. Used as `Authorization: Bearer <token>`.
 */
export const ApiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** first characters, to recognise it */
  prefix: z.string(),
  /** when it stops working (issue 41: tokens used to live for ever) */
  expiresAt: z.string(),
});
export type ApiToken = z.infer<typeof ApiTokenSchema>;
/** A new personal API token lives this many days unless its creator chooses otherwise … */
export const API_TOKEN_DEFAULT_DAYS = 90;
/** … and at most this many. */
export const API_TOKEN_MAX_DAYS = 365;
/**
 * POST /platform/user/token. `password`: the current one; needed unless the caller's session is a
 * password login of the last API_TOKEN_FRESH_LOGIN_SECONDS.
 */
export const CreateApiTokenRequestSchema = z.object({
  name: z.string().trim().min(1).max(MAX_INPUT_LENGTH),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH).optional(),
  /** the token's lifetime in days, 1 to API_TOKEN_MAX_DAYS (default API_TOKEN_DEFAULT_DAYS) */
  expiresInDays: z.number().int().min(1).max(API_TOKEN_MAX_DAYS).default(API_TOKEN_DEFAULT_DAYS),
});
/** A password login this recent may create an API token without typing the password again. */
export const API_TOKEN_FRESH_LOGIN_SECONDS = 600;
export const CreateApiTokenResponseSchema = ApiTokenSchema.extend({ token: z.string() });

/**
 * POST /platform/socket/ticket (issue 41): a ticket that opens a websocket as `?ticket=` (a browser
 * cannot set headers on one), instead of the access token in the URL, which is no longer taken.
 * Single use, SOCKET_TICKET_TTL_SECONDS, bound to the caller's account and session or API token.
 */
export const SOCKET_TICKET_TTL_SECONDS = 30;
export const SocketTicketSchema = z.object({ ticket: z.string(), expiresIn: z.number().int() });

// ---------------------------------------------------------------------------------------------
// User info, menu, config, guide — /api/product (bearer token)

export const SemanticWeightsSchema = z
  .string()
  .regex(/^\d+,\d+,\d+,\d+$/)
  .refine((v) => v.split(',').some((n) => Number(n) > 0), { message: 'weights cannot all be 0' });

export const REMIND_FLAGS = [
  'float',
  'search',
  'workbench',
  'user',
  'menuMore',
  'merge',
  'analysis',
  'dialog',
] as const;

/** Spec 1 §3 "User custom config". */
export const UserCustomConfigSchema = z.object({
  theme: z.number().int().default(DEFAULT_THEME),
  language: z.enum(['zh', 'en']).default('zh'),
  semanticsSearchWeightInfo: SemanticWeightsSchema.default(DEFAULT_SEMANTIC_WEIGHTS),
  /** result merge default (mergeSettings): 0 none, 1 application number, 2 simple family */
  mergeType: z.number().int().min(0).max(2).default(0),
  messageCount: z.number().int().default(0),
  remind: z.partialRecord(z.enum(REMIND_FLAGS), z.boolean()).default({}),
});
export type UserCustomConfig = z.infer<typeof UserCustomConfigSchema>;
/**
 * POST /userCustomConfig/save — a partial config, merged into the stored one; answers the whole
 * config. Refused for IP logins. Written out without defaults (UserCustomConfigSchema.partial()
 * would fill every left-out field with its default and so reset it on each save).
 */
export const SaveCustomConfigRequestSchema = z.object({
  theme: UserCustomConfigSchema.shape.theme.unwrap().optional(),
  language: UserCustomConfigSchema.shape.language.unwrap().optional(),
  semanticsSearchWeightInfo: SemanticWeightsSchema.optional(),
  mergeType: UserCustomConfigSchema.shape.mergeType.unwrap().optional(),
  messageCount: UserCustomConfigSchema.shape.messageCount.unwrap().optional(),
  remind: UserCustomConfigSchema.shape.remind.unwrap().optional(),
});

/** POST /user/info (spec 1 §3 "User info"). */
export const UserInfoSchema = z.object({
  userId: z.string(),
  fullname: z.string(),
  email: z.string(),
  tenantId: z.string(),
  tenantCode: z.string(),
  canOperation: z.boolean(),
  loginType: z.enum(LOGIN_TYPES),
  userCustomConfig: UserCustomConfigSchema,
  userCreationDays: z.number().int(),
  /** seconds since the epoch */
  lastLoginTime: z.number().int().nullable(),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

/** POST /user/menu (path not shown in the spec): the union of the user's roles' permissions. */
export const UserMenuSchema = z.object({ menu: z.array(z.string()) });

export const QUOTA_KINDS = ['export', 'report', 'writing', 'favorites', 'familyExpand'] as const;
export type QuotaKind = (typeof QUOTA_KINDS)[number];
/**
 * The quota kinds whose feature exists and counts its use; only these are shown to users and
 * operators (a limit on something nothing consumes would be a promise the product does not keep).
 * Export, reports, writing, favourites and family expansion each add their kind with their feature.
 * writing: the rewrites an account has made (assisted writing, each passage or document counts one).
 * export: the rows exported (finished tasks and direct exports); favorites: the patents of the
 * user's own active libraries (issue 46 item 8: settable in /sys, shown in the account).
 */
export const ACTIVE_QUOTA_KINDS: readonly QuotaKind[] = ['export', 'favorites', 'report', 'writing', 'familyExpand'];
/** POST /user/limit — each quota: limit (null = unlimited) and what is used. */
export const UserLimitSchema = z.record(
  z.enum(QUOTA_KINDS),
  z.object({ limit: z.number().int().nullable(), used: z.number().int() }),
);

/**
 * The guide reminders' keys (spec 1 §3 "Guide reminder item"): POST /user/saveFunctionGuide takes
 * one of them. The server's guide (domains/account/function-guide.ts) has one reminder per key.
 */
export const FUNCTION_GUIDE_KEYS = [
  'search',
  'quickSearch',
  'semanticSearch',
  'resultFilter',
  'viewMode',
  'merge',
  'analysis',
  'searchHistory',
  'user',
  'customConfig',
] as const;
export type FunctionGuideKey = (typeof FUNCTION_GUIDE_KEYS)[number];
export const SaveFunctionGuideRequestSchema = z.object({ remindKey: z.enum(FUNCTION_GUIDE_KEYS) });

/** Spec 1 §3 "Guide reminder item"; GET /user/functionGuide, POST /user/saveFunctionGuide { remindKey }. */
export const GuideItemSchema = z.object({
  label: z.string(),
  remindKey: z.enum(FUNCTION_GUIDE_KEYS),
  parentRemind: z.string().nullable(),
  hasClick: z.boolean(),
  /** Where the feature lives: clicking the reminder opens it (absent: marking it done is all). */
  path: z.string().optional(),
});
export type GuideItem = z.infer<typeof GuideItemSchema>;

/** GET /system/display/copy (no token): site text items. */
export const DisplayCopyItemSchema = z.object({ name: z.string(), content: z.string() });

// ---------------------------------------------------------------------------------------------
// Operators' area — /api/product/sys/* (permission SYS_PERMISSION)

export const TenantSchema = z.object({
  id: z.string(),
  code: z.string().min(1).max(MAX_INPUT_LENGTH),
  name: z.string().min(1).max(200),
  /** CIDR ranges, IPv4 and IPv6, for IP login */
  ipRanges: z.array(z.string()),
  /** roles given to IP-login visitors of this tenant; empty = "IP range without role" */
  ipRoleIds: z.array(z.string()),
  /** concurrent online cap for IP logins; null = no cap */
  onlineCap: z.number().int().positive().nullable(),
  createdAt: z.string(),
});
export type Tenant = z.infer<typeof TenantSchema>;

export const RoleSchema = z.object({
  id: z.string(),
  name: z.string().min(1).max(MAX_INPUT_LENGTH),
  description: z.string().max(200).optional(),
  permissions: z.array(PermissionSchema),
  builtIn: z.boolean(),
});
export type Role = z.infer<typeof RoleSchema>;

export const QuotaLimitsSchema = z.partialRecord(z.enum(QUOTA_KINDS), z.number().int().min(0).nullable());

/**
 * Issue 43: what a self-registered account (/reg) gets. `open`: every menu feature at once (as
 * before, the default); `approval`: the same, once an operator approved the account (until then
 * its login is refused with ACCOUNT_AWAITING_APPROVAL); `trial`: the built-in trial role only
 * (TRIAL_PERMISSIONS; the seed keeps it so): an operator gives the account another role to widen it.
 */
export const REGISTRATION_MODES = ['open', 'approval', 'trial'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];
export const DEFAULT_REGISTRATION_MODE: RegistrationMode = 'open';
export const RegistrationSettingsSchema = z.object({ mode: z.enum(REGISTRATION_MODES) });
export type RegistrationSettings = z.infer<typeof RegistrationSettingsSchema>;
/** Issue 43: the built-in trial role's permissions: searching and reading patents, history, own account. */
export const TRIAL_PERMISSIONS = [
  '/search/result',
  '/search/detail',
  '/search/quick',
  '/search/advance',
  '/search/ipc',
  '/searchHistory',
  '/messageCenter',
  'userInfo',
  'userSet',
  'modifyPassword',
] as const satisfies readonly (typeof MENU_PERMISSIONS)[number][];

export const SysUserSchema = z.object({
  userId: z.string(),
  email: z.string(),
  fullname: z.string(),
  tenantId: z.string(),
  roleIds: z.array(z.string()),
  canOperation: z.boolean(),
  disabled: z.boolean(),
  /** Issue 43: registered while registration needed approval, and not yet approved: cannot log in. */
  awaitingApproval: z.boolean(),
  quotas: QuotaLimitsSchema,
  createdAt: z.string(),
  lastLoginAt: z.string().nullable(),
});
export type SysUser = z.infer<typeof SysUserSchema>;

/**
 * GET /sys/users?page&pageSize&keyword → Paged<SysUser>; POST /sys/users (create, password set
 * by the operator or mailed link); PATCH /sys/users/:userId (fullname, tenantId, roleIds,
 * canOperation, disabled, quotas); POST /sys/users/:userId/resetPassword → { password } (new
 * random password shown once) ;
 * GET/POST /sys/roles, PATCH/DELETE /sys/roles/:id (built-in roles cannot be deleted);
 * GET/POST /sys/tenants, PATCH/DELETE /sys/tenants/:id;
 * GET /sys/display/copy, PUT /sys/display/copy (items);
 * GET /sys/audit?page&pageSize&action&userId → Paged<AuditEntry>;
 * GET /sys/tryout → Paged<TryoutApplication>.
 */
export const CreateSysUserRequestSchema = z.object({
  email: z.string().trim().email().max(EMAIL_MAX_LENGTH),
  fullname: z.string().trim().min(1).max(FULLNAME_MAX_LENGTH),
  password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH).optional(),
  tenantId: z.string().optional(),
  roleIds: z.array(z.string()).default([]),
  quotas: QuotaLimitsSchema.default({}),
});
export const UpdateSysUserRequestSchema = z.object({
  fullname: z.string().trim().min(1).max(FULLNAME_MAX_LENGTH).optional(),
  tenantId: z.string().optional(),
  roleIds: z.array(z.string()).optional(),
  canOperation: z.boolean().optional(),
  disabled: z.boolean().optional(),
  /** Issue 43: approves an account awaiting approval (it may log in from now on). */
  approved: z.literal(true).optional(),
  quotas: QuotaLimitsSchema.optional(),
});

export const AUDIT_ACTIONS = [
  'login',
  'login_failed',
  'login_locked',
  'logout',
  'crowd_out',
  'token_refresh',
  /** A rotated-away refresh token came back: the session was ended (issue 16 §2). */
  'refresh_token_reuse',
  'ip_login',
  'password_change',
  'password_reset',
  'register',
  'api_token_create',
  'api_token_revoke',
  'user_create',
  'user_update',
  'role_create',
  'role_update',
  'role_delete',
  'tenant_create',
  'tenant_update',
  'tenant_delete',
  'permission_change',
  'display_copy_update',
  /** An operator started a patent import (issue 15); detail: the files and their formats. */
  'data_import',
  /** Issue 43: an operator changed a system setting; detail: the setting, before and after. */
  'settings_change',
] as const;
export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  targetId: z.string().nullable(),
  ip: z.string().nullable(),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const TryoutApplicationSchema = z.object({
  id: z.string(),
  email: z.string(),
  fullname: z.string(),
  organisation: z.string().nullable(),
  phone: z.string().nullable(),
  purpose: z.string().nullable(),
  createdAt: z.string(),
});

export function pagedOf<T extends z.ZodType>(item: T) {
  return z.object({
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
    items: z.array(item),
  });
}

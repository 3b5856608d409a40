import type { LoginType, TokenResponse, UserCustomConfig, UserInfo } from '@patlas/contracts';
import { TABS_STORAGE_NAME } from '../components/TabBar/tab-bar-model';
import type { ProductStorage } from '../storage/storage';
import { appStorage } from '../storage/app-storage';

/**
 * The signed-in session (spec 1 §3 "Stored session values", §4 "Session"), kept in the versioned,
 * prefixed product storage under the spec's names so that a reload, or another browser tab, finds it.
 * `expiresIn` holds the absolute expiry of the access token (epoch ms), not the server's seconds.
 */
export const SESSION_NAMES = {
  token: 'tempToken',
  /**
   * When the refresh token runs out (epoch ms). The token itself is an httpOnly cookie no script
   * reads (issue 41); this only says whether a refresh can still renew the session.
   */
  refreshExpiresAt: 'refreshExpiresAt',
  loginType: 'loginType',
  tenantCode: 'tenantCode',
  userId: 'userId',
  nickName: 'nickName',
  expiresAt: 'expiresIn',
  menu: '_menu',
  userCustomConfig: 'userCustomConfig',
  /** Not in the spec's list: the e-mail, so the re-login dialog can prefill it. */
  email: 'email',
} as const;

/** Where releases before issue 41 kept the refresh token itself; removed wherever found. */
const LEGACY_REFRESH_TOKEN_NAME = 'refreshToken';

/**
 * Spec 1 §4: "Logout clears stored tokens, menu, reminders, tabs and chart settings". Reminders are
 * the spec's versionRemind; chart settings are kept under `chartSettings` by the analysis pages.
 */
const CLEARED_ON_LOGOUT = [
  ...Object.values(SESSION_NAMES),
  'versionRemind',
  TABS_STORAGE_NAME,
  'chartSettings',
  LEGACY_REFRESH_TOKEN_NAME,
];

/** A refresh starts this long before the stated expiry, so a request never arrives with a token that just ran out. */
export const EXPIRY_MARGIN_MS = 10_000;

export interface Session {
  token: string;
  /** Whether the refresh cookie is still alive (its expiry as the login stated it). */
  canRefresh: boolean;
  /** Absolute expiry of the access token, epoch ms. */
  expiresAt: number;
  loginType: LoginType;
  tenantCode: string;
  userId: string | undefined;
  nickName: string | undefined;
  email: string | undefined;
  /** Spec 1 §6 menu permission list; undefined until fetched after login. */
  menu: readonly string[] | undefined;
  userCustomConfig: UserCustomConfig | undefined;
}

/**
 * Why the user must act before going on (each shows its dialog, spec 1 §8):
 * - relogin: a 401 other than an expired token (crowded out, session gone): the re-login dialog;
 * - refreshFailed: the refresh token was refused: forced logout with a dialog, then /login;
 * - ipLimit: a status -3 answer (IP login maximum);
 * - noRole: login succeeded but the menu is empty.
 */
export type Interruption =
  | { kind: 'relogin'; code: string }
  | { kind: 'refreshFailed' }
  | { kind: 'ipLimit'; message: string }
  | { kind: 'noRole' };

export interface SessionSnapshot {
  session: Session | undefined;
  interruption: Interruption | undefined;
  /** The e-mail of the last login, kept after the token is dropped so the re-login dialog can prefill it. */
  lastEmail: string | undefined;
  /** The stored menu, also kept after the token is dropped: the page under the re-login dialog keeps its tabs. */
  lastMenu: readonly string[] | undefined;
}

export interface SessionStore {
  getSnapshot(): SessionSnapshot;
  subscribe(listener: () => void): () => void;
  /** Re-reads storage (another tab changed it, or a test seeded it). */
  reload(): void;
  /** Keeps a token answer (login, IP login, refresh). */
  saveTokens(tokens: TokenResponse, email?: string): void;
  saveUser(info: UserInfo): void;
  saveMenu(menu: readonly string[]): void;
  /** Forgets the token and name only (spec 1 §8 "401: remove nickname and token"); the page stays. */
  dropToken(): void;
  /** Forgets everything a logout forgets (tokens, menu, reminders, tabs, chart settings). */
  clear(): void;
  interrupt(interruption: Interruption): void;
  resolveInterruption(): void;
  now(): number;
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.every((v) => typeof v === 'string');
}

export function createSessionStore(storage: ProductStorage, now: () => number = Date.now): SessionStore {
  const listeners = new Set<() => void>();
  let interruption: Interruption | undefined;
  // A refresh token stored by an older release is readable by any script: dropped at once.
  storage.remove(LEGACY_REFRESH_TOKEN_NAME);
  let snapshot: SessionSnapshot = read();

  function read(): SessionSnapshot {
    const menu = storage.get<unknown>(SESSION_NAMES.menu);
    return {
      session: readSession(),
      interruption,
      lastEmail: readLastEmail(),
      lastMenu: isStringArray(menu) ? menu : undefined,
    };
  }

  function readLastEmail(): string | undefined {
    const email = storage.get<unknown>(SESSION_NAMES.email);
    return typeof email === 'string' && email ? email : undefined;
  }

  function readSession(): Session | undefined {
    const token = storage.get<unknown>(SESSION_NAMES.token);
    if (typeof token !== 'string' || !token) return undefined;
    const expiresAt = storage.get<unknown>(SESSION_NAMES.expiresAt);
    const loginType = storage.get<unknown>(SESSION_NAMES.loginType);
    const refreshExpiresAt = storage.get<unknown>(SESSION_NAMES.refreshExpiresAt);
    const menu = storage.get<unknown>(SESSION_NAMES.menu);
    const str = (name: string) => {
      const value = storage.get<unknown>(name);
      return typeof value === 'string' ? value : undefined;
    };
    return {
      token,
      canRefresh: typeof refreshExpiresAt === 'number' && refreshExpiresAt > now(),
      expiresAt: typeof expiresAt === 'number' ? expiresAt : 0,
      loginType: loginType === 'ip' || loginType === 'apiToken' ? loginType : 'password',
      tenantCode: str(SESSION_NAMES.tenantCode) ?? '',
      userId: str(SESSION_NAMES.userId),
      nickName: str(SESSION_NAMES.nickName),
      email: str(SESSION_NAMES.email),
      menu: isStringArray(menu) ? menu : undefined,
      userCustomConfig: storage.get<UserCustomConfig>(SESSION_NAMES.userCustomConfig),
    };
  }

  function publish(): void {
    snapshot = read();
    for (const listener of listeners) listener();
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    reload: publish,
    saveTokens(tokens, email) {
      const expiresInMs = tokens.expires_in * 1000;
      storage.set(SESSION_NAMES.token, tokens.access_token);
      // Spec 1 §4: "A refresh token lives twice as long as the token". The token is the server's cookie.
      storage.set(SESSION_NAMES.refreshExpiresAt, now() + 2 * expiresInMs);
      storage.set(SESSION_NAMES.expiresAt, now() + expiresInMs);
      storage.set(SESSION_NAMES.loginType, tokens.loginType);
      storage.set(SESSION_NAMES.tenantCode, tokens.tenantCode);
      if (email !== undefined) storage.set(SESSION_NAMES.email, email);
      publish();
    },
    saveUser(info) {
      storage.set(SESSION_NAMES.userId, info.userId);
      storage.set(SESSION_NAMES.nickName, info.fullname);
      storage.set(SESSION_NAMES.email, info.email);
      storage.set(SESSION_NAMES.userCustomConfig, info.userCustomConfig);
      publish();
    },
    saveMenu(menu) {
      storage.set(SESSION_NAMES.menu, [...menu]);
      publish();
    },
    dropToken() {
      for (const name of [
        SESSION_NAMES.token,
        SESSION_NAMES.refreshExpiresAt,
        SESSION_NAMES.expiresAt,
        SESSION_NAMES.nickName,
      ])
        storage.remove(name);
      publish();
    },
    clear() {
      for (const name of CLEARED_ON_LOGOUT) storage.remove(name);
      publish();
    },
    interrupt(next) {
      interruption = next;
      publish();
    },
    resolveInterruption() {
      interruption = undefined;
      publish();
    },
    now,
  };
}

/** Whether the access token must be renewed before it is sent. */
export function isTokenExpired(session: Session, now: number): boolean {
  return session.expiresAt - EXPIRY_MARGIN_MS <= now;
}

/** Whether the session can open gated pages: a token that is valid or can be renewed. */
export function isUsable(session: Session | undefined, now: number): session is Session {
  if (!session) return false;
  return !isTokenExpired(session, now) || session.canRefresh;
}

/** The app's one session, over the app's storage. */
export const appSession: SessionStore = createSessionStore(appStorage);

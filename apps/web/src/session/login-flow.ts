import { hasPermission, MENU_FETCH_DELAY_MS, type TokenResponse } from '@patlas/contracts';
import { ApiError } from '../api/client';
import { fetchCanIpLogin, fetchUserInfo, fetchUserMenu, loginByIp, logoutSession } from './api';
import type { AuthCallContext } from './session-bridge';
import type { SessionStore } from './session';

/** Spec 1 §2: "/analysis/region, /analysis/cu and /analysis/co are always added to the user's menu list". */
export const ALWAYS_IN_MENU = ['/analysis/region', '/analysis/cu', '/analysis/co'] as const;
/** Spec 1 §2: the landing page after login, and §4: "Without /search/quick in the menu the user is sent back to login". */
export const LANDING_PERMISSION = '/search/quick';

export type LoginOutcome = { kind: 'ok' } | { kind: 'noRole' } | { kind: 'noQuickSearch' };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Ends the session: forgets what a logout forgets (spec 1 §4) and tells the server, with the token
 * when one exists; without one the server ends the session of the refresh cookie and clears it
 * (a re-login dialog dropped the token). The local part happens first, so the page never waits.
 */
export async function logout(store: SessionStore, context: AuthCallContext): Promise<void> {
  const token = store.getSnapshot().session?.token;
  store.clear();
  await logoutSession(token, context).catch(() => undefined);
}

/**
 * What follows a token answer (spec 1 §4): keep the tokens, fetch the user, and 500 ms later the
 * menu. An empty menu is the no-role case and a menu without the landing page sends the user
 * back to login; both end the session again.
 */
export async function completeLogin(
  store: SessionStore,
  tokens: TokenResponse,
  context: AuthCallContext,
  options: { email?: string; menuDelayMs?: number } = {},
): Promise<LoginOutcome> {
  store.saveTokens(tokens, options.email);
  try {
    const info = await fetchUserInfo(context);
    store.saveUser(info);
    await sleep(options.menuDelayMs ?? MENU_FETCH_DELAY_MS);
    const { menu } = await fetchUserMenu(context);
    if (menu.length === 0) {
      await logout(store, context);
      return { kind: 'noRole' };
    }
    if (!hasPermission(menu, LANDING_PERMISSION)) {
      await logout(store, context);
      return { kind: 'noQuickSearch' };
    }
    store.saveMenu([...menu, ...ALWAYS_IN_MENU.filter((p) => !menu.includes(p))]);
    return { kind: 'ok' };
  } catch (error) {
    await logout(store, context);
    throw error;
  }
}

export type IpLoginResult =
  | { kind: 'ok' }
  /** The address may not log in by IP (or the check failed): use an account. */
  | { kind: 'unavailable' }
  /** IP_NO_ROLE, IP_ONLINE_LIMIT (-3), or a login outcome: message to show with "use another account". */
  | { kind: 'failed'; code: string; message: string };

/** Spec 1 §4 IP login: when this address is allowed, log in without credentials (loginType ip). */
export async function tryIpLogin(
  store: SessionStore,
  context: AuthCallContext,
  options: { menuDelayMs?: number } = {},
): Promise<IpLoginResult> {
  const allowed = await fetchCanIpLogin(context).catch(() => ({ canIpLogin: false }));
  if (!allowed.canIpLogin) return { kind: 'unavailable' };
  return performIpLogin(store, context, options);
}

/** The IP login itself, for the login page's explicit offer. */
export async function performIpLogin(
  store: SessionStore,
  context: AuthCallContext,
  options: { menuDelayMs?: number } = {},
): Promise<IpLoginResult> {
  try {
    const tokens = await loginByIp(context);
    const outcome = await completeLogin(store, tokens, context, options);
    if (outcome.kind === 'ok') return { kind: 'ok' };
    return { kind: 'failed', code: outcome.kind === 'noRole' ? 'IP_NO_ROLE' : 'NO_QUICK_SEARCH', message: '' };
  } catch (error) {
    if (error instanceof ApiError) return { kind: 'failed', code: error.code, message: error.message };
    throw error;
  }
}

import { accountEndpoints, authEndpoints, type TokenResponse, type UserInfo } from '@patlas/contracts';
import type { RequestOptions } from '../api/client';
import { call } from '../api/endpoint-call';

type Options = Omit<RequestOptions, 'query' | 'auth'>;

// The session's calls. Anonymous calls (/api/platform): no bearer token, and their 401 / -3 answers
// are the session's to read.

/**
 * `POST /oauth/refresh/token`: a new token pair for the refresh cookie the login set (the old refresh
 * token is used up, the cookie replaced). The refresh token never passes through script (issue 41).
 */
export function refreshTokens(options: Options): Promise<TokenResponse> {
  return call(authEndpoints.refresh, { body: { grant_type: 'refresh_token' } }, { ...options, auth: false });
}

/** `GET /oauth/can/iplogin`: may this address log in without credentials? */
export function fetchCanIpLogin(options: Options): Promise<{ canIpLogin: boolean; tenantCode?: string }> {
  return call(authEndpoints.canIpLogin, {}, { ...options, auth: false });
}

/** `GET /oauth/ip/token`: a session of loginType ip for this address's tenant. */
export function loginByIp(options: Options): Promise<TokenResponse> {
  return call(authEndpoints.ipLogin, {}, { ...options, auth: false });
}

/**
 * `/platform/logout` with the token being ended (sent explicitly: the session is being cleared); the
 * refresh cookie goes along and is cleared.
 */
export function logoutSession(token: string | undefined, options: Options): Promise<unknown> {
  return call(authEndpoints.logout, {}, { ...options, auth: false, bearer: token });
}

// Signed-in calls (/api/product): the client sends the session's token.

/** `POST /user/info`. */
export function fetchUserInfo(options: Options): Promise<UserInfo> {
  return call(accountEndpoints.userInfo, {}, options);
}

/** `POST /user/menu`: the menu permission list of the user's roles. */
export function fetchUserMenu(options: Options): Promise<{ menu: string[] }> {
  return call(authEndpoints.userMenu, {}, options);
}

import {
  accountEndpoints,
  authEndpoints,
  type ApiToken,
  type FunctionGuideKey,
  type GuideItem,
  type QuotaKind,
  type UserCustomConfig,
  type UserInfo,
} from '@patlas/contracts';
import type { RequestOptions } from '../../api/client';
import { call } from '../../api/endpoint-call';

type Options = Omit<RequestOptions, 'query'>;

/** `POST /user/limit`: per quota kind, the limit (null = unlimited) and what is used. */
export type UserLimit = Partial<Record<QuotaKind, { limit: number | null; used: number }>>;
/** `POST /platform/user/token`: the new token, shown once. */
export type CreatedApiToken = ApiToken & { token: string };

export interface RegisterRequest {
  email: string;
  fullname: string;
  organisation?: string;
  phone?: string;
}
export type TryoutRequest = RegisterRequest & { purpose?: string };

// Own account — /api/product

export function fetchUserInfo(options: Options): Promise<UserInfo> {
  return call(accountEndpoints.userInfo, {}, options);
}

export function fetchUserLimit(options: Options): Promise<UserLimit> {
  return call(accountEndpoints.userLimit, {}, options);
}

export function fetchFunctionGuide(options: Options): Promise<GuideItem[]> {
  return call(accountEndpoints.functionGuide, {}, options);
}

export function saveFunctionGuide(remindKey: FunctionGuideKey, options: Options): Promise<unknown> {
  return call(accountEndpoints.saveFunctionGuide, { body: { remindKey } }, options);
}

export function fetchCustomConfig(options: Options): Promise<UserCustomConfig> {
  return call(accountEndpoints.getCustomConfig, {}, options);
}

/** A partial config, merged into the stored one by the server. */
export function saveCustomConfig(config: Partial<UserCustomConfig>, options: Options): Promise<UserCustomConfig> {
  return call(accountEndpoints.saveCustomConfig, { body: config }, options);
}

// Own account — /api/platform

export function updatePassword(body: { oldPassword: string; newPassword: string }, options: Options): Promise<unknown> {
  return call(accountEndpoints.updatePassword, { body }, options);
}

export function updateFullname(fullname: string, options: Options): Promise<unknown> {
  return call(accountEndpoints.updateFullname, { body: { fullname } }, options);
}

/** Issue 41: nothing changes yet; a link goes to `pendingEmail`, which makes the change when opened. */
export function updateEmail(
  body: { email: string; password: string },
  options: Options,
): Promise<{ email: string; pendingEmail?: string }> {
  return call(accountEndpoints.updateEmail, { body }, options);
}

/** The mailed link of an e-mail change (no session needed). */
export function confirmEmail(token: string, options: Options): Promise<{ email: string }> {
  return call(accountEndpoints.confirmEmail, { body: { token } }, { ...options, auth: false });
}

export function fetchApiTokens(options: Options): Promise<ApiToken[]> {
  return call(authEndpoints.listApiTokens, {}, options);
}

/** The server asks for the current password unless the session signed in minutes ago: the dialog always sends it. */
export function createApiToken(
  body: { name: string; password: string; expiresInDays: number },
  options: Options,
): Promise<CreatedApiToken> {
  return call(authEndpoints.createApiToken, { body }, options);
}

export function revokeApiToken(id: string, options: Options): Promise<unknown> {
  return call(authEndpoints.revokeApiToken, { params: { id } }, options);
}

// Anonymous — /api/platform

/** `/reg`: creates an inactive account and mails a one-time link. */
export function register(body: RegisterRequest, options: Options): Promise<unknown> {
  return call(accountEndpoints.register, { body }, options);
}

/** `/signUp`: records a trial application (GET with query parameters, as the spec lists it). */
export function applyTryout(body: TryoutRequest, options: Options): Promise<unknown> {
  return call(accountEndpoints.applyTryout, { query: { ...body } }, options);
}

export function forgetPassword(email: string, options: Options): Promise<unknown> {
  return call(accountEndpoints.forgetPassword, { query: { email } }, options);
}

export function resetPassword(body: { token: string; password: string }, options: Options): Promise<unknown> {
  return call(accountEndpoints.resetPassword, { body }, options);
}

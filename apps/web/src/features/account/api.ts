import type { ApiToken, GuideItem, QuotaKind, UserCustomConfig, UserInfo } from '@patlas/contracts';
import { apiGet, apiPost, apiSend, type RequestOptions } from '../../api/client';

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
  return apiPost<UserInfo>('/product/user/info', {}, options);
}

export function fetchUserLimit(options: Options): Promise<UserLimit> {
  return apiPost<UserLimit>('/product/user/limit', {}, options);
}

export function fetchFunctionGuide(options: Options): Promise<GuideItem[]> {
  return apiGet<GuideItem[]>('/product/user/functionGuide', options);
}

export function saveFunctionGuide(remindKey: string, options: Options): Promise<unknown> {
  return apiPost<unknown>('/product/user/saveFunctionGuide', { remindKey }, options);
}

export function fetchCustomConfig(options: Options): Promise<UserCustomConfig> {
  return apiPost<UserCustomConfig>('/product/userCustomConfig/getCustomConfig', {}, options);
}

/** A partial config, merged into the stored one by the server. */
export function saveCustomConfig(config: Partial<UserCustomConfig>, options: Options): Promise<UserCustomConfig> {
  return apiPost<UserCustomConfig>('/product/userCustomConfig/save', config, options);
}

// Own account — /api/platform

export function updatePassword(body: { oldPassword: string; newPassword: string }, options: Options): Promise<unknown> {
  return apiPost<unknown>('/platform/platform/update/password', body, options);
}

export function updateFullname(fullname: string, options: Options): Promise<unknown> {
  return apiPost<unknown>('/platform/platform/update/fullname', { fullname }, options);
}

/** Issue 41: nothing changes yet; a link goes to `pendingEmail`, which makes the change when opened. */
export function updateEmail(
  body: { email: string; password: string },
  options: Options,
): Promise<{ email: string; pendingEmail?: string }> {
  return apiPost<{ email: string; pendingEmail?: string }>('/platform/platform/update/email', body, options);
}

/** The mailed link of an e-mail change (no session needed). */
export function confirmEmail(token: string, options: Options): Promise<{ email: string }> {
  return apiPost<{ email: string }>('/platform/oauth/confirm/email', { token }, { ...options, auth: false });
}

export function fetchApiTokens(options: Options): Promise<ApiToken[]> {
  return apiGet<ApiToken[]>('/platform/platform/user/token', options);
}

/** The server asks for the current password unless the session signed in minutes ago: the dialog always sends it. */
export function createApiToken(
  body: { name: string; password: string; expiresInDays: number },
  options: Options,
): Promise<CreatedApiToken> {
  return apiPost<CreatedApiToken>('/platform/platform/user/token', body, options);
}

export function revokeApiToken(id: string, options: Options): Promise<unknown> {
  return apiSend<unknown>('DELETE', `/platform/platform/user/token/${encodeURIComponent(id)}`, undefined, options);
}

// Anonymous — /api/platform

/** `/reg`: creates an inactive account and mails a one-time link. */
export function register(body: RegisterRequest, options: Options): Promise<unknown> {
  return apiPost<unknown>('/platform/oauth/tryout/account/PCRegister', body, options);
}

/** `/signUp`: records a trial application (GET with query parameters, as the spec lists it). */
export function applyTryout(body: TryoutRequest, options: Options): Promise<unknown> {
  return apiGet<unknown>('/platform/oauth/apply/tryout', { ...options, query: { ...body } });
}

export function forgetPassword(email: string, options: Options): Promise<unknown> {
  return apiGet<unknown>('/platform/oauth/forget/password', { ...options, query: { email } });
}

export function resetPassword(body: { token: string; password: string }, options: Options): Promise<unknown> {
  return apiPost<unknown>('/platform/oauth/reset/password', body, options);
}

import { ALL_PERMISSIONS, type TokenResponse, type UserInfo } from '@patlas/contracts';
import type { FakeResponse } from './render-app';

/** Answers of the auth API for web tests (stubFetch), shaped as the contract says. */
export const ok = (data: unknown): FakeResponse => ({ status: 200, body: { status: 1, message: '', data } });
export const failure = (http: number, code: string, message: string, status = 0): FakeResponse => ({
  status: http,
  body: { status, message, data: { code } },
});

export const CAPTCHA_ID = 'abcdefghijklmnopqrstuvwxyzABCDEF';
export const captchaAnswer = (uuid = CAPTCHA_ID) =>
  ok({
    uuid,
    image: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
    expiresIn: 60,
  });

export function tokenAnswer(access = 'fresh-token', loginType: TokenResponse['loginType'] = 'password'): FakeResponse {
  return ok({
    access_token: access,
    token_type: 'bearer',
    // The web app asks for the refresh token as a cookie (REFRESH_COOKIE): the body has none.
    expires_in: 7200,
    tenantCode: 'default',
    canOperation: true,
    loginType,
  } satisfies TokenResponse);
}

export function userInfoAnswer(fullname = '演示用户', loginType: UserInfo['loginType'] = 'password'): FakeResponse {
  return ok({
    userId: 'u1',
    fullname,
    email: 'demo@patlas.local',
    tenantId: 't1',
    tenantCode: 'default',
    canOperation: true,
    loginType,
    userCustomConfig: {
      theme: 2,
      language: 'zh',
      semanticsSearchWeightInfo: '3,3,3,3',
      mergeType: 0,
      messageCount: 0,
      remind: {},
    },
    userCreationDays: 3,
    lastLoginTime: null,
  } satisfies UserInfo);
}

export const menuAnswer = (menu: readonly string[] = ALL_PERMISSIONS.filter((p) => p !== '/sys')) => ok({ menu });

export const healthAnswer = ok({ patents: 25_000, version: '0.1.0' });

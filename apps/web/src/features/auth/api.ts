import { authEndpoints, type CaptchaResponse, type LoginRequest, type TokenResponse } from '@patlas/contracts';
import type { RequestOptions } from '../../api/client';
import { call } from '../../api/endpoint-call';

type Options = Omit<RequestOptions, 'query' | 'auth'>;

// The login form's anonymous calls (/api/platform): no bearer token, and their 401 / -3 answers are this feature's to read.

/** `GET /oauth/captcha`: a new 4-character image and its 32-letter id. */
export function fetchCaptcha(options: Options): Promise<CaptchaResponse> {
  return call(authEndpoints.captcha, {}, { ...options, auth: false });
}

/** `POST /oauth/email/token`; `password` is already encrypted with the captcha id. */
export function loginByEmail(body: LoginRequest, options: Options): Promise<TokenResponse> {
  return call(authEndpoints.login, { body }, { ...options, auth: false });
}

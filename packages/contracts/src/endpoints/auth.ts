import { z } from 'zod';
import {
  ApiTokenSchema,
  CanIpLoginResponseSchema,
  CaptchaResponseSchema,
  CheckUserResponseSchema,
  CreateApiTokenRequestSchema,
  CreateApiTokenResponseSchema,
  LoginRequestSchema,
  RefreshQuerySchema,
  RefreshRequestSchema,
  SocketTicketSchema,
  TokenResponseSchema,
  UserMenuSchema,
} from '../auth.js';
import { endpoint } from '../endpoint.js';

/**
 * Login, sessions and personal API tokens on the platform base (spec 1 §7 "Authentication and
 * account"), the menu on the product base. The logout answers every method (`app.all`) and is not
 * defined here.
 */
export const authEndpoints = {
  captcha: endpoint({ method: 'GET', path: '/platform/oauth/captcha', response: CaptchaResponseSchema }),
  /** Test mode only: lets API and end-to-end tests log in through the real captcha check. */
  captchaTestAnswer: endpoint({
    method: 'GET',
    path: '/platform/oauth/captcha/test-answer',
    query: z.object({ uuid: z.string() }),
    response: z.object({ answer: z.string() }),
  }),
  login: endpoint({
    method: 'POST',
    path: '/platform/oauth/email/token',
    body: LoginRequestSchema,
    response: TokenResponseSchema,
  }),
  refresh: endpoint({
    method: 'POST',
    path: '/platform/oauth/refresh/token',
    body: RefreshRequestSchema,
    response: TokenResponseSchema,
  }),
  // The spec's form (spec 1 §7), kept for clients written against it; prefer the POST.
  refreshByQuery: endpoint({
    method: 'GET',
    path: '/platform/oauth/refresh/token',
    query: RefreshQuerySchema,
    response: TokenResponseSchema,
  }),
  checkUser: endpoint({
    method: 'GET',
    path: '/platform/oauth/check/user',
    query: z.object({ email: z.string().optional() }),
    response: CheckUserResponseSchema,
  }),
  canIpLogin: endpoint({ method: 'GET', path: '/platform/oauth/can/iplogin', response: CanIpLoginResponseSchema }),
  ipLogin: endpoint({ method: 'GET', path: '/platform/oauth/ip/token', response: TokenResponseSchema }),
  socketTicket: endpoint({ method: 'POST', path: '/platform/platform/socket/ticket', response: SocketTicketSchema }),
  listApiTokens: endpoint({ method: 'GET', path: '/platform/platform/user/token', response: z.array(ApiTokenSchema) }),
  createApiToken: endpoint({
    method: 'POST',
    path: '/platform/platform/user/token',
    body: CreateApiTokenRequestSchema,
    response: CreateApiTokenResponseSchema,
  }),
  revokeApiToken: endpoint({
    method: 'DELETE',
    path: '/platform/platform/user/token/:id',
    params: z.object({ id: z.string().max(100) }),
  }),
  userMenu: endpoint({ method: 'POST', path: '/product/user/menu', response: UserMenuSchema }),
  /** Spec 1 §7 "/platform/logout", method not stated: POST (the web app's) and GET. */
  logout: endpoint({ method: 'POST', path: '/platform/platform/logout', response: z.null() }),
  logoutGet: endpoint({ method: 'GET', path: '/platform/platform/logout', response: z.null() }),
};

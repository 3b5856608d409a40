import { authEndpoints as endpoints, REFRESH_COOKIE, type TokenResponse } from '@patlas/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.js';
import { bearerTokenOf, requireUser } from '../../kernel/access.plugin.js';
import { route } from '../../kernel/route.js';
import type { ApiTokenService } from './api-token.service.js';
import type { LoginService } from './login.service.js';
import type { SessionService } from './session.service.js';
import { ok } from '../../envelope.js';

export interface AuthRoutesOptions {
  login: LoginService;
  sessions: SessionService;
  apiTokens: ApiTokenService;
  /** Requests per minute and client address to login, captcha, refresh and IP login. */
  rateLimitPerMinute: number;
  /** Registers GET /oauth/captcha/test-answer (test mode only). */
  isTestMode: boolean;
}

/**
 * Answers that carry a secret (tokens, a captcha) must not be kept by the browser's or a proxy's
 * cache (issue 41: the login answer had no Cache-Control).
 */
function noStore(reply: FastifyReply): void {
  void reply.header('cache-control', 'no-store');
}

/**
 * The answer of a login, IP login or refresh. A caller that asks for the cookie transport (the web
 * app) gets the refresh token as an httpOnly, SameSite=Strict cookie scoped to /api/platform and
 * not in the body, so no script on the page can read it; other API clients get the spec's body field.
 */
function tokenAnswer(request: FastifyRequest, reply: FastifyReply, tokens: TokenResponse) {
  noStore(reply);
  if (request.headers[REFRESH_COOKIE.transportHeader] !== 'cookie' || !tokens.refresh_token) return ok(tokens);
  void reply.setCookie(REFRESH_COOKIE.name, tokens.refresh_token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: REFRESH_COOKIE.path,
    // Spec 1 §4: "A refresh token lives twice as long as the token".
    maxAge: 2 * tokens.expires_in,
  });
  const { refresh_token: _inCookie, ...rest } = tokens;
  return ok(rest);
}

function clearRefreshCookie(request: FastifyRequest, reply: FastifyReply): void {
  if (request.cookies[REFRESH_COOKIE.name] === undefined) return;
  void reply.clearCookie(REFRESH_COOKIE.name, { path: REFRESH_COOKIE.path, httpOnly: true, sameSite: 'strict' });
}

/** Login, sessions and personal API tokens under /api/platform (spec 1 §7 "Authentication and account"). */
export const authPlatformRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { login, sessions, apiTokens, rateLimitPerMinute, isTestMode },
) => {
  const rateLimit = { max: rateLimitPerMinute, timeWindow: '1 minute' };

  route(
    app,
    endpoints.captcha,
    {
      config: { access: 'public', rateLimit },
      schema: {
        summary: 'A new login captcha (4 characters, 60 s, single use)',
        tags: ['auth'],
      },
    },
    async (_request, reply) => {
      noStore(reply);
      return ok(await login.createCaptcha());
    },
  );

  if (isTestMode) {
    // Test mode only: lets API and end-to-end tests log in through the real captcha check.
    route(
      app,
      endpoints.captchaTestAnswer,
      {
        config: { access: 'public' },
        schema: { tags: ['auth'] },
      },
      async (request) => {
        const answer = await login.captchaAnswer(request.query.uuid);
        if (answer === undefined) throw new AppError('CAPTCHA_EXPIRED');
        return ok({ answer });
      },
    );
  }

  route(
    app,
    endpoints.login,
    {
      config: { access: 'public', rateLimit },
      schema: {
        summary: 'Password login; the password is encryptPassword(plain, uuid)',
        tags: ['auth'],
      },
    },
    async (request, reply) => tokenAnswer(request, reply, await login.loginWithPassword(request.body, request.ip)),
  );

  route(
    app,
    endpoints.refresh,
    {
      config: { access: 'public', rateLimit },
      schema: {
        summary:
          'Rotates the tokens: new access and refresh token. The used refresh token stops working; used again later, it ends the session. Without refresh_token in the body, the refresh cookie is used',
        tags: ['auth'],
      },
    },
    async (request, reply) => {
      const refreshToken = request.body.refresh_token ?? request.cookies[REFRESH_COOKIE.name];
      if (!refreshToken) throw new AppError('REFRESH_TOKEN_INVALID');
      return tokenAnswer(request, reply, await login.refresh(refreshToken, request.ip));
    },
  );

  // The spec's form (spec 1 §7), kept for clients written against it. The token is in the URL:
  // no request log lines for this route, and the logger masks it in any other line (app.ts).
  route(
    app,
    endpoints.refreshByQuery,
    {
      config: { access: 'public', rateLimit },
      logLevel: 'warn',
      schema: {
        summary: 'As POST /oauth/refresh/token, with the token in the query (spec form; prefer the POST)',
        tags: ['auth'],
      },
    },
    async (request, reply) => tokenAnswer(request, reply, await login.refresh(request.query.refresh_token, request.ip)),
  );

  // Public: an expired access token must still be able to end its session.
  for (const definition of [endpoints.logout, endpoints.logoutGet]) {
    route(
      app,
      definition,
      {
        config: { access: 'public' },
        schema: {
          summary: 'Ends the session of the bearer token, or else of the refresh cookie; always answers status 1',
          tags: ['auth'],
        },
      },
      async (request, reply) => {
        await login.logout(bearerTokenOf(request), request.ip, request.cookies[REFRESH_COOKIE.name]);
        clearRefreshCookie(request, reply);
        return ok(null);
      },
    );
  }

  route(
    app,
    endpoints.checkUser,
    {
      config: { access: 'authenticated' },
      schema: {
        summary: "Whether the caller's own account has a live session on another device",
        tags: ['auth'],
      },
    },
    async (request) => {
      const { userId, sessionId } = request.auth;
      // Never answers for other accounts: the email parameter is ignored.
      const online = userId ? await sessions.hasOtherLivePasswordSession(userId, sessionId) : false;
      return ok({ online });
    },
  );

  route(
    app,
    endpoints.canIpLogin,
    {
      config: { access: 'public', rateLimit },
      schema: {
        summary: "Whether the visitor's address lies in a tenant's IP ranges",
        tags: ['auth'],
      },
    },
    async (request) => {
      const tenant = await login.tenantForIp(request.ip);
      return ok(tenant ? { canIpLogin: true, tenantCode: tenant.code } : { canIpLogin: false });
    },
  );

  route(
    app,
    endpoints.ipLogin,
    {
      config: { access: 'public', rateLimit },
      schema: {
        summary: 'IP login: a session for a visitor inside a tenant IP range (loginType ip)',
        tags: ['auth'],
      },
    },
    async (request, reply) => tokenAnswer(request, reply, await login.loginWithIp(request.ip)),
  );

  route(
    app,
    endpoints.socketTicket,
    {
      config: { access: 'authenticated' },
      schema: {
        summary:
          'A single-use ticket (30 s) that opens a websocket as ?ticket= for the caller; websockets take no token in the URL',
        tags: ['auth'],
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(await sessions.issueSocketTicket(requireUser(request)));
    },
  );

  route(
    app,
    endpoints.listApiTokens,
    {
      config: { access: 'authenticated' },
      schema: {
        summary: "The caller's personal API tokens (without their secrets)",
        tags: ['auth'],
      },
    },
    async (request) => ok(await apiTokens.list(requireUser(request).userId)),
  );

  route(
    app,
    endpoints.createApiToken,
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Creates a personal API token; the token is shown in this answer only',
        tags: ['auth'],
      },
    },
    async (request, reply) => {
      noStore(reply);
      return ok(await apiTokens.createForCaller(requireUser(request), request.body, request.ip));
    },
  );

  route(
    app,
    endpoints.revokeApiToken,
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Revokes a personal API token',
        tags: ['auth'],
      },
    },
    async (request) => {
      await apiTokens.revoke(requireUser(request), request.params.id, request.ip);
      return ok(null);
    },
  );
};

/** The menu under /api/product. */
export const authProductRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    endpoints.userMenu,
    {
      config: { access: 'authenticated' },
      schema: {
        summary: "The caller's menu: the union of their roles' permissions",
        tags: ['auth'],
      },
    },
    async (request) => ok({ menu: request.auth.permissions }),
  );
};

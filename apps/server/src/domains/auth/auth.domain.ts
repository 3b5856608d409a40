import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ApiTokenService } from './api-token.service.js';
import { authPlatformRoutes, authProductRoutes } from './auth.routes.js';
import type { LoginService } from './login.service.js';
import type { SessionService } from './session.service.js';

export interface AuthDomainDeps {
  login: LoginService;
  sessions: SessionService;
  apiTokens: ApiTokenService;
  /** Requests per minute and client address to login, captcha, refresh and IP login. */
  rateLimitPerMinute: number;
  /** Registers GET /oauth/captcha/test-answer (test mode only). */
  isTestMode: boolean;
}

/** Login, sessions, API tokens (/platform) and the menu (/product); registered under /api. */
export const authDomain: FastifyPluginAsyncZod<AuthDomainDeps> = async (app, deps) => {
  const { login, sessions, apiTokens, rateLimitPerMinute, isTestMode } = deps;
  await app.register(authPlatformRoutes, {
    prefix: '/platform',
    login,
    sessions,
    apiTokens,
    rateLimitPerMinute,
    isTestMode,
  });
  await app.register(authProductRoutes, { prefix: '/product' });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountPlatformRoutes, accountProductRoutes } from './account.routes.js';
import type { AccountService } from './account.service.js';
import type { DisplayCopyService } from './display-copy.service.js';
import type { RegistrationService } from './registration.service.js';

export interface AccountDomainDeps {
  registration: RegistrationService;
  account: AccountService;
  displayCopy: DisplayCopyService;
  /** Requests per minute and client address to the anonymous calls (registration, reset…). */
  rateLimitPerMinute: number;
}

/**
 * The account domain under /api: /platform (registration, reset, own account) and /product
 * (info, quotas, guide, custom config, site text).
 */
export const accountDomain: FastifyPluginAsyncZod<AccountDomainDeps> = async (app, deps) => {
  const { registration, account, displayCopy, rateLimitPerMinute } = deps;
  await app.register(accountPlatformRoutes, { prefix: '/platform', registration, account, rateLimitPerMinute });
  await app.register(accountProductRoutes, { prefix: '/product', account, displayCopy });
};

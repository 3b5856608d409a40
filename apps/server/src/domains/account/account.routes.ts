import { accountEndpoints as endpoints } from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { route } from '../../kernel/route.js';
import { languageOf } from '../../plugins/locale.js';
import type { AccountService } from './account.service.js';
import type { DisplayCopyService } from './display-copy.service.js';
import type { RegistrationService } from './registration.service.js';
import { ok } from '../../envelope.js';

/** Registration, trial application, password reset and own account: spec 1 §7 on the platform base. */
export const accountPlatformRoutes: FastifyPluginAsyncZod<{
  registration: RegistrationService;
  account: AccountService;
  rateLimitPerMinute: number;
}> = async (app, { registration, account, rateLimitPerMinute }) => {
  // The anonymous calls send mail or try tokens: limited per client address like the login.
  const rateLimit = { max: rateLimitPerMinute, timeWindow: '1 minute' };

  route(
    app,
    endpoints.register,
    {
      config: { access: 'public', rateLimit },
      schema: {
        summary: 'Register (/reg): creates an account without a password and mails a one-time link to set it',
        tags: ['account'],
      },
    },
    async (request) => {
      await registration.register(request.body, { lang: languageOf(request), ip: request.ip });
      return ok(null);
    },
  );

  route(
    app,
    endpoints.applyTryout,
    {
      config: { access: 'public', rateLimit },
      // The query carries name, phone and organisation: keep them out of the request log lines.
      logLevel: 'warn',
      schema: {
        summary: 'Trial application (/signUp): stored for the operators, acknowledged by mail',
        tags: ['account'],
      },
    },
    async (request) => {
      await registration.applyTryout(request.query, { lang: languageOf(request), ip: request.ip });
      return ok(null);
    },
  );

  route(
    app,
    endpoints.forgetPassword,
    {
      config: { access: 'public', rateLimit },
      schema: {
        summary: 'Forgotten password: mails a one-time link if the account exists; the answer is the same either way',
        tags: ['account'],
      },
    },
    async (request) => {
      await registration.forgotPassword(request.query.email, { lang: languageOf(request), ip: request.ip });
      return ok(null);
    },
  );

  route(
    app,
    endpoints.resetPassword,
    {
      config: { access: 'public', rateLimit },
      schema: {
        summary: 'Set the password from a mailed link (registration or reset); ends every session of the account',
        tags: ['account'],
      },
    },
    async (request) => {
      await registration.resetPassword(request.body.token, request.body.password, {
        lang: languageOf(request),
        ip: request.ip,
      });
      return ok(null);
    },
  );

  route(
    app,
    endpoints.updatePassword,
    {
      config: { access: 'modifyPassword' },
      schema: {
        summary: 'Change the own password (needs the current one); ends the other sessions',
        tags: ['account'],
      },
    },
    async (request) => {
      await account.updatePassword(request.auth, request.body.oldPassword, request.body.newPassword, request.ip);
      return ok(null);
    },
  );

  // Spec 1 §7 lists these two without a method: both GET (query) and POST (body) are answered.
  route(
    app,
    endpoints.updateFullnameByQuery,
    {
      config: { access: 'userInfo' },
      schema: {
        summary: 'Change the own name (query)',
        tags: ['account'],
      },
    },
    async (request) => ok(await account.updateFullname(request.auth, request.query.fullname, request.ip)),
  );
  route(
    app,
    endpoints.updateFullname,
    {
      config: { access: 'userInfo' },
      schema: {
        summary: 'Change the own name (body)',
        tags: ['account'],
      },
    },
    async (request) => ok(await account.updateFullname(request.auth, request.body.fullname, request.ip)),
  );

  // Issue 41: a change is made only once the link mailed to the new address is opened.
  route(
    app,
    endpoints.updateEmailByQuery,
    {
      config: { access: 'userInfo' },
      // The query carries the password: no request log lines for this route.
      logLevel: 'warn',
      schema: {
        summary:
          'Change the own e-mail address (query; needs the current password): mails a confirmation link to the new address and a notice to the current one',
        tags: ['account'],
      },
    },
    async (request) =>
      ok(
        await account.updateEmail(request.auth, request.query.email, request.query.password, {
          ip: request.ip,
          lang: languageOf(request),
        }),
      ),
  );
  route(
    app,
    endpoints.updateEmail,
    {
      config: { access: 'userInfo' },
      schema: {
        summary:
          'Change the own e-mail address (body; needs the current password): mails a confirmation link to the new address and a notice to the current one',
        tags: ['account'],
      },
    },
    async (request) =>
      ok(
        await account.updateEmail(request.auth, request.body.email, request.body.password, {
          ip: request.ip,
          lang: languageOf(request),
        }),
      ),
  );

  route(
    app,
    endpoints.confirmEmail,
    {
      config: { access: 'public', rateLimit },
      schema: {
        summary:
          "Makes an e-mail change from the mailed link (once, before expiry); revokes the account's personal API tokens",
        tags: ['account'],
      },
    },
    async (request) =>
      ok(await account.confirmEmail(request.body.token, { ip: request.ip, lang: languageOf(request) })),
  );
};

/** User info, quotas, guide reminders, custom config and site text: spec 1 §7 on the product base. */
export const accountProductRoutes: FastifyPluginAsyncZod<{
  account: AccountService;
  displayCopy: DisplayCopyService;
}> = async (app, { account, displayCopy }) => {
  route(
    app,
    endpoints.userInfo,
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'The caller: name, e-mail, organisation, custom config, account age, last login',
        tags: ['account'],
      },
    },
    async (request) => ok(await account.userInfo(request.auth)),
  );

  route(
    app,
    endpoints.userLimit,
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'The caller’s quotas: limit (null = unlimited) and used, per kind',
        tags: ['account'],
      },
    },
    async (request) => ok(await account.userLimit(request.auth)),
  );

  route(
    app,
    endpoints.functionGuide,
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Guide reminders in the caller’s language, with whether each was clicked',
        tags: ['account'],
      },
    },
    async (request) => ok(await account.functionGuide(request.auth, languageOf(request))),
  );

  route(
    app,
    endpoints.saveFunctionGuide,
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Mark a guide reminder as clicked',
        tags: ['account'],
      },
    },
    async (request) => {
      await account.saveFunctionGuide(request.auth, request.body.remindKey);
      return ok(null);
    },
  );

  route(
    app,
    endpoints.getCustomConfig,
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'The caller’s custom config, every field filled (defaults for what was never saved)',
        tags: ['account'],
      },
    },
    async (request) => ok(await account.getCustomConfig(request.auth)),
  );

  route(
    app,
    endpoints.saveCustomConfig,
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Merge a partial custom config into the stored one; answers the whole config (not for IP logins)',
        tags: ['account'],
      },
    },
    async (request) => ok(await account.saveCustomConfig(request.auth, request.body)),
  );

  route(
    app,
    endpoints.displayCopy,
    {
      config: { access: 'public' },
      schema: {
        summary:
          'Site text items (name, content), no token needed. A name ending in ".en" is the English text of the name before it',
        tags: ['account'],
      },
    },
    async () => ok(await displayCopy.list()),
  );
};

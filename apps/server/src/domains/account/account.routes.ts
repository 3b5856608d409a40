import {
  DisplayCopyItemSchema,
  envelopeOf,
  ForgetPasswordQuerySchema,
  GuideItemSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  SaveCustomConfigRequestSchema,
  TryoutRequestSchema,
  ConfirmEmailRequestSchema,
  UpdateEmailRequestSchema,
  UpdateEmailResponseSchema,
  UpdateFullnameRequestSchema,
  UpdatePasswordRequestSchema,
  UserCustomConfigSchema,
  UserInfoSchema,
  UserLimitSchema,
} from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { languageOf } from '../../plugins/locale.js';
import type { AccountService } from './account.service.js';
import type { DisplayCopyService } from './display-copy.service.js';
import { FUNCTION_GUIDE_KEYS } from './function-guide.js';
import type { RegistrationService } from './registration.service.js';
import { ok } from '../../envelope.js';

const NoData = envelopeOf(z.null());

/**
 * The weights pattern only: "cannot all be 0" is checked by the service, so it answers the spec's
 * own message (语义检索权重不能全部为 0) rather than a generic validation error.
 */
const SaveCustomConfigBodySchema = SaveCustomConfigRequestSchema.extend({
  semanticsSearchWeightInfo: z
    .string()
    .regex(/^\d+,\d+,\d+,\d+$/)
    .optional(),
});

const SaveFunctionGuideRequestSchema = z.object({ remindKey: z.enum(FUNCTION_GUIDE_KEYS) });

/** Registration, trial application, password reset and own account: spec 1 §7 on the platform base. */
export const accountPlatformRoutes: FastifyPluginAsyncZod<{
  registration: RegistrationService;
  account: AccountService;
  rateLimitPerMinute: number;
}> = async (app, { registration, account, rateLimitPerMinute }) => {
  // The anonymous calls send mail or try tokens: limited per client address like the login.
  const rateLimit = { max: rateLimitPerMinute, timeWindow: '1 minute' };

  app.post(
    '/oauth/tryout/account/PCRegister',
    {
      config: { access: 'public', rateLimit },
      schema: {
        summary: 'Register (/reg): creates an account without a password and mails a one-time link to set it',
        tags: ['account'],
        body: RegisterRequestSchema,
        response: { 200: NoData },
      },
    },
    async (request) => {
      await registration.register(request.body, { lang: languageOf(request), ip: request.ip });
      return ok(null);
    },
  );

  app.get(
    '/oauth/apply/tryout',
    {
      config: { access: 'public', rateLimit },
      // The query carries name, phone and organisation: keep them out of the request log lines.
      logLevel: 'warn',
      schema: {
        summary: 'Trial application (/signUp): stored for the operators, acknowledged by mail',
        tags: ['account'],
        querystring: TryoutRequestSchema,
        response: { 200: NoData },
      },
    },
    async (request) => {
      await registration.applyTryout(request.query, { lang: languageOf(request), ip: request.ip });
      return ok(null);
    },
  );

  app.get(
    '/oauth/forget/password',
    {
      config: { access: 'public', rateLimit },
      schema: {
        summary: 'Forgotten password: mails a one-time link if the account exists; the answer is the same either way',
        tags: ['account'],
        querystring: ForgetPasswordQuerySchema,
        response: { 200: NoData },
      },
    },
    async (request) => {
      await registration.forgotPassword(request.query.email, { lang: languageOf(request), ip: request.ip });
      return ok(null);
    },
  );

  app.post(
    '/oauth/reset/password',
    {
      config: { access: 'public', rateLimit },
      schema: {
        summary: 'Set the password from a mailed link (registration or reset); ends every session of the account',
        tags: ['account'],
        body: ResetPasswordRequestSchema,
        response: { 200: NoData },
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

  app.post(
    '/platform/update/password',
    {
      config: { access: 'modifyPassword' },
      schema: {
        summary: 'Change the own password (needs the current one); ends the other sessions',
        tags: ['account'],
        body: UpdatePasswordRequestSchema,
        response: { 200: NoData },
      },
    },
    async (request) => {
      await account.updatePassword(request.auth, request.body.oldPassword, request.body.newPassword, request.ip);
      return ok(null);
    },
  );

  // Spec 1 §7 lists these two without a method: both GET (query) and POST (body) are answered.
  const FullnameResponse = envelopeOf(z.object({ fullname: z.string() }));
  app.get(
    '/platform/update/fullname',
    {
      config: { access: 'userInfo' },
      schema: {
        summary: 'Change the own name (query)',
        tags: ['account'],
        querystring: UpdateFullnameRequestSchema,
        response: { 200: FullnameResponse },
      },
    },
    async (request) => ok(await account.updateFullname(request.auth, request.query.fullname, request.ip)),
  );
  app.post(
    '/platform/update/fullname',
    {
      config: { access: 'userInfo' },
      schema: {
        summary: 'Change the own name (body)',
        tags: ['account'],
        body: UpdateFullnameRequestSchema,
        response: { 200: FullnameResponse },
      },
    },
    async (request) => ok(await account.updateFullname(request.auth, request.body.fullname, request.ip)),
  );

  // Issue 41: a change is made only once the link mailed to the new address is opened.
  const EmailResponse = envelopeOf(UpdateEmailResponseSchema);
  app.get(
    '/platform/update/email',
    {
      config: { access: 'userInfo' },
      // The query carries the password: no request log lines for this route.
      logLevel: 'warn',
      schema: {
        summary:
          'Change the own e-mail address (query; needs the current password): mails a confirmation link to the new address and a notice to the current one',
        tags: ['account'],
        querystring: UpdateEmailRequestSchema,
        response: { 200: EmailResponse },
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
  app.post(
    '/platform/update/email',
    {
      config: { access: 'userInfo' },
      schema: {
        summary:
          'Change the own e-mail address (body; needs the current password): mails a confirmation link to the new address and a notice to the current one',
        tags: ['account'],
        body: UpdateEmailRequestSchema,
        response: { 200: EmailResponse },
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

  app.post(
    '/oauth/confirm/email',
    {
      config: { access: 'public', rateLimit },
      schema: {
        summary:
          "Makes an e-mail change from the mailed link (once, before expiry); revokes the account's personal API tokens",
        tags: ['account'],
        body: ConfirmEmailRequestSchema,
        response: { 200: envelopeOf(z.object({ email: z.string() })) },
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
  app.post(
    '/user/info',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'The caller: name, e-mail, organisation, custom config, account age, last login',
        tags: ['account'],
        response: { 200: envelopeOf(UserInfoSchema) },
      },
    },
    async (request) => ok(await account.userInfo(request.auth)),
  );

  app.post(
    '/user/limit',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'The caller’s quotas: limit (null = unlimited) and used, per kind',
        tags: ['account'],
        response: { 200: envelopeOf(UserLimitSchema) },
      },
    },
    async (request) => ok(await account.userLimit(request.auth)),
  );

  app.get(
    '/user/functionGuide',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Guide reminders in the caller’s language, with whether each was clicked',
        tags: ['account'],
        response: { 200: envelopeOf(z.array(GuideItemSchema)) },
      },
    },
    async (request) => ok(await account.functionGuide(request.auth, languageOf(request))),
  );

  app.post(
    '/user/saveFunctionGuide',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Mark a guide reminder as clicked',
        tags: ['account'],
        body: SaveFunctionGuideRequestSchema,
        response: { 200: NoData },
      },
    },
    async (request) => {
      await account.saveFunctionGuide(request.auth, request.body.remindKey);
      return ok(null);
    },
  );

  app.post(
    '/userCustomConfig/getCustomConfig',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'The caller’s custom config, every field filled (defaults for what was never saved)',
        tags: ['account'],
        response: { 200: envelopeOf(UserCustomConfigSchema) },
      },
    },
    async (request) => ok(await account.getCustomConfig(request.auth)),
  );

  app.post(
    '/userCustomConfig/save',
    {
      config: { access: 'authenticated' },
      schema: {
        summary: 'Merge a partial custom config into the stored one; answers the whole config (not for IP logins)',
        tags: ['account'],
        body: SaveCustomConfigBodySchema,
        response: { 200: envelopeOf(UserCustomConfigSchema) },
      },
    },
    async (request) => ok(await account.saveCustomConfig(request.auth, request.body)),
  );

  app.get(
    '/system/display/copy',
    {
      config: { access: 'public' },
      schema: {
        summary:
          'Site text items (name, content), no token needed. A name ending in ".en" is the English text of the name before it',
        tags: ['account'],
        response: { 200: envelopeOf(z.array(DisplayCopyItemSchema)) },
      },
    },
    async () => ok(await displayCopy.list()),
  );
};

import { z } from 'zod';
import {
  ConfirmEmailRequestSchema,
  DisplayCopyItemSchema,
  ForgetPasswordQuerySchema,
  GuideItemSchema,
  RegisterRequestSchema,
  ResetPasswordRequestSchema,
  SaveCustomConfigRequestSchema,
  SaveFunctionGuideRequestSchema,
  TryoutRequestSchema,
  UpdateEmailRequestSchema,
  UpdateEmailResponseSchema,
  UpdateFullnameRequestSchema,
  UpdatePasswordRequestSchema,
  UserCustomConfigSchema,
  UserInfoSchema,
  UserLimitSchema,
} from '../auth.js';
import { endpoint } from '../endpoint.js';

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

const FullnameResponseSchema = z.object({ fullname: z.string() });

/**
 * Registration, trial application, password reset and own account (spec 1 §7): on the platform base
 * the anonymous calls and the own account's changes, on the product base user info, quotas, guide
 * reminders, custom config and site text.
 */
export const accountEndpoints = {
  register: endpoint({
    method: 'POST',
    path: '/platform/oauth/tryout/account/PCRegister',
    body: RegisterRequestSchema,
    response: z.null(),
  }),
  applyTryout: endpoint({
    method: 'GET',
    path: '/platform/oauth/apply/tryout',
    query: TryoutRequestSchema,
    response: z.null(),
  }),
  forgetPassword: endpoint({
    method: 'GET',
    path: '/platform/oauth/forget/password',
    query: ForgetPasswordQuerySchema,
    response: z.null(),
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/platform/oauth/reset/password',
    body: ResetPasswordRequestSchema,
    response: z.null(),
  }),
  updatePassword: endpoint({
    method: 'POST',
    path: '/platform/platform/update/password',
    body: UpdatePasswordRequestSchema,
    response: z.null(),
  }),
  // Spec 1 §7 lists the name and e-mail changes without a method: both GET (query) and POST (body) are answered.
  updateFullnameByQuery: endpoint({
    method: 'GET',
    path: '/platform/platform/update/fullname',
    query: UpdateFullnameRequestSchema,
    response: FullnameResponseSchema,
  }),
  updateFullname: endpoint({
    method: 'POST',
    path: '/platform/platform/update/fullname',
    body: UpdateFullnameRequestSchema,
    response: FullnameResponseSchema,
  }),
  updateEmailByQuery: endpoint({
    method: 'GET',
    path: '/platform/platform/update/email',
    query: UpdateEmailRequestSchema,
    response: UpdateEmailResponseSchema,
  }),
  updateEmail: endpoint({
    method: 'POST',
    path: '/platform/platform/update/email',
    body: UpdateEmailRequestSchema,
    response: UpdateEmailResponseSchema,
  }),
  confirmEmail: endpoint({
    method: 'POST',
    path: '/platform/oauth/confirm/email',
    body: ConfirmEmailRequestSchema,
    response: z.object({ email: z.string() }),
  }),
  userInfo: endpoint({ method: 'POST', path: '/product/user/info', response: UserInfoSchema }),
  userLimit: endpoint({ method: 'POST', path: '/product/user/limit', response: UserLimitSchema }),
  functionGuide: endpoint({ method: 'GET', path: '/product/user/functionGuide', response: z.array(GuideItemSchema) }),
  saveFunctionGuide: endpoint({
    method: 'POST',
    path: '/product/user/saveFunctionGuide',
    body: SaveFunctionGuideRequestSchema,
    response: z.null(),
  }),
  getCustomConfig: endpoint({
    method: 'POST',
    path: '/product/userCustomConfig/getCustomConfig',
    response: UserCustomConfigSchema,
  }),
  saveCustomConfig: endpoint({
    method: 'POST',
    path: '/product/userCustomConfig/save',
    body: SaveCustomConfigBodySchema,
    response: UserCustomConfigSchema,
  }),
  displayCopy: endpoint({
    method: 'GET',
    path: '/product/system/display/copy',
    response: z.array(DisplayCopyItemSchema),
  }),
};

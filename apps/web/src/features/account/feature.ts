import { defineFeature } from '../../app/define-feature';
import {
  CONFIRM_EMAIL_PATH,
  INFORMATION_ALIAS_PATH,
  INFORMATION_PATH,
  PASSWORD_PATH,
  REGISTER_PATH,
  RESET_PASSWORD_PATH,
  SETTING_PATH,
  SIGN_UP_PATH,
} from './paths';

const information = {
  titleKey: 'account:routes.information',
  access: 'userInfo',
  tab: { permission: 'userInfo' },
  page: async () => (await import('./InformationPage')).InformationPage,
} as const;

/** The account's own pages (in the user menu) and the anonymous account pages (spec 1 §2). */
export const accountFeature = defineFeature({
  routes: [
    // Spec 1 §2: "/user goes to /user/information".
    { path: '/user', redirectTo: INFORMATION_PATH },
    {
      path: INFORMATION_PATH,
      ...information,
      menu: { group: 'user', labelKey: 'account:menu.information', order: 10 },
    },
    { path: INFORMATION_ALIAS_PATH, ...information },
    {
      path: PASSWORD_PATH,
      titleKey: 'account:routes.password',
      access: 'modifyPassword',
      tab: { permission: 'modifyPassword' },
      menu: { group: 'user', labelKey: 'account:menu.password', order: 20 },
      page: async () => (await import('./PasswordPage')).PasswordPage,
    },
    {
      path: SETTING_PATH,
      titleKey: 'account:routes.setting',
      access: 'userSet',
      tab: { permission: 'userSet' },
      menu: { group: 'user', labelKey: 'account:menu.setting', order: 30 },
      page: async () => (await import('./SettingPage')).SettingPage,
    },
    {
      path: REGISTER_PATH,
      titleKey: 'account:routes.register',
      access: 'public',
      page: async () => (await import('./RegisterPage')).RegisterPage,
    },
    {
      path: SIGN_UP_PATH,
      titleKey: 'account:routes.signUp',
      access: 'public',
      page: async () => (await import('./SignUpPage')).SignUpPage,
    },
    {
      path: RESET_PASSWORD_PATH,
      titleKey: 'account:routes.resetPassword',
      access: 'public',
      page: async () => (await import('./ResetPasswordPage')).ResetPasswordPage,
    },
    {
      path: CONFIRM_EMAIL_PATH,
      titleKey: 'account:routes.confirmEmail',
      access: 'public',
      page: async () => (await import('./ConfirmEmailPage')).ConfirmEmailPage,
    },
  ],
});

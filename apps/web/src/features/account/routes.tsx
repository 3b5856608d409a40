import { Navigate, type RouteObject } from 'react-router';
import type { PermissionRule } from '@patlas/contracts';
import type { RouteHandle } from '../../app/route-handle';
import {
  INFORMATION_ALIAS_PATH,
  INFORMATION_PATH,
  PASSWORD_PATH,
  REGISTER_PATH,
  RESET_PASSWORD_PATH,
  SETTING_PATH,
  SIGN_UP_PATH,
} from './paths';

const informationHandle = {
  titleKey: 'account:routes.information',
  access: 'userInfo',
  tab: { permission: 'userInfo' },
} satisfies RouteHandle;

const loadInformation = async () => ({ Component: (await import('./InformationPage')).InformationPage });

/** The account's own pages and the anonymous account pages (spec 1 §2), for app/routes.tsx. */
export const accountRoutes: RouteObject[] = [
  // Spec 1 §2: "/user goes to /user/information".
  { path: '/user', element: <Navigate to={INFORMATION_PATH} replace /> },
  { path: INFORMATION_PATH, handle: informationHandle, lazy: loadInformation },
  { path: INFORMATION_ALIAS_PATH, handle: informationHandle, lazy: loadInformation },
  {
    path: PASSWORD_PATH,
    handle: {
      titleKey: 'account:routes.password',
      access: 'modifyPassword',
      tab: { permission: 'modifyPassword' },
    } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./PasswordPage')).PasswordPage }),
  },
  {
    path: SETTING_PATH,
    handle: {
      titleKey: 'account:routes.setting',
      access: 'userSet',
      tab: { permission: 'userSet' },
    } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./SettingPage')).SettingPage }),
  },
  {
    path: REGISTER_PATH,
    handle: { titleKey: 'account:routes.register', access: 'public' } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./RegisterPage')).RegisterPage }),
  },
  {
    path: SIGN_UP_PATH,
    handle: { titleKey: 'account:routes.signUp', access: 'public' } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./SignUpPage')).SignUpPage }),
  },
  {
    path: RESET_PASSWORD_PATH,
    handle: { titleKey: 'account:routes.resetPassword', access: 'public' } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./ResetPasswordPage')).ResetPasswordPage }),
  },
];

export interface AccountMenuItem {
  path: string;
  labelKey: 'account:menu.information' | 'account:menu.password' | 'account:menu.setting';
  access: PermissionRule;
}

/** Entries of the header's user menu, shown when the user has their permission. */
export const accountMenuItems: readonly AccountMenuItem[] = [
  { path: INFORMATION_PATH, labelKey: 'account:menu.information', access: 'userInfo' },
  { path: PASSWORD_PATH, labelKey: 'account:menu.password', access: 'modifyPassword' },
  { path: SETTING_PATH, labelKey: 'account:menu.setting', access: 'userSet' },
];

import { Navigate, type RouteObject } from 'react-router';
import { SYS_PERMISSION, type PermissionRule } from '@patlas/contracts';
import type { RouteHandle } from '../../app/route-handle';
import { SYS_PATH, sysPath } from './paths';

const tab = { permission: SYS_PERMISSION } as const;

/** The operators' area (permission '/sys'), for app/routes.tsx. */
export const sysRoutes: RouteObject[] = [
  {
    path: SYS_PATH,
    handle: { titleKey: 'sys:routes.sys', access: SYS_PERMISSION } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./SysLayout')).SysLayout }),
    children: [
      { index: true, element: <Navigate to={sysPath('user')} replace /> },
      {
        path: 'user',
        handle: { titleKey: 'sys:routes.user', access: SYS_PERMISSION, tab } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./UsersPage')).UsersPage }),
      },
      {
        path: 'role',
        handle: { titleKey: 'sys:routes.role', access: SYS_PERMISSION, tab } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./RolesPage')).RolesPage }),
      },
      {
        path: 'tenant',
        handle: { titleKey: 'sys:routes.tenant', access: SYS_PERMISSION, tab } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./TenantsPage')).TenantsPage }),
      },
      {
        path: 'copy',
        handle: { titleKey: 'sys:routes.copy', access: SYS_PERMISSION, tab } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./CopyPage')).CopyPage }),
      },
      {
        path: 'audit',
        handle: { titleKey: 'sys:routes.audit', access: SYS_PERMISSION, tab } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./AuditPage')).AuditPage }),
      },
      {
        path: 'tryout',
        handle: { titleKey: 'sys:routes.tryout', access: SYS_PERMISSION, tab } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('./TryoutPage')).TryoutPage }),
      },
    ],
  },
];

export interface SysMenuItem {
  path: string;
  labelKey: 'sys:menu.sys';
  access: PermissionRule;
}

/** The header user menu's entry into the operators' area. */
export const sysMenuItems: readonly SysMenuItem[] = [
  { path: sysPath('user'), labelKey: 'sys:menu.sys', access: SYS_PERMISSION },
];

import { SYS_PERMISSION } from '@patlas/contracts';
import { defineFeature } from '../../app/define-feature';
import { SYS_PATH, sysPath } from './paths';

const section = { access: SYS_PERMISSION, tab: { permission: SYS_PERMISSION } } as const;

/** The operators' area (permission '/sys'); the user menu opens it on the users. */
export const sysFeature = defineFeature({
  routes: [
    {
      path: SYS_PATH,
      titleKey: 'sys:routes.sys',
      access: SYS_PERMISSION,
      page: async () => (await import('./SysLayout')).SysLayout,
      children: [
        // Spec 1 §2: "/sys goes to /sys/user".
        { redirectTo: sysPath('user') },
        {
          path: 'user',
          titleKey: 'sys:routes.user',
          ...section,
          menu: { group: 'user', labelKey: 'sys:menu.sys', order: 40 },
          page: async () => (await import('./UsersPage')).UsersPage,
        },
        {
          path: 'role',
          titleKey: 'sys:routes.role',
          ...section,
          page: async () => (await import('./RolesPage')).RolesPage,
        },
        {
          path: 'tenant',
          titleKey: 'sys:routes.tenant',
          ...section,
          page: async () => (await import('./TenantsPage')).TenantsPage,
        },
        {
          path: 'copy',
          titleKey: 'sys:routes.copy',
          ...section,
          page: async () => (await import('./CopyPage')).CopyPage,
        },
        {
          path: 'audit',
          titleKey: 'sys:routes.audit',
          ...section,
          page: async () => (await import('./AuditPage')).AuditPage,
        },
        {
          path: 'tryout',
          titleKey: 'sys:routes.tryout',
          ...section,
          page: async () => (await import('./TryoutPage')).TryoutPage,
        },
      ],
    },
  ],
});

import { SYS_PERMISSION } from '@patlas/contracts';
import { defineFeature } from '../../app/define-feature';
import { SYS_PATH, sysPath, type SysSection } from './paths';

/** A section of the operators' area: its page in the area's layout and side menu (position `order`). */
function section(name: SysSection, order: number) {
  return {
    path: sysPath(name),
    titleKey: `sys:routes.${name}`,
    access: SYS_PERMISSION,
    tab: { permission: SYS_PERMISSION },
    layout: 'sys',
    menu: { group: 'sys', labelKey: `sys:sections.${name}`, order },
  } as const;
}

/**
 * The operators' area (permission '/sys'); the user menu opens it on the users. Other features add
 * sections to it the same way (layout 'sys' and a 'sys' menu entry), e.g. the patent imports.
 */
export const sysFeature = defineFeature({
  routes: [
    // Spec 1 §2: "/sys goes to /sys/user".
    { path: SYS_PATH, redirectTo: sysPath('user') },
    {
      ...section('user', 10),
      menu: [section('user', 10).menu, { group: 'user', labelKey: 'sys:menu.sys', order: 90 }],
      page: async () => (await import('./UsersPage')).UsersPage,
    },
    { ...section('role', 20), page: async () => (await import('./RolesPage')).RolesPage },
    { ...section('tenant', 30), page: async () => (await import('./TenantsPage')).TenantsPage },
    { ...section('copy', 40), page: async () => (await import('./CopyPage')).CopyPage },
    { ...section('audit', 50), page: async () => (await import('./AuditPage')).AuditPage },
    { ...section('tryout', 60), page: async () => (await import('./TryoutPage')).TryoutPage },
  ],
});

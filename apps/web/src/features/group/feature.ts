import { defineFeature } from '../../app/define-feature';
import { GROUPS_PATH, GROUPS_PERMISSION } from '../../app/paths';

/** Groups of registered users (spec 2 §2 /user/group). */
export const groupFeature = defineFeature({
  routes: [
    {
      path: GROUPS_PATH,
      titleKey: 'group:routes.groups',
      access: GROUPS_PERMISSION,
      tab: { permission: GROUPS_PERMISSION },
      menu: { group: 'user', labelKey: 'group:menu', order: 45 },
      page: async () => (await import('./GroupPage')).GroupPage,
    },
  ],
});

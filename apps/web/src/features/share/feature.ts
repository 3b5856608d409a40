import { defineFeature } from '../../app/define-feature';
import { SHARES_PATH, SHARES_PERMISSION } from '../../app/paths';

/** "Shared with me" (spec 2 §2 /share and /user/share). */
export const shareFeature = defineFeature({
  routes: [
    {
      path: SHARES_PATH,
      titleKey: 'share:routes.shares',
      access: SHARES_PERMISSION,
      tab: { permission: SHARES_PERMISSION },
      menu: { group: 'user', labelKey: 'share:menu', order: 42 },
      page: async () => (await import('./SharePage')).SharePage,
    },
    { path: '/share', redirectTo: SHARES_PATH, keepQuery: true },
    { path: '/user/share', redirectTo: SHARES_PATH, keepQuery: true },
  ],
});

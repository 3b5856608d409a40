import { DUPLICATE_PERMISSION } from '@patlas/contracts';
import { defineFeature } from '../../app/define-feature';
import { DUPLICATE_DETAIL_PATH, DUPLICATE_PATH } from '../../app/paths';

/** The duplicate and similarity check (spec 2 §2 /repeat and /repeat/detail; issue 21). */
export const duplicateFeature = defineFeature({
  routes: [
    {
      path: DUPLICATE_PATH,
      titleKey: 'duplicate:routes.repeat',
      access: DUPLICATE_PERMISSION,
      tab: { permission: DUPLICATE_PERMISSION },
      menu: { group: 'main', labelKey: 'duplicate:nav', order: 96, activePrefixes: [DUPLICATE_PATH] },
      page: async () => (await import('./RepeatPage')).RepeatPage,
    },
    {
      path: DUPLICATE_DETAIL_PATH,
      titleKey: 'duplicate:routes.detail',
      access: DUPLICATE_PERMISSION,
      // Spec 2 §2: "/repeat/detail … allowed only when the menu holds the matching permission, otherwise the user goes to /login".
      deniedTo: 'login',
      tab: { permission: DUPLICATE_PERMISSION, keyParams: ['id'] },
      page: async () => (await import('./RepeatDetailPage')).RepeatDetailPage,
    },
    // Spec 2 §2 names the pages /repeat and /repeat/detail.
    { path: '/repeat', redirectTo: DUPLICATE_PATH, keepQuery: true },
    { path: '/repeat/detail', redirectTo: DUPLICATE_DETAIL_PATH, keepQuery: true },
  ],
});

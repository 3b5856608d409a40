import { defineFeature } from '../../app/define-feature';
import { HISTORY_PATH, HISTORY_PERMISSION } from '../../app/paths';

/** The history page (search and operation history). */
export const historyFeature = defineFeature({
  routes: [
    {
      path: HISTORY_PATH,
      titleKey: 'history:routes.history',
      access: HISTORY_PERMISSION,
      tab: { permission: HISTORY_PERMISSION },
      menu: { group: 'main', labelKey: 'history:nav', order: 90, activePrefixes: [HISTORY_PATH] },
      page: async () => (await import('./HistoryPage')).HistoryPage,
    },
  ],
});

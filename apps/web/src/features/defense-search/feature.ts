import { defineFeature } from '../../app/define-feature';
import { DEFENSE_SEARCH_PATH, DEFENSE_SEARCH_PERMISSION } from './paths';

/** The defence-declassified search form. */
export const defenseSearchFeature = defineFeature({
  routes: [
    {
      path: DEFENSE_SEARCH_PATH,
      titleKey: 'defenseSearch:title',
      access: DEFENSE_SEARCH_PERMISSION,
      tab: { permission: DEFENSE_SEARCH_PERMISSION },
      menu: { group: 'main', labelKey: 'defenseSearch:nav', order: 70 },
      page: async () => (await import('./DefenseSearchPage')).DefenseSearchPage,
    },
  ],
});

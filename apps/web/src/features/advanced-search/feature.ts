import { defineFeature } from '../../app/define-feature';
import { ADVANCED_SEARCH_PATH, ADVANCED_SEARCH_PERMISSION } from './paths';

/** The advanced-search form. */
export const advancedSearchFeature = defineFeature({
  routes: [
    {
      path: ADVANCED_SEARCH_PATH,
      titleKey: 'advancedSearch:title',
      access: ADVANCED_SEARCH_PERMISSION,
      tab: { permission: ADVANCED_SEARCH_PERMISSION },
      menu: { group: 'main', labelKey: 'advancedSearch:nav', order: 30 },
      page: async () => (await import('./AdvancedSearchPage')).AdvancedSearchPage,
    },
  ],
});

import { defineFeature } from '../../app/define-feature';
import { BATCH_SEARCH_PATH, BATCH_SEARCH_PERMISSION } from './paths';

/** The batch search page. */
export const batchSearchFeature = defineFeature({
  routes: [
    {
      path: BATCH_SEARCH_PATH,
      titleKey: 'batchSearch:title',
      access: BATCH_SEARCH_PERMISSION,
      tab: { permission: BATCH_SEARCH_PERMISSION },
      menu: { group: 'main', labelKey: 'batchSearch:nav', order: 40 },
      page: async () => (await import('./BatchSearchPage')).BatchSearchPage,
    },
  ],
});

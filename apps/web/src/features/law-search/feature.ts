import { defineFeature } from '../../app/define-feature';
import { LAW_SEARCH_PATH, LAW_SEARCH_PERMISSION } from './paths';

/** The legal-search forms. */
export const lawSearchFeature = defineFeature({
  routes: [
    {
      path: LAW_SEARCH_PATH,
      titleKey: 'lawSearch:title',
      access: LAW_SEARCH_PERMISSION,
      tab: { permission: LAW_SEARCH_PERMISSION },
      menu: { group: 'main', labelKey: 'lawSearch:nav', order: 60 },
      page: async () => (await import('./LawSearchPage')).LawSearchPage,
    },
  ],
});

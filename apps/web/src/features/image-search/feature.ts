import { defineFeature } from '../../app/define-feature';
import { IMAGE_SEARCH_PATH } from '../../app/paths';
import { IMAGE_SEARCH_PERMISSION } from './paths';

/** The image search page. */
export const imageSearchFeature = defineFeature({
  routes: [
    {
      path: IMAGE_SEARCH_PATH,
      titleKey: 'imageSearch:title',
      access: IMAGE_SEARCH_PERMISSION,
      tab: { permission: IMAGE_SEARCH_PERMISSION },
      menu: { group: 'main', labelKey: 'imageSearch:nav', order: 50 },
      page: async () => (await import('./ImageSearchPage')).ImageSearchPage,
    },
  ],
});

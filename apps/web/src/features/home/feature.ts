import { defineFeature } from '../../app/define-feature';
import { HOME_PATH, QUICK_SEARCH_PATH, SEARCH_RESULT_PATH } from '../../app/paths';

/** The start page: quick search, semantic search and "open by number" (spec 1 §2). */
export const homeFeature = defineFeature({
  routes: [
    {
      path: HOME_PATH,
      titleKey: 'routes.home',
      access: 'public',
      tab: { permission: false, isFixed: true, viewCache: true },
      menu: { group: 'main', labelKey: 'nav.home', order: 10, activePrefixes: [HOME_PATH] },
      page: async () => (await import('./HomePage')).HomePage,
    },
    {
      // The spec's landing path: it opens the quick-search tab of /home. "检索" in the header
      // opens that tab too, and stays marked on result pages.
      path: QUICK_SEARCH_PATH,
      menu: {
        group: 'main',
        labelKey: 'nav.search',
        order: 20,
        to: `${HOME_PATH}?tabName=quick`,
        access: 'public',
        activePrefixes: [SEARCH_RESULT_PATH],
      },
      page: async () => (await import('./QuickSearchRedirect')).QuickSearchRedirect,
    },
  ],
});

import { defineFeature } from '../../app/define-feature';
import { NEW_SEARCH_PATH, SEARCH_RESULT_PATH } from '../../app/paths';
import { translateSpecResultLink } from '../../search-state/spec-result-link';
import { resultTabLabel } from './result-tab-label';

/** The result page of an expression, and the new search that opens it. */
export const searchFeature = defineFeature({
  routes: [
    {
      path: SEARCH_RESULT_PATH,
      titleKey: 'routes.searchResult',
      access: '/search/result',
      // One tab per expression or set (and search-within); paging, sorting and filters stay in the same tab.
      // Labelled by the expression, the kind of set and the search within: two result tabs never read alike.
      tab: {
        keyParams: ['q', 'set', 'second'],
        labelOf: resultTabLabel,
        permission: '/search/result',
        viewCache: true,
      },
      page: async () => (await import('./ResultsPage')).ResultsPage,
      // Spec 1 §2's link form (`?expre=…&pageType=…`) opens the page it names in the product's form.
      canonicalUrl: (url) => translateSpecResultLink(url.search),
    },
    {
      // Spec 1 §2 /search/searchNew: a blank search, opened from the header.
      path: NEW_SEARCH_PATH,
      titleKey: 'search:newSearch.title',
      access: '/search/result',
      tab: { permission: '/search/result' },
      menu: { group: 'main', labelKey: 'search:newSearch.nav', order: 25 },
      page: async () => (await import('./NewSearchPage')).NewSearchPage,
    },
    // Spec 1 §2: "/search/result goes to /innovationSpace/searchResult".
    { path: '/search/result', redirectTo: SEARCH_RESULT_PATH, keepQuery: true },
  ],
});

import { defineFeature } from '../../app/define-feature';
import { SEARCH_RESULT_PATH } from '../../app/paths';

/** The result page of an expression. */
export const searchFeature = defineFeature({
  routes: [
    {
      path: SEARCH_RESULT_PATH,
      titleKey: 'routes.searchResult',
      access: '/search/result',
      // One tab per expression (and search-within); paging, sorting and filters stay in the same tab.
      tab: { keyParams: ['q', 'second'], labelParam: 'q', permission: '/search/result', viewCache: true },
      page: async () => {
        const [{ ResultsPage }, { withSpecResultLink }] = await Promise.all([
          import('./ResultsPage'),
          import('./SpecLinkRedirect'),
        ]);
        return withSpecResultLink(ResultsPage);
      },
    },
    // Spec 1 §2: "/search/result goes to /innovationSpace/searchResult".
    { path: '/search/result', redirectTo: SEARCH_RESULT_PATH, keepQuery: true },
  ],
});

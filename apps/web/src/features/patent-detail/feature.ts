import { defineFeature } from '../../app/define-feature';
import { PATENT_DETAIL_PATH } from '../../app/paths';

/** The detail page of a patent; one tab per patent number. */
export const patentDetailFeature = defineFeature({
  routes: [
    {
      path: PATENT_DETAIL_PATH,
      titleKey: 'routes.patentDetail',
      access: '/search/detail',
      tab: { keyParams: ['pn'], labelParam: 'pn', permission: '/search/detail', viewCache: true },
      page: async () => (await import('./PatentDetailPage')).PatentDetailPage,
    },
    // Spec 1 §2: "/search/detail goes to /innovationSpace/searchDetail".
    { path: '/search/detail', redirectTo: PATENT_DETAIL_PATH, keepQuery: true },
  ],
});

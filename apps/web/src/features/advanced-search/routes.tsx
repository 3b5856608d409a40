import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/route-handle';
import { ADVANCED_SEARCH_PATH, ADVANCED_SEARCH_PERMISSION } from './paths';

/** The advanced-search form, for app/routes.tsx. */
export const advancedSearchRoutes: RouteObject[] = [
  {
    path: ADVANCED_SEARCH_PATH,
    handle: {
      titleKey: 'advancedSearch:title',
      access: ADVANCED_SEARCH_PERMISSION,
      tab: { permission: ADVANCED_SEARCH_PERMISSION },
    } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./AdvancedSearchPage')).AdvancedSearchPage }),
  },
];

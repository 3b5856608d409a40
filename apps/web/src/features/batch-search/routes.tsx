import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/route-handle';
import { BATCH_SEARCH_PATH, BATCH_SEARCH_PERMISSION } from './paths';

/** The batch search page, for app/routes.tsx. */
export const batchSearchRoutes: RouteObject[] = [
  {
    path: BATCH_SEARCH_PATH,
    handle: {
      titleKey: 'batchSearch:title',
      access: BATCH_SEARCH_PERMISSION,
      tab: { permission: BATCH_SEARCH_PERMISSION },
    } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./BatchSearchPage')).BatchSearchPage }),
  },
];

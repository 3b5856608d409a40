import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/route-handle';
import { DEFENSE_SEARCH_PATH, DEFENSE_SEARCH_PERMISSION } from './paths';

/** The defence-declassified search form, for app/routes.tsx. */
export const defenseSearchRoutes: RouteObject[] = [
  {
    path: DEFENSE_SEARCH_PATH,
    handle: {
      titleKey: 'defenseSearch:title',
      access: DEFENSE_SEARCH_PERMISSION,
      tab: { permission: DEFENSE_SEARCH_PERMISSION },
    } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./DefenseSearchPage')).DefenseSearchPage }),
  },
];

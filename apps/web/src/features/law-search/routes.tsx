import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/route-handle';
import { LAW_SEARCH_PATH, LAW_SEARCH_PERMISSION } from './paths';

/** The legal-search forms, for app/routes.tsx. */
export const lawSearchRoutes: RouteObject[] = [
  {
    path: LAW_SEARCH_PATH,
    handle: {
      titleKey: 'lawSearch:title',
      access: LAW_SEARCH_PERMISSION,
      tab: { permission: LAW_SEARCH_PERMISSION },
    } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./LawSearchPage')).LawSearchPage }),
  },
];

import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/route-handle';
import { IMAGE_SEARCH_PATH, IMAGE_SEARCH_PERMISSION } from './paths';

/** The image search page, for app/routes.tsx. */
export const imageSearchRoutes: RouteObject[] = [
  {
    path: IMAGE_SEARCH_PATH,
    handle: {
      titleKey: 'imageSearch:title',
      access: IMAGE_SEARCH_PERMISSION,
      tab: { permission: IMAGE_SEARCH_PERMISSION },
    } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./ImageSearchPage')).ImageSearchPage }),
  },
];

import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/route-handle';
import { HISTORY_PATH, HISTORY_PERMISSION } from './paths';

/** The history page (search and operation history), for app/routes.tsx. */
export const historyRoutes: RouteObject[] = [
  {
    path: HISTORY_PATH,
    handle: {
      titleKey: 'history:routes.history',
      access: HISTORY_PERMISSION,
      tab: { permission: HISTORY_PERMISSION },
    } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./HistoryPage')).HistoryPage }),
  },
];

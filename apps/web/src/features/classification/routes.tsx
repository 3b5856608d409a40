import type { RouteObject } from 'react-router';
import type { RouteHandle } from '../../app/route-handle';
import { RedirectKeepQuery } from '../../app/RedirectKeepQuery';
import { CLASSIFICATION_LEGACY_PATH, CLASSIFICATION_PATH, CLASSIFICATION_PERMISSION } from './paths';

/** The classification search page and its legacy path, for app/routes.tsx. */
export const classificationRoutes: RouteObject[] = [
  {
    path: CLASSIFICATION_PATH,
    handle: {
      titleKey: 'classification:routes.classification',
      access: CLASSIFICATION_PERMISSION,
      tab: { permission: CLASSIFICATION_PERMISSION },
    } satisfies RouteHandle,
    lazy: async () => ({ Component: (await import('./ClassificationPage')).ClassificationPage }),
  },
  { path: CLASSIFICATION_LEGACY_PATH, element: <RedirectKeepQuery to={CLASSIFICATION_PATH} /> },
];

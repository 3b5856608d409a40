import { Navigate, type RouteObject } from 'react-router';
import { AppRoot } from './layouts/AppRoot';
import { defaultGuardDeps, withGuards } from './guard';
import type { FeatureRoute } from './define-feature';
import { toRouteObject } from './route-objects';
import { loadChunk } from './chunk-load';
import { FEATURES } from './feature-list';
import { HOME_PATH } from './paths';
import { appSession, type SessionStore } from '../session/session';
import { RouteErrorPage } from '../features/status/RouteErrorPage';
import { PageLoading } from '../components/PageLoading';

/**
 * The layouts load with the first page inside them (header, menus, tab bar: not needed by the login
 * page, the first screen of a visitor).
 */
const mainLayout = async () => ({
  Component: (await loadChunk(() => import('./layouts/MainLayout'))).MainLayout,
});
const sysLayout = async () => ({ Component: (await loadChunk(() => import('./layouts/SysLayout'))).SysLayout });

const declared = FEATURES.flatMap((feature) => feature.routes);
const isStandalone = (route: FeatureRoute) => route.layout === 'standalone';
const isSys = (route: FeatureRoute) => route.layout === 'sys';

/**
 * The one route table (STYLE.md "Web app"), built from the features' declarations
 * (app/feature-list.ts). withGuards gives every non-public route the guard of app/guard.ts.
 * Standalone pages (login) stand alone; the rest share the header and tab bar, and the operators'
 * area's pages (layout 'sys') its side menu within them.
 */
const routeTable: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <RouteErrorPage />,
    // Shown while the first page's guard runs and its lazy module loads.
    hydrateFallbackElement: <PageLoading />,
    children: [
      ...declared.filter(isStandalone).map(toRouteObject),
      {
        lazy: mainLayout,
        children: [
          { path: '/', element: <Navigate to={HOME_PATH} replace /> },
          { lazy: sysLayout, children: declared.filter(isSys).map(toRouteObject) },
          // Unknown addresses: the status feature's `*` route shows the 404 page with the address.
          ...declared.filter((route) => !isStandalone(route) && !isSys(route)).map(toRouteObject),
        ],
      },
    ],
  },
];

/** The route table with its guards bound to a session store. */
export function createAppRoutes(store: SessionStore = appSession): RouteObject[] {
  return withGuards(routeTable, defaultGuardDeps(store));
}

export const appRoutes: RouteObject[] = createAppRoutes();

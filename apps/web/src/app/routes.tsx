import { Navigate, type RouteObject } from 'react-router';
import { AppRoot } from './layouts/AppRoot';
import { MainLayout } from './layouts/MainLayout';
import { RedirectKeepQuery } from './RedirectKeepQuery';
import type { RouteHandle } from './route-handle';
import { defaultGuardDeps, withGuards } from './guard';
import {
  FORBIDDEN_PATH,
  HELP_DETECTION_PATH,
  HOME_PATH,
  LOGIN_PATH,
  PATENT_DETAIL_PATH,
  QUICK_SEARCH_PATH,
  SEARCH_RESULT_PATH,
} from './paths';
import { accountRoutes } from '../features/account/routes';
import { historyRoutes } from '../features/history/routes';
import { advancedSearchRoutes } from '../features/advanced-search/routes';
import { batchSearchRoutes } from '../features/batch-search/routes';
import { imageSearchRoutes } from '../features/image-search/routes';
import { lawSearchRoutes } from '../features/law-search/routes';
import { defenseSearchRoutes } from '../features/defense-search/routes';
import { classificationRoutes } from '../features/classification/routes';
import { dashboardRoutes } from '../features/dashboards/routes';
import { analysisRoutes } from '../features/analysis/routes';
import { appSession, type SessionStore } from '../features/auth/session';
import { sysRoutes } from '../features/sys/routes';
import { RouteErrorPage } from '../features/status/RouteErrorPage';
import { PageLoading } from '../components/PageLoading';

const homeHandle: RouteHandle = {
  titleKey: 'routes.home',
  access: 'public',
  tab: { permission: false, isFixed: true, viewCache: true },
};
const detailHandle: RouteHandle = {
  titleKey: 'routes.patentDetail',
  access: '/search/detail',
  tab: { keyParams: ['pn'], labelParam: 'pn', permission: '/search/detail', viewCache: true },
};
// One tab per expression (and search-within); paging, sorting and filters stay in the same tab.
const resultHandle: RouteHandle = {
  titleKey: 'routes.searchResult',
  access: '/search/result',
  tab: { keyParams: ['q', 'second'], labelParam: 'q', permission: '/search/result', viewCache: true },
};
const helpHandle: RouteHandle = { titleKey: 'routes.help', access: 'public', tab: { permission: false } };

/**
 * The one route table (STYLE.md "Web app"): paths, lazy pages, title keys and who may open each
 * page (spec 1 §2 public and permission-gated routes). withGuards gives every non-public route the
 * guard of app/guard.ts. The login page stands alone; the rest share the header and tab bar.
 */
const routeTable: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <RouteErrorPage />,
    // Shown while the first page's guard runs and its lazy module loads.
    hydrateFallbackElement: <PageLoading />,
    children: [
      {
        path: LOGIN_PATH,
        handle: { titleKey: 'routes.login', access: 'public' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('../features/auth/LoginPage')).LoginPage }),
      },
      {
        element: <MainLayout />,
        children: [
          { path: '/', element: <Navigate to={HOME_PATH} replace /> },
          {
            path: HOME_PATH,
            handle: homeHandle,
            lazy: async () => ({ Component: (await import('../features/home/HomePage')).HomePage }),
          },
          {
            path: PATENT_DETAIL_PATH,
            handle: detailHandle,
            lazy: async () => ({
              Component: (await import('../features/patent-detail/PatentDetailPage')).PatentDetailPage,
            }),
          },
          {
            path: SEARCH_RESULT_PATH,
            handle: resultHandle,
            lazy: async () => ({ Component: (await import('../features/search/ResultsPage')).ResultsPage }),
          },
          {
            path: HELP_DETECTION_PATH,
            handle: helpHandle,
            lazy: async () => ({
              Component: (await import('../features/help/HelpDetectionPage')).HelpDetectionPage,
            }),
          },
          // Only the search rules have content so far, so the help root opens them.
          { path: '/innovationSpace/help', element: <Navigate to={HELP_DETECTION_PATH} replace /> },
          // Spec 1 §2 redirects of legacy paths.
          { path: '/search/detail', element: <RedirectKeepQuery to={PATENT_DETAIL_PATH} /> },
          { path: '/search/result', element: <RedirectKeepQuery to={SEARCH_RESULT_PATH} /> },
          {
            path: QUICK_SEARCH_PATH,
            lazy: async () => ({
              Component: (await import('../features/search/QuickSearchRedirect')).QuickSearchRedirect,
            }),
          },
          ...accountRoutes,
          ...historyRoutes,
          ...advancedSearchRoutes,
          ...batchSearchRoutes,
          ...imageSearchRoutes,
          ...lawSearchRoutes,
          ...defenseSearchRoutes,
          // Spec 1 §2: /search/ipc goes to /innovationSpace/ipc.
          ...classificationRoutes,
          ...dashboardRoutes,
          ...analysisRoutes,
          // Spec 1 §2: "/sys goes to /sys/user" (the sys routes' index redirect).
          ...sysRoutes,
          {
            path: '/404',
            handle: { titleKey: 'routes.notFound', access: 'public' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('../features/status/StatusPage')).NotFoundPage }),
          },
          {
            path: FORBIDDEN_PATH,
            handle: { titleKey: 'routes.forbidden', access: 'public' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('../features/status/StatusPage')).ForbiddenPage }),
          },
          {
            path: '/500',
            handle: { titleKey: 'routes.serverError', access: 'public' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('../features/status/StatusPage')).ServerErrorPage }),
          },
          {
            path: '/error',
            handle: { titleKey: 'routes.error', access: 'public' } satisfies RouteHandle,
            lazy: async () => ({ Component: (await import('../features/status/StatusPage')).GenericErrorPage }),
          },
          // Spec 1 §2: "unknown paths go to /" (and / goes to /home).
          { path: '*', element: <Navigate to="/" replace /> },
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

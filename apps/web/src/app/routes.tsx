import { Navigate, type RouteObject } from 'react-router';
import { MainLayout } from './layouts/MainLayout';
import { RedirectKeepQuery } from './RedirectKeepQuery';
import type { RouteHandle } from './route-handle';
import { HELP_DETECTION_PATH, HOME_PATH, PATENT_DETAIL_PATH, SEARCH_RESULT_PATH } from './paths';
import { RouteErrorPage } from '../features/status/RouteErrorPage';
import { PageLoading } from '../components/PageLoading';

const homeHandle: RouteHandle = { titleKey: 'routes.home', tab: { permission: false, isFixed: true, viewCache: true } };
const detailHandle: RouteHandle = {
  titleKey: 'routes.patentDetail',
  tab: { keyParams: ['pn'], labelParam: 'pn', permission: '/search/detail', viewCache: true },
};
// One tab per expression (and search-within); paging, sorting and filters stay in the same tab.
const resultHandle: RouteHandle = {
  titleKey: 'routes.searchResult',
  tab: { keyParams: ['q', 'second'], labelParam: 'q', permission: '/search/result', viewCache: true },
};
const helpHandle: RouteHandle = { titleKey: 'routes.help', tab: { permission: false } };

/**
 * The one route table (STYLE.md "Web app"): paths, lazy pages, title keys. Accounts come later,
 * so every route is open; permissions are recorded for the tab bar's filter.
 */
export const appRoutes: RouteObject[] = [
  {
    element: <MainLayout />,
    errorElement: <RouteErrorPage />,
    // Shown while the first page's lazy module loads.
    hydrateFallbackElement: <PageLoading />,
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
        lazy: async () => ({ Component: (await import('../features/help/HelpDetectionPage')).HelpDetectionPage }),
      },
      // Only the search rules have content so far, so the help root opens them.
      { path: '/innovationSpace/help', element: <Navigate to={HELP_DETECTION_PATH} replace /> },
      // Spec 1 §2 redirects of legacy paths.
      { path: '/search/detail', element: <RedirectKeepQuery to={PATENT_DETAIL_PATH} /> },
      { path: '/search/result', element: <RedirectKeepQuery to={SEARCH_RESULT_PATH} /> },
      {
        path: '/search/quick',
        lazy: async () => ({ Component: (await import('../features/search/QuickSearchRedirect')).QuickSearchRedirect }),
      },
      {
        path: '/404',
        handle: { titleKey: 'routes.notFound' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('../features/status/StatusPage')).NotFoundPage }),
      },
      {
        path: '/403',
        handle: { titleKey: 'routes.forbidden' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('../features/status/StatusPage')).ForbiddenPage }),
      },
      {
        path: '/500',
        handle: { titleKey: 'routes.serverError' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('../features/status/StatusPage')).ServerErrorPage }),
      },
      {
        path: '/error',
        handle: { titleKey: 'routes.error' } satisfies RouteHandle,
        lazy: async () => ({ Component: (await import('../features/status/StatusPage')).GenericErrorPage }),
      },
      // Spec 1 §2: "unknown paths go to /" (and / goes to /home).
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];

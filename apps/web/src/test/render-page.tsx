import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation, type RouteObject } from 'react-router';
import type { Language } from '@patlas/contracts';
import { AppProviders } from '../app/providers';
import { setUpAppContext, type RenderAppOptions } from './app-context';

export * from './app-context';

export interface RenderPageOptions extends RenderAppOptions {
  /**
   * The page's route pattern, for a page read with path parameters ('/share/:code'); default the
   * path of the URL.
   */
  routePath?: string;
  /** Further routes beside the page's, for a test that goes on to another real page. */
  routes?: RouteObject[];
}

/** Test id of what the catch-all route shows: the address a page sent the user to. */
export const OTHER_PAGE_TEST_ID = 'other-page';

/** Stands for every page but the one under test: shows where the user was sent, loads nothing. */
function OtherPage() {
  const location = useLocation();
  return <div data-testid={OTHER_PAGE_TEST_ID}>{`${location.pathname}${location.search}`}</div>;
}

/**
 * Renders one page at a URL with the app's providers and session but without the route table,
 * layouts (header, tab bar) or guard: a test of a page's own behaviour, quicker to import and run
 * than renderApp. The page is mounted at its URL's path; any other address shows OtherPage, so a
 * test can assert where the page navigates (router.state.location) without loading that page.
 * Tests of redirects, the guard, the header or the tabs use renderApp.
 */
export function renderPage(page: ReactElement, url: string, lang: Language = 'zh', options: RenderPageOptions = {}) {
  const { i18n, queryClient } = setUpAppContext(lang, options);
  const routePath = options.routePath ?? new URL(url, 'http://localhost').pathname;
  const router = createMemoryRouter(
    [{ path: routePath, element: page }, ...(options.routes ?? []), { path: '*', element: <OtherPage /> }],
    { initialEntries: [url] },
  );
  const view = render(
    <AppProviders i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, i18n, queryClient };
}

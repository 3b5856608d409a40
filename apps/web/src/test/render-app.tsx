import { render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import type { Language } from '@patlas/contracts';
import { AppProviders } from '../app/providers';
import { appRoutes } from '../app/routes';
import { setUpAppContext, type RenderAppOptions } from './app-context';

// The helpers every app and page test uses live in app-context.ts, which renderPage imports
// without the route table.
export * from './app-context';

// The route table loads the layouts lazily (the login page, the first screen, needs neither). Their
// modules are imported here, when the test file loads: a test's waits then measure the app, not the
// first compile of the header, menus and tab bar.
await Promise.all([import('../app/layouts/MainLayout'), import('../app/layouts/SysLayout')]);

/** Renders the whole app (real route table, providers, layout, guard) at a path. */
export function renderApp(path: string, lang: Language = 'zh', options: RenderAppOptions = {}) {
  const { i18n, queryClient } = setUpAppContext(lang, options);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const view = render(
    <AppProviders i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, i18n };
}

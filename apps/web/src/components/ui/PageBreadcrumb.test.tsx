// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/providers';
import { createI18n } from '../../i18n/setup';
import { installDomShims } from '../../test/render-app';
import { PageBreadcrumb } from './PageBreadcrumb';

afterEach(cleanup);

function renderAt(replace: boolean) {
  installDomShims();
  const page = (
    <PageBreadcrumb
      steps={[
        { title: 'Home', to: '/home', replace },
        { title: 'Search result', to: '/result' },
        { title: 'Patent detail' },
      ]}
    />
  );
  const router = createMemoryRouter(
    [
      { path: '/home', element: <p>home page</p> },
      { path: '/result', element: <p>result page</p> },
      { path: '/detail', element: page },
    ],
    { initialEntries: ['/result', '/detail'], initialIndex: 1 },
  );
  render(
    <AppProviders i18n={createI18n('en')} queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('the shared breadcrumb (spec 2 §2)', () => {
  it('links every step but the page itself, which is marked current', () => {
    renderAt(false);
    const trail = screen.getByRole('navigation', { name: 'You are here' });
    expect(trail.textContent).toBe('Home/Search result/Patent detail');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/home');
    expect(screen.getByRole('link', { name: 'Search result' }).getAttribute('href')).toBe('/result');
    expect(screen.queryByRole('link', { name: 'Patent detail' })).toBeNull();
    expect(screen.getByText('Patent detail').getAttribute('aria-current')).toBe('page');
  });

  it('navigates with push by default and with replace when the step says so', async () => {
    const pushed = renderAt(false);
    fireEvent.click(screen.getByRole('link', { name: 'Home' }));
    await screen.findByText('home page');
    expect(pushed.state.historyAction).toBe('PUSH');
    cleanup();

    const replaced = renderAt(true);
    fireEvent.click(screen.getByRole('link', { name: 'Home' }));
    await screen.findByText('home page');
    expect(replaced.state.historyAction).toBe('REPLACE');
  });
});

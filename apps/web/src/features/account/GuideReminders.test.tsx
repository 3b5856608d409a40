// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { GUIDE_WINDOW_MS, type GuideItem } from '@patlas/contracts';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/providers';
import { createI18n } from '../../i18n/index';
import { installDomShims } from '../../test/render-app';
import { GuideReminders } from './GuideReminders';
import { isWithinGuideWindow } from './guide-window';
import { ok, stubApi } from '../../test/test-api';

const BUILT = '2025-05-12T00:00:00.000Z';
const BUILT_MS = Date.parse(BUILT);

function renderReminders(now: number) {
  installDomShims();
  const router = createMemoryRouter([{ path: '*', element: <GuideReminders buildTime={BUILT} now={now} /> }], {
    initialEntries: ['/home'],
  });
  const view = render(
    <AppProviders i18n={createI18n('zh')} queryClient={createQueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}

describe('guide reminders', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('is open only while the build is younger than 5 days', () => {
    expect(isWithinGuideWindow(BUILT, BUILT_MS)).toBe(true);
    expect(isWithinGuideWindow(BUILT, BUILT_MS + GUIDE_WINDOW_MS - 1)).toBe(true);
    expect(isWithinGuideWindow(BUILT, BUILT_MS + GUIDE_WINDOW_MS)).toBe(false);
    expect(isWithinGuideWindow(undefined, BUILT_MS)).toBe(false);
    expect(isWithinGuideWindow('not a date', BUILT_MS)).toBe(false);
  });

  it('lists the reminders not yet clicked; a click marks one done and opens its feature', async () => {
    let items: GuideItem[] = [
      { label: '图像检索', remindKey: 'resultFilter', parentRemind: null, hasClick: false, path: '/search/img' },
      { label: '语义检索', remindKey: 'semanticSearch', parentRemind: null, hasClick: true },
    ];
    const calls = stubApi((call) => {
      if (call.path === '/product/user/functionGuide') return ok(items);
      if (call.path === '/product/user/saveFunctionGuide') {
        const { remindKey } = call.body as { remindKey: string };
        items = items.map((item) => (item.remindKey === remindKey ? { ...item, hasClick: true } : item));
        return ok(null);
      }
      return undefined;
    });
    const { router } = renderReminders(BUILT_MS + 1000);
    fireEvent.click(await screen.findByText('图像检索'));
    await waitFor(() => expect(screen.queryByText('图像检索')).toBeNull());
    // The click opens the feature the reminder names instead of only hiding the chip.
    expect(router.state.location.pathname).toBe('/search/img');
    expect(screen.queryByText('语义检索')).toBeNull();
    expect(calls.find((call) => call.path === '/product/user/saveFunctionGuide')?.body).toEqual({
      remindKey: 'resultFilter',
    });
  });

  it('asks nothing once the window has passed', async () => {
    const calls = stubApi(() => ok([]));
    const { container } = renderReminders(BUILT_MS + GUIDE_WINDOW_MS + 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(0);
    expect(container.textContent).toBe('');
  });
});

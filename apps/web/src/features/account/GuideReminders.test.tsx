// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { GUIDE_WINDOW_MS, type GuideItem } from '@patlas/contracts';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/providers';
import { createI18n } from '../../i18n/setup';
import { switchLanguage } from '../../i18n/language';
import { appStorage } from '../../storage/app-storage';
import { installDomShims } from '../../test/render-app';
import { GuideReminders } from './GuideReminders';
import { isWithinGuideWindow } from './guide-window';
import { ok, stubApi } from '../../test/test-api';

const BUILT = '2025-05-12T00:00:00.000Z';
const BUILT_MS = Date.parse(BUILT);

function renderReminders(now: number, i18n = createI18n('zh')) {
  installDomShims();
  const router = createMemoryRouter([{ path: '*', element: <GuideReminders buildTime={BUILT} now={now} /> }], {
    initialEntries: ['/home'],
  });
  const view = render(
    <AppProviders i18n={i18n} queryClient={createQueryClient()}>
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

  it('asks again in the new language when the language is switched: no Chinese chips left in English (issue 43)', async () => {
    const labels = { zh: '语义检索', en: 'Semantic search' };
    const languages: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const lang = new Headers(init?.headers).get('Accept-Language') === 'en' ? 'en' : 'zh';
        if (new URL(String(input), 'http://localhost').pathname !== '/api/product/user/functionGuide')
          return new Response(JSON.stringify({ status: 0, message: '', data: { code: 'NOT_FOUND' } }), { status: 404 });
        languages.push(lang);
        const items: GuideItem[] = [
          { label: labels[lang], remindKey: 'semanticSearch', parentRemind: null, hasClick: false },
        ];
        return new Response(JSON.stringify({ status: 1, message: '', data: items }), {
          headers: { 'Content-Type': 'application/json' },
        });
      }),
    );
    const i18n = createI18n('zh');
    renderReminders(BUILT_MS + 1000, i18n);
    expect(await screen.findByText('语义检索')).toBeTruthy();
    await act(async () => {
      await switchLanguage(i18n, appStorage, 'en');
    });
    expect(await screen.findByText('Semantic search')).toBeTruthy();
    expect(screen.queryByText('语义检索')).toBeNull();
    expect(languages).toEqual(['zh', 'en']);
  });

  it('asks nothing once the window has passed', async () => {
    const calls = stubApi(() => ok([]));
    const { container } = renderReminders(BUILT_MS + GUIDE_WINDOW_MS + 1);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls).toHaveLength(0);
    expect(container.textContent).toBe('');
  });
});

import { configure, fireEvent, render } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { vi } from 'vitest';
import type { Language } from '@patlas/contracts';
import { createQueryClient } from '../api/query-client';
import { AppProviders } from '../app/providers';
import { appRoutes } from '../app/routes';
import { createI18n } from '../i18n/index';

// antd renders slowly in jsdom; the first lazy page import also takes a while.
configure({ asyncUtilTimeout: 15_000 });

/** What jsdom lacks and antd needs (responsive observers, media queries). */
export function installDomShims(): void {
  // jsdom throws "Not implemented" for pseudo-element styles, which antd asks for to measure scrollbars.
  const getComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (element: Element) => getComputedStyle(element);
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }),
    });
  }
  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe() {}
      unobserve() {}
      disconnect() {}
    }
    Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
  }
}

export interface FakeResponse {
  status: number;
  body: unknown;
}

/** Stubs fetch with a function of the requested URL; records the requests. */
export function stubFetch(answer: (url: URL) => FakeResponse) {
  const calls: { url: URL; headers: Headers }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    calls.push({ url, headers: new Headers(init?.headers) });
    const { status, body } = answer(url);
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** Renders the whole app (real route table, providers, layout) at a path. */
export function renderApp(path: string, lang: Language = 'zh') {
  installDomShims();
  const i18n = createI18n(lang);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const view = render(
    <AppProviders i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, i18n };
}

/** Enter as a keyboard sends it: rc-input ignores a second Enter until the key has come up. */
export function pressEnter(element: Element): void {
  fireEvent.keyDown(element, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.keyUp(element, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

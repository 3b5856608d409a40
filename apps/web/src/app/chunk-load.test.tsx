// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../api/query-client';
import { RouteErrorPage } from '../features/status/RouteErrorPage';
import { createI18n } from '../i18n/setup';
import { installDomShims } from '../test/render-app';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadTimeoutError, loadChunk } from './chunk-load';
import { AppProviders } from './providers';
import { toRouteObject } from './route-objects';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const never = () => new Promise<never>(() => undefined);

describe('lazy chunks (spec 1 §8, §9: error after 120 s)', () => {
  it('fails a chunk that takes longer than 120 s, and passes one that arrives in time', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const slow = loadChunk(never);
    const outcome = vi.fn();
    slow.catch(outcome);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(outcome).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(outcome.mock.calls[0]?.[0]).toBeInstanceOf(ChunkLoadTimeoutError);

    await expect(loadChunk(async () => 'page')).resolves.toBe('page');
  });

  it.each([
    ['zh', '页面资源加载超时（超过 120 秒），请检查网络后刷新重试', '刷新页面'],
    ['en', 'The page took more than 120 seconds to load; check the network and reload', 'Reload'],
  ] as const)('shows the timeout message with a reload button (%s)', async (lang, message, reload) => {
    installDomShims();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const router = createMemoryRouter(
      [
        {
          errorElement: <RouteErrorPage />,
          children: [toRouteObject({ path: '/slow', titleKey: 'routes.home', access: 'public', page: never })],
        },
      ],
      { initialEntries: ['/slow'] },
    );
    render(
      <AppProviders i18n={createI18n(lang)} queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    await act(() => vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS));
    expect(screen.getByText(message, { exact: false })).toBeTruthy();
    expect(screen.getByTestId('route-error-reload').textContent).toBe(reload);
  });
});

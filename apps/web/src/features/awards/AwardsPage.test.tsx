// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/providers';
import { toRouteObject } from '../../app/route-objects';
import { createI18n } from '../../i18n/setup';
import { installDomShims } from '../../test/render-app';
import { ok, stubApi } from '../../test/test-api';
import { awardsFeature } from './feature';

describe("operators' award lists", () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the award rows filtered by the URL, marking numbers the corpus does not hold', async () => {
    installDomShims();
    const calls = stubApi((call) =>
      call.method === 'GET' && call.path === '/product/sys/awards'
        ? ok({
            total: 1,
            page: 1,
            pageSize: 20,
            items: [
              {
                id: 'a1',
                number: 'CN 110000001 A',
                publicationNumber: null,
                award: '中国专利金奖',
                year: 2021,
                createdAt: '2026-01-01T00:00:00.000Z',
              },
            ],
          })
        : undefined,
    );
    const queryClient = createQueryClient();
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
    const router = createMemoryRouter(awardsFeature.routes.map(toRouteObject), {
      initialEntries: ['/sys/awards?q=金奖'],
    });
    render(
      <AppProviders i18n={createI18n('zh')} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    expect(await screen.findByText('中国专利金奖')).toBeTruthy();
    expect(screen.getByText('CN 110000001 A')).toBeTruthy();
    expect(screen.getByText('库中暂无该专利')).toBeTruthy();
    expect(calls.find((c) => c.path === '/product/sys/awards')?.query.get('q')).toBe('金奖');
  });
});

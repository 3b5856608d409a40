// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { apiGet, type ClientMessages } from '../../api/client';
import { pendingRequestCount } from '../../api/pending-requests';
import { createQueryClient } from '../../api/query-client';
import { AppProviders } from '../../app/providers';
import { createI18n } from '../../i18n/setup';
import { PENDING_INDICATOR_DELAY_MS, PendingRequestIndicator } from './PendingRequestIndicator';

const messages: ClientMessages = { network: 'net', timeout: 'slow', badResponse: (status) => `bad ${status}` };

/** fetch answers when the test says so. */
function heldFetch() {
  const releases: Array<() => void> = [];
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(
      (url: string) =>
        new Promise<Response>((resolve) => {
          urls.push(url);
          releases.push(() => resolve(new Response(JSON.stringify({ status: 1, message: '', data: {} }))));
        }),
    ),
  );
  return { releaseAll: () => releases.splice(0).forEach((release) => release()), urls };
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function renderIndicator() {
  render(
    <AppProviders i18n={createI18n('zh')} queryClient={createQueryClient()}>
      <PendingRequestIndicator />
    </AppProviders>,
  );
}

describe('the pending-request indicator (spec 1 §7, §9)', () => {
  it('shows after 200 ms of an outstanding request and goes when it is answered', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const held = heldFetch();
    renderIndicator();
    let request: Promise<unknown> = Promise.resolve();
    act(() => {
      request = apiGet('/health', { lang: 'zh', messages });
    });
    expect(pendingRequestCount()).toBe(1);
    act(() => vi.advanceTimersByTime(PENDING_INDICATOR_DELAY_MS - 20));
    expect(screen.queryByTestId('pending-requests')).toBeNull();
    act(() => vi.advanceTimersByTime(40));
    expect(screen.getByRole('progressbar', { name: '正在加载…' })).toBeTruthy();

    held.releaseAll();
    await act(() => request);
    expect(pendingRequestCount()).toBe(0);
    expect(screen.queryByTestId('pending-requests')).toBeNull();
  });

  it('a quick answer shows nothing', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const held = heldFetch();
    renderIndicator();
    let request: Promise<unknown> = Promise.resolve();
    act(() => {
      request = apiGet('/health', { lang: 'zh', messages });
    });
    act(() => vi.advanceTimersByTime(100));
    held.releaseAll();
    await act(() => request);
    act(() => vi.advanceTimersByTime(500));
    expect(screen.queryByTestId('pending-requests')).toBeNull();
  });

  it('does not count requests flagged _NotCumulative, and does not send the flag', async () => {
    const held = heldFetch();
    renderIndicator();
    const polls = [
      apiGet('/messages/unread', { lang: 'zh', messages, notCumulative: true }),
      apiGet('/messages/unread', { lang: 'zh', messages, query: { _NotCumulative: 1, page: 2 } }),
    ];
    expect(pendingRequestCount()).toBe(0);
    expect(held.urls).toEqual(['/api/messages/unread', '/api/messages/unread?page=2']);
    held.releaseAll();
    await act(() => Promise.all(polls));
    await waitFor(() => expect(pendingRequestCount()).toBe(0));
  });
});

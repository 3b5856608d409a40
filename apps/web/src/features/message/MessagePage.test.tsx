// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Message } from '@patlas/contracts';
import { renderApp } from '../../test/render-app';
import { renderPage } from '../../test/render-page';
import { MessagePage } from './MessagePage';
import { ok, stubApi, type ApiCall } from '../../test/test-api';

const ALICE = { userId: 'u-a', fullname: '张三', email: 'alice@test.local' };

function message(id: string, overrides: Partial<Message>): Message {
  return {
    id,
    kind: 'system',
    category: 'system',
    sender: null,
    payload: {},
    isRead: false,
    response: null,
    createdAt: '2026-11-27T08:00:00.000Z',
    ...overrides,
  };
}

const MESSAGES: Message[] = [
  message('m1', {
    kind: 'groupInvite',
    category: 'invitation',
    sender: ALICE,
    payload: { groupId: 'g1', groupName: '电池研究组' },
    response: 'pending',
  }),
  message('m2', {
    kind: 'sharePatent',
    category: 'share',
    sender: ALICE,
    payload: { shareId: 's1', pns: ['CN117151122A'], note: '请看' },
  }),
  message('m3', {
    kind: 'shareSearch',
    category: 'share',
    sender: ALICE,
    isRead: true,
    payload: { title: '电池检索', router: '/innovationSpace/searchResult?q=TI%3D%E7%94%B5%E6%B1%A0' },
  }),
];

function answer(unread: { count: number }) {
  return (call: ApiCall) => {
    if (call.path === '/product/message/unreadMessage/count') return ok(unread);
    if (call.path === '/product/message/query/message') {
      const body = call.body as { category?: string };
      const items = MESSAGES.filter((m) => !body.category || m.category === body.category);
      return ok({ total: items.length, page: 1, pageSize: 20, items });
    }
    if (call.path === '/product/message/update/status') {
      const body = call.body as { id: string; response?: string };
      unread.count = Math.max(0, unread.count - 1);
      const found = MESSAGES.find((m) => m.id === body.id)!;
      return ok({ ...found, isRead: true, response: body.response === 'accept' ? 'accepted' : found.response });
    }
    if (call.path === '/product/message/batchUpdate/status') {
      unread.count = 0;
      return ok({ updated: 2 });
    }
    return undefined;
  };
}

describe('message centre', { timeout: 90_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists invitations, shares and notices with the unread badge; accepts an invitation and marks all read', async () => {
    const calls = stubApi(answer({ count: 2 }));
    const { router } = renderApp('/myMsg');
    await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/myMsg'));
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('张三 邀请你加入群组“电池研究组”')).toBeTruthy());
    expect(within(table).getByText('张三 向你分享了 1 件专利：CN117151122A').closest('a')?.getAttribute('href')).toBe(
      '/innovationSpace/searchDetail?pn=CN117151122A',
    );
    expect(within(table).getByText('留言：请看')).toBeTruthy();
    // Issue 43: the time in the interface language, not the browser's locale (local time zone).
    const at = new Date('2026-11-27T08:00:00.000Z');
    const pad = (n: number) => String(n).padStart(2, '0');
    const zhTime = `2026-11-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
    expect(within(table).getAllByText(zhTime).length).toBeGreaterThan(0);
    expect(within(table).getByText('张三 向你分享了检索“电池检索”').closest('a')?.getAttribute('href')).toBe(
      '/innovationSpace/searchResult?q=TI%3D%E7%94%B5%E6%B1%A0',
    );
    // The header's bell shows the unread count.
    const bell = await screen.findByTestId('message-bell');
    await waitFor(() => expect(bell.getAttribute('aria-label')).toBe('消息中心，2 条未读'));

    fireEvent.click(within(table).getByRole('button', { name: '接受' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/product/message/update/status')?.body).toEqual({
        id: 'm1',
        response: 'accept',
      }),
    );
    // The badge is asked again after the answer.
    await waitFor(() => expect(bell.getAttribute('aria-label')).toBe('消息中心，1 条未读'));

    fireEvent.click(screen.getByRole('button', { name: '全部标为已读' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/product/message/batchUpdate/status')?.body).toEqual({ all: true }),
    );
    await waitFor(() => expect(bell.getAttribute('aria-label')).toBe('消息中心，0 条未读'));
  });

  it('filters by tab through the URL and marks the selected messages read, in English', async () => {
    const calls = stubApi(answer({ count: 1 }));
    const { router } = renderPage(<MessagePage />, '/innovationSpace/myMsg?tab=share', 'en');
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('张三 shared the search "电池检索" with you')).toBeTruthy());
    expect(within(table).queryByText(/invites you/)).toBeNull();
    // Issue 43: English times read "Nov 27, 2026, 8:00 AM" (in the local time zone).
    const enTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date('2026-11-27T08:00:00.000Z'),
    );
    expect(enTime).toMatch(/^Nov 2\d, 2026, \d{1,2}:00\s[AP]M$/);
    expect(within(table).getAllByText(enTime).length).toBeGreaterThan(0);
    expect(calls.find((c) => c.path === '/product/message/query/message')?.body).toEqual({
      page: 1,
      pageSize: 20,
      category: 'share',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    fireEvent.click(within(rows[0] as HTMLElement).getByRole('checkbox'));
    const markSelected = await screen.findByRole('button', { name: 'Mark selected read (1)' });
    fireEvent.click(markSelected);
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/product/message/batchUpdate/status')?.body).toEqual({ ids: ['m2'] }),
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Invitations' }));
    await waitFor(() => expect(router.state.location.search).toBe('?tab=invitation'));
  });

  it('shows no bell to an account without the message centre', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/product/user/menu') return ok({ menu: ['/search/quick', '/user/share'] });
      if (call.path.startsWith('/product/share/query/')) return ok({ total: 0, page: 1, pageSize: 20, items: [] });
      return undefined;
    });
    renderApp('/innovationSpace/share', 'zh', { session: { menu: ['/search/quick', '/user/share'] } });
    await screen.findByRole('table', {}, { timeout: 60_000 });
    expect(screen.queryByTestId('message-bell')).toBeNull();
    expect(calls.some((c) => c.path.startsWith('/product/message/'))).toBe(false);
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ShareItem } from '@patlas/contracts';
import { renderApp } from '../../test/render-app';
import { ok, stubApi } from '../../test/test-api';

const ALICE = { userId: 'u-a', fullname: '张三', email: 'alice@test.local' };
const ME = { userId: 'u-test', fullname: '测试用户', email: 'demo@patlas.local' };

const PATENT_SHARE: ShareItem = {
  id: 's1',
  kind: 'patent',
  sender: ALICE,
  recipient: ME,
  note: '请看这件',
  patents: [
    { pn: 'CN117151122A', title: '一种基于区块链的数据共享方法' },
    { pn: 'US6980000B2', title: 'Battery pack' },
  ],
  createdAt: '2026-11-27T08:00:00.000Z',
};
const SEARCH_SHARE: ShareItem = {
  id: 's2',
  kind: 'search',
  sender: ALICE,
  recipient: ME,
  search: {
    title: '电池检索',
    expression: 'TI=电池',
    router: '/innovationSpace/searchResult?q=TI%3D%E7%94%B5%E6%B1%A0&page=2',
    total: 42,
  },
  createdAt: '2026-11-27T09:00:00.000Z',
};

describe('shared with me', { timeout: 90_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists shared patents linking to their detail pages, and shared searches linking to their result page state', async () => {
    const calls = stubApi((call) => {
      if (call.path === '/product/share/query/sharePatent')
        return ok({ total: 1, page: 1, pageSize: 20, items: [PATENT_SHARE] });
      if (call.path === '/product/share/query/ShareRetrievable')
        return ok({ total: 1, page: 1, pageSize: 20, items: [SEARCH_SHARE] });
      if (call.path === '/product/message/unreadMessage/count') return ok({ count: 0 });
      // Reading marks: the user has opened the first shared patent, not the second.
      if (call.path === '/product/patent/readMark/list')
        return ok({ read: [{ publicationNumber: 'CN117151122A', readAt: '2026-11-28T08:00:00.000Z' }] });
      return undefined;
    });
    const { router } = renderApp('/user/share');
    await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/share'));
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('CN117151122A')).toBeTruthy());
    expect(within(table).getByText('CN117151122A').closest('a')?.getAttribute('href')).toBe(
      '/innovationSpace/searchDetail?pn=CN117151122A',
    );
    expect(within(table).getByText('请看这件')).toBeTruthy();
    // Reading marks (docs/reading-marks.md): asked for the page's shared patents; the opened one is marked.
    expect((await within(table).findByTestId('read-mark-CN117151122A')).textContent).toContain('已读');
    expect(within(table).queryByTestId('read-mark-US6980000B2')).toBeNull();
    expect(within(table).getByText('CN117151122A').className).toContain('read-mark-title');
    expect(calls.find((c) => c.path === '/product/patent/readMark/list')?.body).toEqual({
      publicationNumbers: ['CN117151122A', 'US6980000B2'],
    });
    expect(within(table).getByText('张三')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: '检索式' }));
    await waitFor(() => expect(within(screen.getByRole('table')).getByText('电池检索')).toBeTruthy());
    expect(screen.getByText('电池检索').closest('a')?.getAttribute('href')).toBe(SEARCH_SHARE.search!.router);
    expect(screen.getByText('命中 42 条')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=search');

    // What I shared: the recipient column instead of the sender.
    fireEvent.click(screen.getByText('我分享的'));
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/product/share/query/ShareRetrievable').at(-1)?.body).toEqual({
        page: 1,
        pageSize: 20,
        direction: 'sent',
      }),
    );
    expect(screen.getByRole('columnheader', { name: '接收人' })).toBeTruthy();
  });
});

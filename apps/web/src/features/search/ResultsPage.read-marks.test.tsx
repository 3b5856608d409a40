// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage, stubFetch, type FakeResponse } from '../../test/render-page';
import { ResultsPage } from './ResultsPage';

/**
 * Issue 46 item 5, reading marks (阅读标记, spec 2 §3/§9): the rows the user opened are marked
 * (muted title, "已读 / Read"), and "unread only" asks the server for the set without them.
 */
const hits = [
  {
    publicationNumber: 'CN110000001A',
    title: '一种锂电池正极材料及其制备方法',
    applicants: ['宁德时代新能源科技股份有限公司'],
    country: 'CN',
    score: 3,
  },
  {
    publicationNumber: 'CN110000002B',
    title: '一种电池组散热结构',
    applicants: ['比亚迪股份有限公司'],
    country: 'CN',
    score: 2,
  },
];

const ok = (data: unknown): FakeResponse => ({ status: 200, body: { status: 1, message: '', data } });

function serve() {
  return stubFetch((url, request): FakeResponse => {
    if (url.pathname === '/api/product/patent/readMark/list') {
      const asked = (request.body as { publicationNumbers: string[] }).publicationNumbers;
      return ok({
        read: asked
          .filter((pn) => pn === 'CN110000001A')
          .map((pn) => ({ publicationNumber: pn, readAt: '2026-12-03T08:30:00.000Z' })),
      });
    }
    if (url.pathname === '/api/product/search/searchNew') {
      const unreadOnly = (request.body as { unreadOnly?: boolean }).unreadOnly === true;
      const items = unreadOnly ? hits.slice(1) : hits;
      return ok({ total: items.length, page: 1, pageSize: 20, items, facets: {}, expression: 'TI=电池', tookMs: 5 });
    }
    return ok({});
  });
}

const URL_OF = (extra = '') => `/innovationSpace/searchResult?q=${encodeURIComponent('TI=电池')}${extra}`;

describe('reading marks on the result page', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it.each([
    ['liebiaoshitu', 'zh', '已读'],
    ['tuwenshitu', 'zh', '已读'],
    ['liebiaoshitu', 'en', 'Read'],
  ] as const)('marks the rows the user opened (%s, %s)', async (view, lang, tag) => {
    const calls = serve();
    renderPage(<ResultsPage />, URL_OF(`&view=${view}`), lang);
    const mark = await screen.findByTestId('read-mark-CN110000001A');
    expect(mark.textContent).toBe(tag);
    expect(screen.queryByTestId('read-mark-CN110000002B')).toBeNull();
    const asked = calls.find((c) => c.url.pathname === '/api/product/patent/readMark/list');
    expect(asked?.body).toEqual({ publicationNumbers: ['CN110000001A', 'CN110000002B'] });
    if (view === 'liebiaoshitu') {
      const row = mark.closest('tr');
      expect(row?.className).toContain('result-row-read');
      const other = screen.getByText('一种电池组散热结构').closest('tr');
      expect(other?.className).not.toContain('result-row-read');
    } else {
      expect(screen.getByText('一种锂电池正极材料及其制备方法').closest('a')?.className).toContain('read-mark-title');
    }
  });

  it('"unread only" searches the set without the opened patents, kept in the URL', async () => {
    const calls = serve();
    const { router } = renderPage(<ResultsPage />, URL_OF());
    await screen.findByTestId('read-mark-CN110000001A');
    const toggle = screen.getByRole('switch', { name: '只看未读' });
    expect(toggle.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(toggle);
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('unread')).toBe('1'));
    await waitFor(() => expect(screen.queryByText('一种锂电池正极材料及其制备方法')).toBeNull());
    expect(screen.getByText('一种电池组散热结构')).toBeTruthy();
    const searches = calls.filter((c) => c.url.pathname === '/api/product/search/searchNew');
    expect(searches.at(-1)?.body).toMatchObject({ unreadOnly: true });
    // A mark filter records no history action (spec 1 §4).
    expect(searches.at(-1)?.body).not.toHaveProperty('history');
    expect(screen.getByRole('switch', { name: '只看未读' }).getAttribute('aria-checked')).toBe('true');
    // Off again: the whole set.
    fireEvent.click(screen.getByRole('switch', { name: '只看未读' }));
    await screen.findByText('一种锂电池正极材料及其制备方法');
    expect(new URLSearchParams(router.state.location.search).get('unread')).toBeNull();
  });

  it('an IP visitor keeps no marks: no switch, no look-up', async () => {
    const calls = serve();
    renderPage(<ResultsPage />, URL_OF(), 'en', { session: { loginType: 'ip' } });
    await screen.findByText('一种电池组散热结构');
    expect(screen.queryByRole('switch', { name: 'Unread only' })).toBeNull();
    expect(calls.some((c) => c.url.pathname === '/api/product/patent/readMark/list')).toBe(false);
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SearchHistoryEntry, SearchQueryRequest } from '@patlas/contracts';
import { pressEnter, renderApp, stubFetch, type FakeResponse, type RecordedRequest } from '../test/render-app';
import { claimRecording } from './history-actions';

const ok = (data: unknown): FakeResponse => ({ status: 200, body: { status: 1, message: '', data } });

/** The total the fake engine answers for a request: fewer hits with filters, fewer still within results. */
function totalFor(body: SearchQueryRequest): number {
  let total = 300;
  if ((body.filters ?? []).length > 0) total = 120;
  if (body.secondExpre) total = Math.floor(total / 3);
  return total;
}

function searchAnswer(body: SearchQueryRequest): FakeResponse {
  const total = totalFor(body);
  return ok({
    total,
    page: body.page ?? 1,
    pageSize: 20,
    items: [
      {
        publicationNumber: 'CN215644798U',
        title: '电池包',
        applicants: ['宁德时代'],
        inventors: [],
        country: 'CN',
        score: 1,
      },
    ],
    facets: { patentType: [{ value: 'utility_model', count: 120 }] },
    expression: `canonical(${body.searchExpre})`,
    tookMs: 3,
    key: 'abcdefgh12',
  });
}

interface Stored {
  id: string;
  no: number;
  createdAt: string;
  entry: SearchHistoryEntry;
}

/** A fake server: search answers, and a history store that the drawer lists. */
function fakeServer() {
  const stored: Stored[] = [];
  const calls = stubFetch((url, request) => {
    const path = url.pathname.replace('/api/product', '');
    if (path === '/search/searchNew') return searchAnswer(request.body as SearchQueryRequest);
    if (path === '/history' && request.method === 'POST') {
      const entry = JSON.parse((request.body as { content: string }).content) as SearchHistoryEntry;
      const id = String(stored.length + 1);
      stored.unshift({ id, no: stored.length + 1, createdAt: '2026-11-24T08:00:00.000Z', entry });
      return ok({ id });
    }
    if (path === '/history/list') return ok({ total: stored.length, page: 1, pageSize: 20, items: stored });
    if (path === '/operatehistory') return ok({ id: 'op1' });
    if (path === '/eventTracking/record') return ok({});
    return { status: 404, body: { status: 0, message: 'not found', data: { code: 'NOT_FOUND' } } };
  });
  const historyPosts = () =>
    calls
      .filter((c) => c.url.pathname === '/api/product/history' && c.method === 'POST')
      .map((c) => JSON.parse((c.body as { content: string }).content) as SearchHistoryEntry);
  return { calls, stored, historyPosts };
}

const searchCalls = (calls: RecordedRequest[]) =>
  calls.filter((c) => c.url.pathname === '/api/product/search/searchNew');

/** Lets pending effects and fetches settle, so a second (wrong) recording would have happened. */
async function settle() {
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 150));
  });
}

const RESULT_URL = '/innovationSpace/searchResult?q=TI%3D%E7%94%B5%E6%B1%A0';

// Each test renders the whole result page in jsdom: slow on a busy 2-core machine.
describe('search history recording on the result page', { timeout: 90_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('records exactly one filterSingle entry, with the filtered total, once its results arrive', async () => {
    const server = fakeServer();
    renderApp(RESULT_URL);
    expect((await screen.findByTestId('result-total')).textContent).toBe('共 300 条结果');
    await settle();
    // Opening a link is no action: nothing recorded.
    expect(server.historyPosts()).toEqual([]);

    fireEvent.click(screen.getByText('实用新型', { selector: '.facet-value-label' }));
    await waitFor(() => expect(server.historyPosts()).toHaveLength(1));
    await settle();
    const entries = server.historyPosts();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      operationName: 'filterSingle',
      operationValue: 'patentType:utility_model',
      resultTotal: '120',
      searchExpression: 'TI=电池',
      realExpression: 'canonical(TI=电池)',
      isFilter: true,
      filterArrs: [{ field: 'patentType', values: ['utility_model'] }],
      viewMode: 'liebiaoshitu',
    });
    expect(entries[0]?.router).toBe(
      '/innovationSpace/searchResult?q=TI%3D%E7%94%B5%E6%B1%A0&f=patentType%3Autility_model',
    );
    // Recorded after the filtered search was answered, not before.
    const filteredSearch = server.calls.findIndex(
      (c) => c.url.pathname.endsWith('/searchNew') && ((c.body as SearchQueryRequest).filters ?? []).length > 0,
    );
    const post = server.calls.findIndex((c) => c.url.pathname === '/api/product/history' && c.method === 'POST');
    expect(filteredSearch).toBeGreaterThanOrEqual(0);
    expect(post).toBeGreaterThan(filteredSearch);
  });

  it('tags each control with its action', async () => {
    const server = fakeServer();
    const { router } = renderApp(RESULT_URL);
    await screen.findByTestId('result-total');

    fireEvent.click(screen.getByText('图文', { exact: true }));
    await waitFor(() => expect(server.historyPosts().map((e) => e.operationName)).toEqual(['view']));

    const second = document.querySelector('.result-second input') as HTMLInputElement;
    fireEvent.change(second, { target: { value: 'AB=正极' } });
    pressEnter(second);
    await waitFor(() => expect(server.historyPosts().map((e) => e.operationName)).toEqual(['view', 'second']));
    expect(server.historyPosts()[1]).toMatchObject({
      operationValue: 'AB=正极',
      resultTotal: '100',
      viewMode: 'tuwenshitu',
    });

    fireEvent.click(document.querySelector('.results-summary .ant-tag-close-icon') as HTMLElement);
    await waitFor(() => expect(server.historyPosts().at(-1)?.operationName).toBe('clearSecondExp'));
    expect(server.historyPosts().at(-1)).toMatchObject({ operationValue: 'AB=正极', resultTotal: '300' });

    // The same expression again is a refresh, recorded once the new answer is in.
    const before = searchCalls(server.calls).length;
    fireEvent.click(document.querySelector('.expr-editor-submit') as HTMLElement);
    await waitFor(() => expect(server.historyPosts().at(-1)?.operationName).toBe('refreshPage'));
    expect(searchCalls(server.calls).length).toBe(before + 1);

    // A new expression is a search: also an operation-history record and a tracked event.
    const editor = screen.getByRole('textbox', { name: '检索式' });
    fireEvent.change(editor, { target: { value: 'TI=电机' } });
    fireEvent.keyDown(editor, { key: 'Enter', code: 'Enter', ctrlKey: true });
    await waitFor(() => expect(server.historyPosts().at(-1)?.operationName).toBe('search'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('TI=电机');
    await waitFor(() =>
      expect(server.calls.find((c) => c.url.pathname === '/api/product/operatehistory')?.body).toMatchObject({
        recordType: 1,
        title: 'TI=电机',
        resultTotal: '300',
        // A new expression keeps the view the user chose.
        router: '/innovationSpace/searchResult?q=TI%3D%E7%94%B5%E6%9C%BA&view=tuwenshitu',
        data: { state: { searchExpre: 'TI=电机', viewMode: 'tuwenshitu' } },
      }),
    );
    await waitFor(() =>
      expect(server.calls.find((c) => c.url.pathname === '/api/product/eventTracking/record')?.body).toMatchObject({
        recordType: 1,
      }),
    );
    await settle();
    expect(server.historyPosts().map((e) => e.operationName)).toEqual([
      'view',
      'second',
      'clearSecondExp',
      'refreshPage',
      'search',
    ]);
  });

  it('reopens an entry from the drawer without recording it, then records the next action normally', async () => {
    const server = fakeServer();
    const { router } = renderApp(RESULT_URL);
    await screen.findByTestId('result-total');
    fireEvent.click(screen.getByText('实用新型', { selector: '.facet-value-label' }));
    await waitFor(() => expect(server.historyPosts()).toHaveLength(1));
    // Back to the plain search (an action too).
    fireEvent.click(screen.getByText('全部清除'));
    await waitFor(() => expect(server.historyPosts()).toHaveLength(2));
    expect(server.historyPosts()[1]).toMatchObject({ operationName: 'clearFilter', resultTotal: '300' });

    fireEvent.click(screen.getByRole('button', { name: /历史/ }));
    const drawer = await screen.findByRole('list', { name: '检索历史' });
    await waitFor(() => expect(within(drawer).getAllByRole('listitem')).toHaveLength(2));
    // Newest first: the filter entry is second.
    fireEvent.click(within(within(drawer).getAllByRole('listitem')[1] as HTMLElement).getByText('筛选'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('hid')).toBe('1'));
    expect(new URLSearchParams(router.state.location.search).get('f')).toBe('patentType:utility_model');
    await waitFor(() => expect(screen.getByTestId('result-total').textContent).toBe('共 120 条结果'));
    await settle();
    expect(server.historyPosts()).toHaveLength(2);

    fireEvent.click(screen.getByText('首图', { exact: true }));
    await waitFor(() => expect(server.historyPosts()).toHaveLength(3));
    expect(new URLSearchParams(router.state.location.search).get('hid')).toBeNull();
    expect(server.historyPosts()[2]).toMatchObject({
      operationName: 'view',
      operationValue: 'shoutushitu',
      resultTotal: '120',
    });
  });

  it('records a patent opened from the result page as detail', async () => {
    const server = fakeServer();
    const { router } = renderApp(RESULT_URL);
    await screen.findByTestId('result-total');
    fireEvent.click(screen.getByText('CN215644798U'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/searchDetail'));
    await waitFor(() => expect(server.historyPosts()).toHaveLength(1));
    expect(server.historyPosts()[0]).toMatchObject({
      operationName: 'detail',
      operationValue: 'CN215644798U',
      detail: 'CN215644798U',
      resultTotal: '300',
      router: '/innovationSpace/searchDetail?pn=CN215644798U',
      searchExpression: 'TI=电池',
    });
  });

  it('records nothing for IP-login visitors', async () => {
    const server = fakeServer();
    renderApp(RESULT_URL, 'zh', { session: { loginType: 'ip' } });
    await screen.findByTestId('result-total');
    fireEvent.click(screen.getByText('实用新型', { selector: '.facet-value-label' }));
    await waitFor(() => expect(screen.getByTestId('result-total').textContent).toBe('共 120 条结果'));
    await settle();
    expect(server.historyPosts()).toEqual([]);
    expect(screen.queryByRole('button', { name: /历史/ })).toBeNull();
  });

  it('keeps searching when recording fails', async () => {
    const calls = stubFetch((url, request) =>
      url.pathname.endsWith('/searchNew')
        ? searchAnswer(request.body as SearchQueryRequest)
        : { status: 500, body: { status: 0, message: 'boom', data: { code: 'INTERNAL' } } },
    );
    renderApp(RESULT_URL);
    await screen.findByTestId('result-total');
    fireEvent.click(screen.getByText('实用新型', { selector: '.facet-value-label' }));
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/product/history')).toBe(true));
    expect(screen.getByTestId('result-total').textContent).toBe('共 120 条结果');
    expect(screen.queryByText('boom')).toBeNull();
  });
});

describe('claimRecording', () => {
  it('claims a navigation once, also after a reload (session storage)', () => {
    expect(claimRecording('key-a')).toBe(true);
    expect(claimRecording('key-a')).toBe(false);
    expect(window.sessionStorage.getItem('patlas:historyRecorded')).toContain('key-a');
  });
});

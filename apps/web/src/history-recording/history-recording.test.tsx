// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ResultPageAction, SearchHistoryEntry, SearchQueryRequest } from '@patlas/contracts';
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
  });
}

type SearchNewBody = SearchQueryRequest & { viewMode?: string; history?: ResultPageAction };

/** The entry the server records for a searchNew that carries the page's action (issue 42), as it builds it. */
function entryRecordedBy(body: SearchNewBody, action: ResultPageAction): SearchHistoryEntry {
  const filters = body.filters ?? [];
  return {
    exp: body.searchExpre,
    searchExpression: body.searchExpre,
    realExpression: `canonical(${body.searchExpre})`,
    operationName: action.action,
    operationValue: action.value,
    resultTotal: String(totalFor(body)),
    pageType: 'searchResult',
    filterArrs: filters,
    isFilter: filters.length > 0,
    router: action.router,
    ...(body.viewMode ? { viewMode: body.viewMode as SearchHistoryEntry['viewMode'] } : {}),
    ...(action.removedFilter ? { delFilterObj: action.removedFilter } : {}),
  };
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
  const store = (entry: SearchHistoryEntry) => {
    const id = String(stored.length + 1);
    stored.unshift({ id, no: stored.length + 1, createdAt: '2026-11-24T08:00:00.000Z', entry });
    return id;
  };
  const fake = { answer: (url: URL, request: RecordedRequest): FakeResponse => serve(url, request) };
  const calls = stubFetch((url, request) => fake.answer(url, request));
  function serve(url: URL, request: RecordedRequest): FakeResponse {
    const path = url.pathname.replace('/api/product', '');
    if (path === '/search/searchNew') {
      const body = request.body as SearchNewBody;
      if (body.history) store(entryRecordedBy(body, body.history));
      return searchAnswer(body);
    }
    if (path === '/history' && request.method === 'POST') {
      return ok({ id: store(JSON.parse((request.body as { content: string }).content) as SearchHistoryEntry) });
    }
    if (path === '/history/list') return ok({ total: stored.length, page: 1, pageSize: 20, items: stored });
    if (path === '/operatehistory') return ok({ id: 'op1' });
    if (path === '/eventTracking/record') return ok({});
    return { status: 404, body: { status: 0, message: 'not found', data: { code: 'NOT_FOUND' } } };
  }
  const historyPosts = () =>
    calls
      .filter((c) => c.url.pathname === '/api/product/history' && c.method === 'POST')
      .map((c) => JSON.parse((c.body as { content: string }).content) as SearchHistoryEntry);
  /** The actions the result page's searches carried, each with the total its search answered. */
  const searchRecordings = () =>
    calls
      .filter((c) => c.url.pathname === '/api/product/search/searchNew' && (c.body as SearchNewBody).history)
      .map((c) => {
        const body = c.body as SearchNewBody;
        return { ...body.history!, total: totalFor(body) };
      });
  return {
    calls,
    stored,
    historyPosts,
    searchRecordings,
    /** How the fake answers a request (a test may wrap it). */
    get answer() {
      return fake.answer;
    },
    set answer(answer: (url: URL, request: RecordedRequest) => FakeResponse) {
      fake.answer = answer;
    },
  };
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

  it('records exactly one filterSingle entry, with the filtered total, through its own search (issue 42)', async () => {
    const server = fakeServer();
    renderApp(RESULT_URL);
    expect((await screen.findByTestId('result-total')).textContent).toBe('共 300 条结果');
    await settle();
    // Opening a link is no action: nothing recorded.
    expect(server.searchRecordings()).toEqual([]);
    expect(server.historyPosts()).toEqual([]);

    fireEvent.click(screen.getByText('实用新型', { selector: '.facet-value-label' }));
    await waitFor(() => expect(screen.getByTestId('result-total').textContent).toBe('共 120 条结果'));
    await settle();
    // The filtered search carries the action; the server records it with the total it finds.
    expect(server.searchRecordings()).toEqual([
      {
        action: 'filterSingle',
        value: 'patentType:utility_model',
        router: '/innovationSpace/searchResult?q=TI%3D%E7%94%B5%E6%B1%A0&f=patentType%3Autility_model',
        total: 120,
      },
    ]);
    const filtered = searchCalls(server.calls).at(-1)?.body as SearchNewBody;
    expect(filtered).toMatchObject({
      searchExpre: 'TI=电池',
      filters: [{ field: 'patentType', values: ['utility_model'] }],
    });
    // No second request sends the total back.
    expect(server.historyPosts()).toEqual([]);
    expect(searchCalls(server.calls)).toHaveLength(2);
    // The history list is read again: the drawer shows the entry.
    fireEvent.click(screen.getByRole('button', { name: /历史/ }));
    const drawer = await screen.findByRole('list', { name: '检索历史' });
    await waitFor(() => expect(within(drawer).getAllByRole('listitem')).toHaveLength(1));
  });

  it('tags each control with its action', async () => {
    const server = fakeServer();
    const { router } = renderApp(RESULT_URL);
    await screen.findByTestId('result-total');
    // Every entry recorded, oldest first, whichever request recorded it.
    const actions = () => [...server.stored].reverse().map((s) => s.entry.operationName);

    fireEvent.click(screen.getByText('图文', { exact: true }));
    await waitFor(() => expect(actions()).toEqual(['view']));

    const second = document.querySelector('.result-second input') as HTMLInputElement;
    fireEvent.change(second, { target: { value: 'AB=正极' } });
    pressEnter(second);
    await waitFor(() => expect(actions()).toEqual(['view', 'second']));
    expect(server.searchRecordings()[1]).toMatchObject({ value: 'AB=正极', total: 100 });
    expect(searchCalls(server.calls).at(-1)?.body).toMatchObject({ secondExpre: 'AB=正极', viewMode: 'tuwenshitu' });

    await waitFor(() => expect(document.querySelector('.results-summary .ant-tag-close-icon')).not.toBeNull());
    fireEvent.click(document.querySelector('.results-summary .ant-tag-close-icon') as HTMLElement);
    await waitFor(() => expect(actions().at(-1)).toBe('clearSecondExp'));
    // Without the search within, the page is the one the view change searched: shown from the
    // cache, so the action goes by POST /history, with the total shown.
    expect(server.historyPosts()).toMatchObject([
      { operationName: 'clearSecondExp', operationValue: 'AB=正极', resultTotal: '300' },
    ]);

    // The same expression again is a refresh: one search again, which carries the action.
    await settle();
    const before = searchCalls(server.calls).length;
    fireEvent.click(document.querySelector('.expr-editor-submit') as HTMLElement);
    await waitFor(() => expect(actions().at(-1)).toBe('refreshPage'));
    await settle();
    expect(searchCalls(server.calls).length).toBe(before + 1);

    // A new expression is a search: also an operation-history record and a tracked event.
    const editor = screen.getByRole('textbox', { name: '检索式' });
    fireEvent.change(editor, { target: { value: 'TI=电机' } });
    fireEvent.keyDown(editor, { key: 'Enter', code: 'Enter', ctrlKey: true });
    await waitFor(() => expect(actions().at(-1)).toBe('search'));
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
    expect(actions()).toEqual(['view', 'second', 'clearSecondExp', 'refreshPage', 'search']);
    expect(server.searchRecordings().map((r) => r.action)).toEqual(['view', 'second', 'refreshPage', 'search']);
    expect(server.historyPosts()).toHaveLength(1);
  });

  it('records an action shown from the cache with POST /history, once', async () => {
    const server = fakeServer();
    renderApp(RESULT_URL);
    await screen.findByTestId('result-total');
    fireEvent.click(screen.getByText('图文', { exact: true }));
    await waitFor(() => expect(server.searchRecordings().map((r) => r.action)).toEqual(['view']));
    // Back to the list view: its results are still fresh in the cache, so no search carries the action.
    const searches = searchCalls(server.calls).length;
    fireEvent.click(screen.getByText('列表', { exact: true }));
    await waitFor(() => expect(server.historyPosts()).toHaveLength(1));
    await settle();
    expect(searchCalls(server.calls)).toHaveLength(searches);
    expect(server.historyPosts()[0]).toMatchObject({
      operationName: 'view',
      operationValue: 'liebiaoshitu',
      resultTotal: '300',
      realExpression: 'canonical(TI=电池)',
    });
    expect(server.searchRecordings()).toHaveLength(1);
  });

  it('reopens an entry from the drawer without recording it, then records the next action normally', async () => {
    const server = fakeServer();
    const { router } = renderApp(RESULT_URL);
    await screen.findByTestId('result-total');
    fireEvent.click(screen.getByText('实用新型', { selector: '.facet-value-label' }));
    await waitFor(() => expect(server.stored).toHaveLength(1));
    // Back to the plain search (an action too; its results come from the cache: POST /history).
    fireEvent.click(screen.getByText('全部清除'));
    await waitFor(() => expect(server.stored).toHaveLength(2));
    expect(server.stored[0]?.entry).toMatchObject({ operationName: 'clearFilter', resultTotal: '300' });
    expect(server.historyPosts()).toHaveLength(1);

    fireEvent.click(screen.getByRole('button', { name: /历史/ }));
    const drawer = await screen.findByRole('list', { name: '检索历史' });
    await waitFor(() => expect(within(drawer).getAllByRole('listitem')).toHaveLength(2));
    // Newest first: the filter entry is second.
    fireEvent.click(within(within(drawer).getAllByRole('listitem')[1] as HTMLElement).getByText('筛选'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('hid')).toBe('1'));
    expect(new URLSearchParams(router.state.location.search).get('f')).toBe('patentType:utility_model');
    await waitFor(() => expect(screen.getByTestId('result-total').textContent).toBe('共 120 条结果'));
    await settle();
    expect(server.stored).toHaveLength(2);

    fireEvent.click(screen.getByText('首图', { exact: true }));
    await waitFor(() => expect(server.stored).toHaveLength(3));
    expect(new URLSearchParams(router.state.location.search).get('hid')).toBeNull();
    expect(server.stored[0]?.entry).toMatchObject({
      operationName: 'view',
      operationValue: 'shoutushitu',
      resultTotal: '120',
    });
    // The view change searched: its search recorded it.
    expect(server.searchRecordings().map((r) => r.action)).toEqual(['filterSingle', 'view']);
    expect(server.historyPosts()).toHaveLength(1);
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

  it('sends the action again when its search is retried (the service starting), and records it once', async () => {
    const server = fakeServer();
    let refused = 0;
    const answer = server.answer;
    server.answer = (url, request) => {
      const body = request.body as SearchNewBody;
      if (url.pathname.endsWith('/searchNew') && body.history && refused === 0) {
        refused++;
        return {
          status: 503,
          headers: { 'Retry-After': '1' },
          body: { status: 0, message: '服务正在启动，请稍候重试', data: { code: 'SERVICE_STARTING' } },
        };
      }
      return answer(url, request);
    };
    renderApp(RESULT_URL, 'zh', { appRetries: true });
    await screen.findByTestId('result-total');
    fireEvent.click(screen.getByText('实用新型', { selector: '.facet-value-label' }));
    await waitFor(() => expect(screen.getByTestId('result-total').textContent).toBe('共 120 条结果'), {
      timeout: 10_000,
    });
    await settle();
    expect(refused).toBe(1);
    // Both tries carried it; the answered one recorded it (the refused one recorded nothing).
    expect(server.searchRecordings().map((r) => r.action)).toEqual(['filterSingle', 'filterSingle']);
    expect(server.stored.map((s) => s.entry.operationName)).toEqual(['filterSingle']);
    expect(server.historyPosts()).toEqual([]);
  });

  it('records nothing for IP-login visitors', async () => {
    const server = fakeServer();
    renderApp(RESULT_URL, 'zh', { session: { loginType: 'ip' } });
    await screen.findByTestId('result-total');
    fireEvent.click(screen.getByText('实用新型', { selector: '.facet-value-label' }));
    await waitFor(() => expect(screen.getByTestId('result-total').textContent).toBe('共 120 条结果'));
    await settle();
    expect(server.searchRecordings()).toEqual([]);
    expect(server.historyPosts()).toEqual([]);
    expect(screen.queryByRole('button', { name: /历史/ })).toBeNull();
  });

  it('keeps searching when what follows a recording fails', async () => {
    const calls = stubFetch((url, request) =>
      url.pathname.endsWith('/searchNew')
        ? searchAnswer(request.body as SearchQueryRequest)
        : { status: 500, body: { status: 0, message: 'boom', data: { code: 'INTERNAL' } } },
    );
    renderApp(RESULT_URL);
    await screen.findByTestId('result-total');
    const editor = screen.getByRole('textbox', { name: '检索式' });
    fireEvent.change(editor, { target: { value: 'TI=电机' } });
    fireEvent.keyDown(editor, { key: 'Enter', code: 'Enter', ctrlKey: true });
    // A new search's operation-history record fails: the page shows its results all the same.
    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/product/operatehistory')).toBe(true));
    expect(screen.getByTestId('result-total').textContent).toBe('共 300 条结果');
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

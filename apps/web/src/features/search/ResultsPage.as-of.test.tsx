// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPage, stubFetch, type FakeResponse } from '../../test/render-page';
import { decodeResultState, encodeResultState, resultSetQueryOf } from '../../search-state/search-url-state';
import { analysisPath, decodeAnalysisState, resultPagePath, resultSetOf } from '../../search-state/analysis-url-state';
import { ResultsPage } from './ResultsPage';

/** Issue 48 item 5: the result page as of a data version (`asOf`), its picker and its URL state. */
const hits = [
  {
    publicationNumber: 'CN130000001A',
    title: '一种锂电池电极材料1',
    applicants: ['宁德时代1'],
    country: 'CN',
    score: 2,
  },
  {
    publicationNumber: 'CN130000004A',
    title: '一种锂电池电极材料4',
    applicants: ['宁德时代4'],
    country: 'CN',
    score: 1,
  },
];
const versions = {
  latest: 2,
  versions: [
    {
      version: 2,
      origin: 'upload',
      startedAt: '2026-12-02T08:00:00.000Z',
      finishedAt: '2026-12-02T08:01:00.000Z',
      inserted: 2,
      updated: 1,
    },
    {
      version: 1,
      origin: 'upload',
      startedAt: '2026-11-02T08:00:00.000Z',
      finishedAt: '2026-11-02T08:01:00.000Z',
      inserted: 3,
      updated: 0,
    },
  ],
};
const ok = (data: unknown): FakeResponse => ({ status: 200, body: { status: 1, message: '', data } });

function serve() {
  return stubFetch((url, request): FakeResponse => {
    if (url.pathname === '/api/platform/data/versions') return ok(versions);
    if (url.pathname === '/api/product/search/searchNew') {
      const asOf = (request.body as { asOf?: number }).asOf;
      const items = asOf === 1 ? hits.slice(0, 1) : hits;
      return ok({
        total: items.length,
        page: 1,
        pageSize: 20,
        items,
        facets: {},
        expression: 'TI=锂电池',
        tookMs: 5,
        dataVersion: asOf ?? 2,
        ...(asOf === 1 ? { changedSinceAsOf: 1, revisedSinceAsOf: 2 } : {}),
      });
    }
    return ok({});
  });
}

const URL_OF = (extra = '') => `/innovationSpace/searchResult?q=${encodeURIComponent('TI=锂电池')}${extra}`;

describe('the result page as of a data version', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('keeps asOf in the URL and hands it to every result-set call', () => {
    const state = decodeResultState(new URLSearchParams('q=TI%3D%E9%94%82&asOf=1&page=3'));
    expect(state.asOf).toBe(1);
    expect(encodeResultState({ ...state, page: 4 }).get('asOf')).toBe('1');
    expect(decodeResultState(new URLSearchParams('q=x&asOf=0')).asOf).toBe(0);
    expect(decodeResultState(new URLSearchParams('q=x&asOf=-1')).asOf).toBeUndefined();
    expect(decodeResultState(new URLSearchParams('q=x&asOf=v2')).asOf).toBeUndefined();
    expect(resultSetQueryOf(state).asOf).toBe(1);
    const set = resultSetOf(state);
    expect(set.asOf).toBe(1);
    const analysis = new URL(analysisPath({ resultSet: set }), 'http://x');
    expect(decodeAnalysisState(analysis.searchParams).resultSet.asOf).toBe(1);
    expect(new URL(resultPagePath(set), 'http://x').searchParams.get('asOf')).toBe('1');
  });

  it('picks a version: the search is asked as of it, the page says which, and back to the current data', async () => {
    const calls = serve();
    const { router } = renderPage(<ResultsPage />, URL_OF());
    await screen.findByText('一种锂电池电极材料4');
    const picker = screen.getByTestId('as-of-picker');
    fireEvent.mouseDown(within(picker).getByRole('combobox'));
    fireEvent.click(await screen.findByText(/数据版本 1（/));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('asOf')).toBe('1'));
    await waitFor(() => expect(screen.queryByText('一种锂电池电极材料4')).toBeNull());
    const asked = calls.filter((c) => c.url.pathname === '/api/product/search/searchNew').at(-1);
    expect((asked?.body as { asOf?: number }).asOf).toBe(1);
    expect(screen.getByText(/按数据版本 1（.*）时的数据检索/)).toBeTruthy();
    expect(screen.getByText(/其中 1 件在之后的导入中被修改/)).toBeTruthy();
    expect(screen.getByText(/其中 2 件之后被修改过，已按当时的内容匹配/)).toBeTruthy();

    fireEvent.mouseDown(within(picker).getByRole('combobox'));
    fireEvent.click(await screen.findByText('当前数据（最新）'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).has('asOf')).toBe(false));
    await screen.findByText('一种锂电池电极材料4');
  }, 60_000);

  it('opens as of a version from the URL, in English', async () => {
    const calls = serve();
    renderPage(<ResultsPage />, URL_OF('&asOf=1'), 'en');
    await screen.findByText(/Searched as of data version 1 \(/);
    expect(screen.getByText(/1 of them was changed by a later import/)).toBeTruthy();
    expect(
      screen.getByText(/2 of them were changed by later imports and were matched on their content then/),
    ).toBeTruthy();
    const asked = calls.find((c) => c.url.pathname === '/api/product/search/searchNew');
    expect((asked?.body as { asOf?: number }).asOf).toBe(1);
  });
});

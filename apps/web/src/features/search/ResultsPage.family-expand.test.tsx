// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { SearchHistoryEntry, SearchQueryRequest } from '@patlas/contracts';
import { renderApp, stubFetch, type FakeResponse, type RecordedRequest } from '../../test/render-app';

const ok = (data: unknown): FakeResponse => ({ status: 200, body: { status: 1, message: '', data } });

const EXPANDED = 'PN=(CN110000001A OR US2019000001A1)';

function hit(publicationNumber: string) {
  return { publicationNumber, title: '一种锂电池正极材料', applicants: [], inventors: [], country: 'CN', score: 1 };
}

/** A fake server: result pages, the expansion (or its refusal) and the history store. */
function fakeServer(expand: (body: unknown) => FakeResponse) {
  return stubFetch((url: URL, request: RecordedRequest) => {
    const path = url.pathname.replace('/api/product', '');
    if (path === '/search/searchNew') {
      const body = request.body as SearchQueryRequest;
      const items =
        body.searchExpre === EXPANDED ? ['CN110000001A', 'US2019000001A1'] : ['CN110000001A', 'CN110000002B'];
      return ok({
        total: items.length,
        page: 1,
        pageSize: 20,
        items: items.map(hit),
        facets: {},
        expression: body.searchExpre,
        tookMs: 2,
      });
    }
    if (path === '/family/expand') return expand(request.body);
    if (path === '/history' && request.method === 'POST') return ok({ id: 'h1' });
    if (path === '/operatehistory') return ok({ id: 'op1' });
    if (path === '/eventTracking/record') return ok({});
    return { status: 404, body: { status: 0, message: 'not found', data: { code: 'NOT_FOUND' } } };
  });
}

const RESULT_URL = '/innovationSpace/searchResult?q=TI%3D%E9%94%82%E7%94%B5%E6%B1%A0';

async function selectFirstRow() {
  await screen.findAllByText('CN110000001A');
  const box = document.querySelector('tr[data-row-key="CN110000001A"] input[type="checkbox"]');
  fireEvent.click(box as Element);
}

/** Issue 46 item 2: 同族扩展 on the result page (spec 2 §4, §8; spec 1 §4 `pfe`). */
describe('result page: simple-family expansion', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(cleanup);

  /** Family expansion sits behind the selection's "More": opened unless it shows already. */
  const expandButton = async (name: RegExp) => {
    if (!screen.queryByRole('button', { name })) fireEvent.click(await screen.findByTestId('selection-more'));
    return screen.findByRole('button', { name });
  };

  it('expands the selected rows, opens the expanded set and records pfe', async () => {
    const calls = fakeServer(() =>
      ok({
        publicationNumbers: ['CN110000001A', 'US2019000001A1'],
        expression: EXPANDED,
        quota: { limit: 5, used: 1 },
      }),
    );
    renderApp(RESULT_URL, 'zh');
    await selectFirstRow();
    fireEvent.click(await expandButton(/同族扩展/));

    await waitFor(() => expect(calls.some((c) => c.url.pathname === '/api/product/family/expand')).toBe(true));
    const expand = calls.find((c) => c.url.pathname === '/api/product/family/expand');
    expect(expand?.body).toEqual({ publicationNumbers: ['CN110000001A'] });
    // The expanded set opens on the result page by its expression.
    await waitFor(
      () =>
        expect(
          calls.some(
            (c) => c.url.pathname.endsWith('/searchNew') && (c.body as SearchQueryRequest).searchExpre === EXPANDED,
          ),
        ).toBe(true),
      { timeout: 15_000 },
    );
    expect(await screen.findByText('已扩展为 2 件同族专利')).toBeTruthy();
    const pfe = calls
      .filter((c) => c.url.pathname === '/api/product/history' && c.method === 'POST')
      .map((c) => JSON.parse((c.body as { content: string }).content) as SearchHistoryEntry)
      .find((e) => e.operationName === 'pfe');
    expect(pfe).toMatchObject({ operationName: 'pfe', operationValue: '1:2', searchExpression: 'TI=锂电池' });
  });

  it('says to select first, and shows the server quota message in the user language', async () => {
    const calls = fakeServer(() => ({
      status: 400,
      body: {
        status: 0,
        message:
          'Simple-family expansions exceed your account maximum (5 of 5 used); please contact your sales manager',
        data: { code: 'FAMILY_EXPAND_QUOTA_EXCEEDED' },
      },
    }));
    renderApp(RESULT_URL, 'en');
    await screen.findAllByText('CN110000001A');
    fireEvent.click(await expandButton(/Expand families/));
    expect(await screen.findByText('Select the patents to expand first')).toBeTruthy();
    expect(calls.some((c) => c.url.pathname === '/api/product/family/expand')).toBe(false);

    await selectFirstRow();
    fireEvent.click(await expandButton(/Expand families/));
    expect(
      await screen.findByText(
        'Simple-family expansions exceed your account maximum (5 of 5 used); please contact your sales manager',
      ),
    ).toBeTruthy();
  });
});

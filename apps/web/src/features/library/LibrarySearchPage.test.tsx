// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { OTHER_PAGE_TEST_ID, renderPage } from '../../test/render-page';
import { ok, stubApi } from '../../test/test-api';
import { FOLDERS, savedExpression } from './library-fixtures';
import { LibrarySearchPage } from './LibrarySearchPage';

function serve() {
  return stubApi((call) => {
    const body = call.body as Record<string, unknown>;
    if (call.path === '/product/archive/v2/list' && body.type === 'folders')
      return ok({ type: 'folders', folders: FOLDERS, quota: { used: 6, limit: 1000 } });
    if (call.path === '/product/archive/v2/list' && body.type === 'expressions')
      return ok({
        type: 'expressions',
        total: 1,
        page: 1,
        pageSize: 20,
        items: [savedExpression('e1', '锂电池', 'TI=(锂电池)', 120)],
      });
    return undefined;
  });
}

describe('library search page (/innovationSpace/collectSearch)', { timeout: 120_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('searches within a chosen library (its sub-folder chosen) on the result page', async () => {
    serve();
    const { router } = renderPage(<LibrarySearchPage />, '/innovationSpace/collectSearch');
    const card = await screen.findByTestId('library-search');
    // The user's folders with their paths; the first is chosen.
    await waitFor(() => expect(within(card).getByText('电池 (5)')).toBeTruthy());
    expect(
      within(card)
        .getByRole('button', { name: /打开全部专利/ })
        .hasAttribute('disabled'),
    ).toBe(false);
    fireEvent.mouseDown(within(card).getByRole('combobox', { name: '专题库' }));
    fireEvent.click(await screen.findByTitle('电池 / 正极 (2)'));
    fireEvent.change(within(card).getByRole('textbox', { name: '检索式' }), { target: { value: 'TI=电池' } });
    const search = within(card).getByRole('button', { name: /在库中检索/ });
    await waitFor(() => expect(search.hasAttribute('disabled')).toBe(false));
    fireEvent.click(search);
    await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/searchResult'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('set')).toBe('library:f2');
    expect(params.get('second')).toBe('TI=电池');
    expect(screen.getByTestId(OTHER_PAGE_TEST_ID)).toBeTruthy();
  });

  it('shows the saved expressions in English, and opens a whole library', async () => {
    serve();
    const { router } = renderPage(<LibrarySearchPage />, '/innovationSpace/collectSearch', 'en');
    expect(await screen.findByText('TI=(锂电池)')).toBeTruthy();
    const card = screen.getByTestId('library-search');
    await waitFor(() => expect(within(card).getByText('电池 (5)')).toBeTruthy());
    fireEvent.click(within(card).getByRole('button', { name: /Open all patents/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/searchResult'));
    expect(new URLSearchParams(router.state.location.search).get('set')).toBe('library:f1');
  });
});

// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SearchHistoryEntry } from '@patlas/contracts';
import { renderPage, stubFetch, type FakeResponse } from '../../test/render-page';
import { HistoryPage } from './HistoryPage';
import { buildEntry } from '../../history-recording/recording';
import { defaultResultState } from '../../search-state/search-url-state';

const ok = (data: unknown): FakeResponse => ({ status: 200, body: { status: 1, message: '', data } });

function item(no: number, expression: string, total: number, action: SearchHistoryEntry['operationName'] = 'search') {
  return {
    id: `h${no}`,
    no,
    createdAt: `2026-11-2${no}T08:30:00.000Z`,
    entry: buildEntry({ action, value: expression, snapshot: { state: defaultResultState(expression), total } }),
  };
}

const ITEMS = [item(3, 'TI=(电机)', 80), item(2, 'AB=(正极)', 150, 'jumpPage'), item(1, 'TI=(电池)', 300)];

// Each test renders the whole app in jsdom: slow on a busy 2-core machine.
describe('history page', { timeout: 90_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('lists the search history with filters from the URL, and combines chosen rows', async () => {
    const calls = stubFetch((url, request) => {
      if (url.pathname.endsWith('/history/list')) return ok({ total: 3, page: 1, pageSize: 20, items: ITEMS });
      if (url.pathname.endsWith('/history/historyRetrievalCombined')) {
        // Answers from what was asked, as the server does: the operators in row order.
        const { items } = request.body as { items: { id: string; operator: string }[] };
        const byId = new Map(ITEMS.map((i) => [i.id, i.entry.searchExpression]));
        const expression = items
          .map((it, i) => (i === 0 ? `(${byId.get(it.id)})` : ` ${it.operator} (${byId.get(it.id)})`))
          .join('');
        return ok({ expression, total: items.some((it) => it.operator === 'OR') ? 380 : 42 });
      }
      return ok({ total: 0, page: 1, pageSize: 20, items: [] });
    });
    const { router } = renderPage(
      <HistoryPage />,
      '/innovationSpace/history?kw=%E7%94%B5&from=2026-11-01&to=2026-11-30',
    );

    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('TI=(电机)')).toBeTruthy());
    expect(within(table).getByText('#3')).toBeTruthy();
    expect(within(table).getByText('翻页')).toBeTruthy();
    expect(within(table).getByText('300')).toBeTruthy();
    const list = calls.find((c) => c.url.pathname.endsWith('/history/list'));
    expect(list?.body).toEqual({
      page: 1,
      pageSize: 20,
      keyword: '电',
      startDate: '2026-11-01',
      endDate: '2026-11-30',
    });

    // Spec 1 §5 "keyword search at most 30 characters": the box takes 30, no more.
    const keywordBox = screen.getByRole('searchbox', { name: '关键词' });
    expect(keywordBox.getAttribute('maxlength')).toBe('30');

    // Choose #3 and #1; combine them.
    const combine = screen.getByRole('button', { name: '组合检索' });
    expect(combine.hasAttribute('disabled')).toBe(true);
    const rows = within(table).getAllByRole('row').slice(1);
    fireEvent.click(within(rows[0] as HTMLElement).getByRole('checkbox'));
    fireEvent.click(within(rows[2] as HTMLElement).getByRole('checkbox'));
    await waitFor(() => expect(combine.hasAttribute('disabled')).toBe(false));
    fireEvent.click(combine);

    expect((await screen.findByTestId('combined-expression')).textContent).toBe('(TI=(电机)) AND (TI=(电池))');
    expect(screen.getByTestId('combined-total').textContent).toBe('命中 42 条');
    const combineCall = calls.find((c) => c.url.pathname.endsWith('/historyRetrievalCombined'));
    expect(combineCall?.body).toEqual({
      items: [
        { id: 'h3', operator: 'AND' },
        { id: 'h1', operator: 'AND' },
      ],
    });

    // Another operator: asked again, shown again.
    const dialog = screen.getByRole('dialog');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: '运算符 #1' }));
    fireEvent.click(await screen.findByTitle('或 OR'));
    await waitFor(() =>
      expect(screen.getByTestId('combined-expression').textContent).toBe('(TI=(电机)) OR (TI=(电池))'),
    );
    expect(screen.getByTestId('combined-total').textContent).toBe('命中 380 条');

    // 检索 opens the result page of the combined expression.
    fireEvent.click(within(dialog).getByRole('button', { name: '检索' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/searchResult'));
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('(TI=(电机)) OR (TI=(电池))');
  });

  it('opens the operation history tab from the URL and reopens a record through getData', async () => {
    const calls = stubFetch((url) => {
      if (url.pathname.endsWith('/operatehistory/list')) {
        return ok({
          total: 1,
          page: 2,
          pageSize: 20,
          items: [
            { id: 'o1', recordType: 1, title: 'TI=(电池)', resultTotal: '300', createdAt: '2026-11-24T08:00:00Z' },
          ],
        });
      }
      if (url.pathname.endsWith('/operatehistory/getData/o1')) {
        return ok({
          id: 'o1',
          recordType: 1,
          title: 'TI=(电池)',
          createdAt: '2026-11-24T08:00:00Z',
          data: { state: { searchExpre: 'TI=(电池)', viewMode: 'tuwenshitu' } },
        });
      }
      return ok({ total: 0, page: 1, pageSize: 20, items: [], facets: {}, expression: '', tookMs: 1 });
    });
    const { router } = renderPage(<HistoryPage />, '/innovationSpace/history?tab=operate&type=1&page=2');
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).getByText('TI=(电池)')).toBeTruthy());
    expect(screen.getByRole('tab', { name: '操作历史', selected: true })).toBeTruthy();
    expect(calls.find((c) => c.url.pathname.endsWith('/operatehistory/list'))?.body).toEqual({
      page: 2,
      pageSize: 20,
      recordType: 1,
    });

    // No router stored: the search's state decides where it opens.
    fireEvent.click(within(table).getByRole('button', { name: '打开' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/searchResult'));
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('q')).toBe('TI=(电池)');
    expect(params.get('view')).toBe('tuwenshitu');
  });

  it('keeps a long pasted paragraph in its column with an ellipsis, and shows actions as words', async () => {
    const paragraph = '本发明公开了一种锂离子电池正极材料的制备方法，'.repeat(60);
    const semantic = {
      id: 'h9',
      no: 9,
      createdAt: '2026-11-29T08:30:00.000Z',
      entry: { operationName: 'search', searchExpression: paragraph, searchContext: paragraph, resultTotal: '20' },
    };
    const detailTab = {
      ...item(8, 'TI=(电池)', 300, 'detailTab'),
      entry: {
        ...item(8, 'TI=(电池)', 300, 'detailTab').entry,
        operationValue: 'citations',
        state: {
          searchExpre: 'TI=(电池)',
          secondExpre: 'AB=(正极)',
          filters: [{ field: 'patentType', values: ['utility_model'] }],
        },
      },
    };
    const analysis = {
      ...item(7, 'TI=(电机)', 80, 'analysis'),
      entry: { ...item(7, 'TI=(电机)', 80, 'analysis').entry, operationValue: 'overview' },
    };
    stubFetch((url) =>
      url.pathname.endsWith('/history/list')
        ? ok({ total: 3, page: 1, pageSize: 20, items: [semantic, detailTab, analysis] })
        : ok({ total: 0, page: 1, pageSize: 20, items: [] }),
    );
    renderPage(<HistoryPage />, '/innovationSpace/history');
    const table = await screen.findByRole('table');
    const cell = await waitFor(() => {
      const found = table.querySelector('.history-expression-cell');
      if (!found?.textContent?.startsWith('本发明')) throw new Error('not yet');
      return found as HTMLElement;
    });
    // Fixed layout: the columns keep their widths, the text is cut to one line (the whole on hover).
    expect(table.style.tableLayout).toBe('fixed');
    expect(cell.className).toContain('ant-typography-ellipsis');
    expect(cell.textContent).toBe(paragraph);
    // Values of the action column read as words, not codes.
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[1] as HTMLElement).getByText('引证')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('分析概览')).toBeTruthy();
    expect(table.textContent).not.toMatch(/citations|overview/);
    // A row's filters are shown under its expression: two rows of one expression are told apart.
    expect(within(rows[0] as HTMLElement).queryByText(/筛选/)).toBeNull();
    expect(within(rows[1] as HTMLElement).getByText('二次检索：AB=(正极)；筛选：专利类型: 实用新型')).toBeTruthy();
  });

  it('shows the page in English', async () => {
    stubFetch(() => ok({ total: 0, page: 1, pageSize: 20, items: [] }));
    renderPage(<HistoryPage />, '/innovationSpace/history', 'en');
    expect(await screen.findByRole('tab', { name: 'Operation history' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Combine' })).toBeTruthy();
    expect(await screen.findByText('No records')).toBeTruthy();
  });
});

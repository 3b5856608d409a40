// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ComparedPatent } from '@patlas/contracts';
import { renderPage } from '../test/render-page';
import { ResultsPage } from '../features/search/ResultsPage';
import { failure, ok, stubApi, type ApiAnswer, type ApiCall } from '../test/test-api';

const RESULT_URL = '/innovationSpace/searchResult?q=TI%3D%E7%94%B5%E6%B1%A0';

function hit(publicationNumber: string) {
  return {
    publicationNumber,
    title: `电池 ${publicationNumber}`,
    abstract: '一种电池',
    applicants: ['宁德时代新能源科技股份有限公司'],
    inventors: [],
    applicationDate: '2021-05-01',
    publicationDate: '2022-01-25',
    ipcMain: 'H01M 50/20',
    patentType: 'utility_model',
    country: 'CN',
    score: 1,
  };
}

function searchAnswer(numbers: readonly string[]): ApiAnswer {
  return ok({
    total: numbers.length,
    page: 1,
    pageSize: 20,
    items: numbers.map(hit),
    facets: {},
    expression: 'TI=电池',
    tookMs: 3,
    key: 'abcdefgh12',
  });
}

const catl = '宁德时代新能源科技股份有限公司';
const compared: ComparedPatent[] = [
  {
    requested: 'CN215644798U',
    publicationNumber: 'CN215644798U',
    applicationNumber: 'CN202121000001.5',
    country: 'CN',
    patentType: 'utility_model',
    title: { lang: 'zh', text: '电池包和储能电池' },
    applicationDate: '2021-05-01',
    publicationDate: '2022-01-25',
    applicants: [catl, '宁德时代润智软件科技有限公司'],
    inventors: ['张三'],
    ipc: ['H01M50/20', 'H01M10/42'],
    ipcMain: 'H01M50/20',
    legalStatus: '有效',
    currentStatus: { code: 'active', basis: 'source', text: '有效' },
    firstClaim: { lang: 'zh', text: '1.一种电池包，包括箱体。' },
    abstract: { lang: 'zh', text: '本实用新型提供一种电池包。' },
    citationCount: 2,
    citedByCount: 5,
    familySize: 1,
  },
  {
    requested: 'CN113000000A',
    publicationNumber: 'CN113000000A',
    applicationNumber: 'CN202110000000.1',
    country: 'CN',
    patentType: 'invention_application',
    title: { lang: 'zh', text: '一种电池热管理方法', translations: { en: 'Battery thermal management method' } },
    applicationDate: '2021-05-01',
    publicationDate: '2021-06-18',
    applicants: [catl],
    inventors: ['李四'],
    ipc: ['H01M 10/42'],
    currentStatus: { code: 'published', basis: 'kind' },
    abstract: { lang: 'zh', text: '本发明提供一种电池热管理方法。' },
    citationCount: 2,
    citedByCount: 0,
  },
  {
    requested: 'US6980000B2',
    publicationNumber: 'US6980000B2',
    applicationNumber: 'US10123456',
    country: 'US',
    patentType: 'invention_grant',
    title: { lang: 'en', text: 'Lithium ion battery electrode' },
    applicationDate: '2003-04-01',
    publicationDate: '2005-12-27',
    grantDate: '2005-12-27',
    applicants: ['Acme Batteries Inc.'],
    inventors: ['John Smith'],
    ipc: ['H01M10/42'],
    currentStatus: { code: 'inactive', basis: 'term', date: '2023-04-01' },
    citationCount: 2,
    citedByCount: 1,
    familySize: 3,
  },
];

/** The search and compare calls answered; the compare answer holds the numbers asked for, in that order. */
function stubResultsAndCompare(numbers: readonly string[], compareAnswer?: (call: ApiCall) => ApiAnswer) {
  return stubApi((call) => {
    if (call.path === '/product/search/searchNew') return searchAnswer(numbers);
    if (call.path === '/product/patent/compare') {
      if (compareAnswer) return compareAnswer(call);
      const asked = (call.body as { publicationNumbers: string[] }).publicationNumbers;
      return ok({
        items: asked.flatMap((n) => compared.filter((p) => p.requested === n)),
        missing: asked.filter((n) => !compared.some((p) => p.requested === n)),
      });
    }
    return ok({});
  });
}

const compareCalls = (calls: ApiCall[]) => calls.filter((c) => c.path === '/product/patent/compare');
const searchParam = (search: string, name: string) => new URLSearchParams(search).get(name);

async function dialog(): Promise<HTMLElement> {
  return waitFor(() => {
    const found = document.querySelector<HTMLElement>('.compare-dialog');
    if (!found?.querySelector('.compare-table tbody tr')) throw new Error('no comparison yet');
    return found;
  });
}

/** Each shown row: its key, whether it is marked as differing, and its cells' text. */
function rowsOf(root: HTMLElement) {
  return [...root.querySelectorAll<HTMLElement>('.compare-table tbody tr.compare-row')].map((tr) => ({
    key: tr.dataset.row,
    differs: tr.classList.contains('compare-row-differs'),
    cells: [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent),
  }));
}

async function resultRows(): Promise<HTMLElement[]> {
  return waitFor(() => {
    const rows = [...document.querySelectorAll<HTMLElement>('.result-table tbody tr.result-row')];
    if (rows.length === 0) throw new Error('no rows yet');
    return rows;
  });
}

const tick = (row: HTMLElement) => fireEvent.click(row.querySelector('input[type="checkbox"]')!);

describe('compare dialog', { timeout: 90_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('opens from the selection of the result page, with the numbers in the URL', async () => {
    const numbers = ['CN215644798U', 'CN113000000A', 'US6980000B2', 'CN100000000A'];
    const calls = stubResultsAndCompare(numbers);
    const { router } = renderPage(<ResultsPage />, RESULT_URL);
    const rows = await resultRows();
    tick(rows[0]!);
    tick(rows[1]!);
    tick(rows[2]!);
    fireEvent.click(screen.getByTestId('compare-button'));
    await waitFor(() =>
      expect(searchParam(router.state.location.search, 'compare')).toBe('CN215644798U,CN113000000A,US6980000B2'),
    );
    const root = await dialog();
    expect(within(root).getByText('专利对比（3 件）')).toBeTruthy();
    expect(compareCalls(calls).map((c) => c.body)).toEqual([
      { publicationNumbers: ['CN215644798U', 'CN113000000A', 'US6980000B2'] },
    ]);
    // The expression stays: closing the dialog gives back the result page as it was.
    expect(searchParam(router.state.location.search, 'q')).toBe('TI=电池');
    fireEvent.click(root.querySelector('.ant-modal-close')!);
    await waitFor(() => expect(searchParam(router.state.location.search, 'compare')).toBeNull());
    expect(searchParam(router.state.location.search, 'q')).toBe('TI=电池');
  });

  it('shows the patents side by side, marks differing rows and shared values', async () => {
    stubResultsAndCompare(['CN215644798U']);
    renderPage(<ResultsPage />, `${RESULT_URL}&compare=CN215644798U,CN113000000A,US6980000B2`);
    const root = await dialog();
    const headers = [...root.querySelectorAll('.compare-table thead .compare-column-number')].map((a) => a.textContent);
    expect(headers).toEqual(['CN215644798U', 'CN113000000A', 'US6980000B2']);
    const rows = rowsOf(root);
    const row = (key: string) => rows.find((r) => r.key === key);
    expect(row('applicationNumber')).toEqual({
      key: 'applicationNumber',
      differs: true,
      cells: ['CN202121000001.5', 'CN202110000000.1', 'US10123456'],
    });
    expect(row('patentType')?.cells).toEqual(['实用新型', '发明申请', '发明授权']);
    // Same citation count everywhere: shown, not marked.
    expect(row('citationCount')).toEqual({ key: 'citationCount', differs: false, cells: ['2', '2', '2'] });
    expect(row('familySize')?.cells).toEqual(['1', '—', '3']);
    expect(row('legalStatus')?.cells).toEqual(['有效', '公开', '失效']);
    expect(row('firstClaim')?.cells[1]).toBe('—');
    // Nobody has a priority date: no row.
    expect(row('priorityDate')).toBeUndefined();

    // CATL is shared by two of three; H01M10/42 (written two ways) by all three.
    const tagsOf = (key: string) =>
      [...root.querySelectorAll<HTMLElement>(`tr[data-row="${key}"] .compare-value`)].map(
        (tag) => `${tag.textContent}:${tag.dataset.shared ?? '-'}`,
      );
    expect(tagsOf('applicants')).toEqual([
      `${catl}:some`,
      '宁德时代润智软件科技有限公司:-',
      `${catl}:some`,
      'Acme Batteries Inc.:-',
    ]);
    expect(tagsOf('ipc')).toEqual(['H01M50/20 （主）:-', 'H01M10/42:all', 'H01M 10/42:all', 'H01M10/42:all']);

    // Differences only: the rows with equal values go.
    fireEvent.click(within(root).getByRole('switch', { name: '只看差异' }));
    await waitFor(() => expect(rowsOf(root).find((r) => r.key === 'citationCount')).toBeUndefined());
    expect(rowsOf(root).every((r) => r.differs)).toBe(true);
  });

  it('removes a column down to two patents, in the URL', async () => {
    stubResultsAndCompare(['CN215644798U']);
    const { router } = renderPage(<ResultsPage />, `${RESULT_URL}&compare=CN215644798U,CN113000000A,US6980000B2`);
    const root = await dialog();
    fireEvent.click(within(root).getByRole('button', { name: '移出对比 CN113000000A' }));
    await waitFor(() => expect(searchParam(router.state.location.search, 'compare')).toBe('CN215644798U,US6980000B2'));
    // The table repeats its heads in a hidden measuring row: count those of the header.
    await waitFor(() => expect(root.querySelectorAll('thead .compare-column-number')).toHaveLength(2));
    // Two is the least: no column can be removed any more.
    expect(within(root).queryByRole('button', { name: /移出对比/ })).toBeNull();
  });

  it('refuses fewer than 2 and more than 10 selected patents with a clear message', async () => {
    const numbers = Array.from({ length: 11 }, (_, i) => `CN1130000${String(i).padStart(2, '0')}A`);
    const calls = stubResultsAndCompare(numbers);
    const { router } = renderPage(<ResultsPage />, RESULT_URL);
    const rows = await resultRows();
    fireEvent.click(screen.getByTestId('compare-button'));
    expect(await screen.findByText('请至少选择 2 件专利进行对比')).toBeTruthy();
    tick(rows[0]!);
    fireEvent.click(screen.getByTestId('compare-button'));
    await waitFor(() => expect(screen.getAllByText('请至少选择 2 件专利进行对比').length).toBeGreaterThan(0));
    fireEvent.click(screen.getByRole('button', { name: '选择本页' }));
    await waitFor(() => expect(screen.getByTestId('selection-count').textContent).toBe('已选 11 条'));
    fireEvent.click(screen.getByTestId('compare-button'));
    expect(await screen.findByText('所选专利不能超过 10 条')).toBeTruthy();
    expect(searchParam(router.state.location.search, 'compare')).toBeNull();
    expect(compareCalls(calls)).toEqual([]);
  });

  it('says so in English when a link holds one patent, and asks the server nothing', async () => {
    const calls = stubResultsAndCompare(['CN215644798U']);
    renderPage(<ResultsPage />, `${RESULT_URL}&compare=CN215644798U`, 'en');
    expect(await screen.findByText('Select at least 2 patents to compare')).toBeTruthy();
    expect(compareCalls(calls)).toEqual([]);
  });

  it('names the numbers the database does not hold, and shows the server message on failure', async () => {
    stubResultsAndCompare(['CN215644798U']);
    renderPage(<ResultsPage />, `${RESULT_URL}&compare=CN215644798U,CN999999999A,US6980000B2`, 'en');
    const root = await dialog();
    expect(within(root).getByText('Compare patents (2)')).toBeTruthy();
    expect(within(root).getByTestId('compare-missing').textContent).toContain('CN999999999A');
    // The source's status in English (issue 43).
    expect(rowsOf(root).find((r) => r.key === 'legalStatus')?.cells).toEqual(['Active', 'Inactive']);
    cleanup();

    stubResultsAndCompare(['CN215644798U'], () =>
      failure('Selected patents cannot exceed 10 entries', 'COMPARE_TOO_MANY'),
    );
    renderPage(<ResultsPage />, `${RESULT_URL}&compare=CN215644798U,US6980000B2`, 'en');
    expect(await screen.findByText('Selected patents cannot exceed 10 entries')).toBeTruthy();
  });
});

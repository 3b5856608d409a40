// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderApp } from '../../test/render-app';
import { renderPage, stubFetch, type FakeResponse } from '../../test/render-page';
import { AnalysisPage } from './AnalysisPage';

const ok = (data: unknown): FakeResponse => ({ status: 200, body: { status: 1, message: '', data } });

const applicantRank = {
  total: 307,
  tookMs: 4,
  result: {
    kind: 'terms',
    dimension: 'applicant',
    buckets: [
      { key: '宁德时代新能源科技股份有限公司', count: 21 },
      { key: '比亚迪股份有限公司', count: 9 },
    ],
    covered: 300,
    distinct: 120,
  },
};

describe('analysis page', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the catalogue, the chart as a table, and opens a value as its result page', async () => {
    const calls = stubFetch((url, request) => {
      if (url.pathname === '/api/product/search/analyze') return ok(applicantRank);
      if (url.pathname === '/api/product/search/analysisJump') {
        const body = request.body as { target: { key: string } };
        return ok({
          searchExpre: 'TI=(电池)',
          filters: [
            { field: 'patentType', values: ['invention_grant'] },
            { field: 'applicant', values: [body.target.key] },
          ],
          mergeType: 0,
          total: 21,
        });
      }
      if (url.pathname === '/api/product/search/searchNew') {
        return ok({ total: 21, page: 1, pageSize: 20, items: [], facets: {}, expression: 'x', tookMs: 1, key: 'k' });
      }
      return ok([]);
    });
    const { router } = renderApp(
      '/innovationSpace/searchResult/analysis?q=TI%3D(%E7%94%B5%E6%B1%A0)&f=patentType%3Ainvention_grant&chart=applicantRank&type=table',
    );

    // The catalogue, grouped.
    for (const group of ['趋势分析', '区域分析', '申请人分析', '发明人分析', '技术分析', '法律分析', '价值分析']) {
      expect(await screen.findByText(group)).toBeTruthy();
    }
    expect((await screen.findByTestId('analysis-chart-title')).textContent).toBe('申请人排名');
    expect((await screen.findByTestId('analysis-total')).textContent).toBe('分析 307 条专利');
    // The set's own filter is shown with readable names.
    expect(screen.getByText('专利类型: 发明授权')).toBeTruthy();

    const analyze = calls.find((c) => c.url.pathname === '/api/product/search/analyze');
    expect(analyze?.body).toEqual({
      searchExpre: 'TI=(电池)',
      filters: [{ field: 'patentType', values: ['invention_grant'] }],
      mergeType: 0,
      // Applicants by standardised name unless switched off (issue 43).
      mergeApplicants: true,
      analysis: { kind: 'terms', dimension: 'applicant', limit: 20 },
    });

    // The switch off counts names as written: in the URL and the next request.
    const mergeSwitch = screen.getByRole('switch', { name: '合并申请人名称' });
    expect(mergeSwitch.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(mergeSwitch);
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('names')).toBe('written'));
    await waitFor(() =>
      expect(
        calls.some(
          (c) =>
            c.url.pathname === '/api/product/search/analyze' &&
            (c.body as { mergeApplicants?: boolean }).mergeApplicants === false,
        ),
      ).toBe(true),
    );

    const table = await waitFor(() => {
      const el = document.querySelector('.analysis-table');
      if (!el || !within(el as HTMLElement).queryByText('宁德时代新能源科技股份有限公司'))
        throw new Error('no table yet');
      return el as HTMLElement;
    });
    const row = within(table).getByText('宁德时代新能源科技股份有限公司').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText('21'));

    await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/searchResult'));
    const jump = calls.find((c) => c.url.pathname === '/api/product/search/analysisJump');
    expect(jump?.body).toMatchObject({
      searchExpre: 'TI=(电池)',
      target: { kind: 'bucket', dimension: 'applicant', key: '宁德时代新能源科技股份有限公司' },
    });
    expect(new URLSearchParams(router.state.location.search).get('f')).toBe(
      'patentType:invention_grant;applicant:宁德时代新能源科技股份有限公司',
    );
    // The result page keeps both filters as chips.
    expect(await screen.findByText('申请人: 宁德时代新能源科技股份有限公司')).toBeTruthy();
  });

  it('counts the set per applicant group and opens a group as the expression AND PA=@组名 (issue 46)', async () => {
    const calls = stubFetch((url, request) => {
      if (url.pathname === '/api/product/search/analy/applicantGroup')
        return ok({
          total: 307,
          tookMs: 3,
          groups: [
            { name: '宁德', count: 21 },
            { name: '华为', count: 0 },
          ],
        });
      if (url.pathname === '/api/product/search/analy/applicantGroup/analysisJump') {
        const body = request.body as { searchExpre: string; group: string };
        return ok({ searchExpre: `(${body.searchExpre}) AND PA=@${body.group}`, filters: [], mergeType: 0, total: 21 });
      }
      if (url.pathname === '/api/product/search/searchNew') {
        return ok({ total: 21, page: 1, pageSize: 20, items: [], facets: {}, expression: 'x', tookMs: 1, key: 'k' });
      }
      return ok([]);
    });
    const { router } = renderApp(
      '/innovationSpace/searchResult/analysis?q=TI%3D(%E7%94%B5%E6%B1%A0)&chart=applicantGroupRank&type=table',
    );
    expect((await screen.findByTestId('analysis-chart-title')).textContent).toBe('申请人组');
    expect(await screen.findByText(/按您的 2 个申请人组统计/)).toBeTruthy();
    const table = await waitFor(() => {
      const el = document.querySelector('.analysis-table');
      if (!el || !within(el as HTMLElement).queryByText('宁德')) throw new Error('no table yet');
      return el as HTMLElement;
    });
    expect(calls.find((c) => c.url.pathname === '/api/product/search/analy/applicantGroup')?.body).toMatchObject({
      searchExpre: 'TI=(电池)',
    });
    const row = within(table).getByText('宁德').closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByText('21'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/searchResult'));
    expect(
      calls.find((c) => c.url.pathname === '/api/product/search/analy/applicantGroup/analysisJump')?.body,
    ).toMatchObject({ searchExpre: 'TI=(电池)', group: '宁德' });
    expect(new URLSearchParams(router.state.location.search).get('q')).toBe('(TI=(电池)) AND PA=@宁德');
  });

  it('switches charts through the URL and shows the server message over the analysis limit', async () => {
    stubFetch((url) =>
      url.pathname === '/api/product/search/analyze'
        ? {
            status: 400,
            body: { status: 0, code: 'ANALYSIS_TOO_MANY', message: '分析数据不能超过100万条', data: null },
          }
        : ok([]),
    );
    const { router } = renderPage(
      <AnalysisPage />,
      '/innovationSpace/searchResult/analysis?q=TI%3D(a)&type=table',
      'zh',
    );
    expect((await screen.findByTestId('analysis-error')).textContent).toContain('分析数据不能超过100万条');
    fireEvent.click(await screen.findByText('IPC大组排名'));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('chart')).toBe('ipcGroupRank'));
    await waitFor(() => expect(screen.getByTestId('analysis-chart-title').textContent).toBe('IPC大组排名'));
  });

  it('says data retrieval failed on a server fault, and OK asks again (spec 2 §8)', async () => {
    let asked = 0;
    stubFetch((url) => {
      if (url.pathname !== '/api/product/search/analyze') return ok([]);
      asked += 1;
      return asked === 1
        ? { status: 500, body: { status: 0, message: '服务器内部错误', data: { code: 'INTERNAL' } } }
        : ok(applicantRank);
    });
    renderPage(
      <AnalysisPage />,
      '/innovationSpace/searchResult/analysis?q=TI%3D(a)&chart=applicantRank&type=table',
      'zh',
    );
    const failure = await screen.findByTestId('analysis-error');
    expect(failure.textContent).toContain('数据获取失败，点击确定立即重新获取数据');
    fireEvent.click(within(failure).getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('宁德时代新能源科技股份有限公司')).toBeTruthy();
    expect(screen.queryByTestId('analysis-error')).toBeNull();
    expect(asked).toBe(2);
  });

  it('opens from the result page with pageType=analysis and jumpAnalysisName', async () => {
    stubFetch(() => ok(applicantRank));
    const { router } = renderApp('/search/result?q=TI%3D(a)&pageType=analysis&jumpAnalysisName=applicantRank', 'en');
    await waitFor(() => expect(router.state.location.pathname).toBe('/innovationSpace/searchResult/analysis'));
    expect((await screen.findByTestId('analysis-chart-title')).textContent).toBe('Applicant ranking');
  });
});

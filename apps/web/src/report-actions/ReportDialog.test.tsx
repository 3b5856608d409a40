// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderPage } from '../test/render-page';
import { ResultsPage } from '../features/search/ResultsPage';
import { failure, ok, stubApi, type ApiCall } from '../test/test-api';

const HITS = ['CN215644798U'].map((publicationNumber) => ({
  publicationNumber,
  title: `电池 ${publicationNumber}`,
  applicants: ['宁德时代新能源科技股份有限公司'],
  inventors: [],
  country: 'CN',
  score: 1,
}));

function stubReports(quotaLeft: boolean) {
  return stubApi((call: ApiCall) => {
    if (call.path === '/product/search/searchNew')
      return ok({
        total: 1200,
        page: 1,
        pageSize: 20,
        items: HITS,
        facets: {},
        expression: 'TI=电池',
        tookMs: 5,
        key: 'k',
      });
    if (call.path === '/product/report/patent') {
      if (!quotaLeft) return failure('当前剩余报告生成额度为0', 'REPORT_QUOTA_EXHAUSTED');
      const body = call.body as { title: string };
      return ok({ id: 'r1', title: body.title, state: 'generating' });
    }
    return ok({});
  });
}

/** Types a range end into the picker and commits it (Enter). */
function pick(dialog: HTMLElement, end: 'from' | 'to', value: string) {
  const input = within(dialog).getByLabelText(end === 'from' ? '开始' : '结束');
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.blur(input);
}

async function openDialog() {
  const button = await screen.findByTestId('report-button');
  await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
  fireEvent.click(button);
  return screen.findByTestId('report-dialog');
}

describe('report dialog', { timeout: 180_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('refuses a range over 12 years with the spec message, then creates the report of the page set', async () => {
    const calls = stubReports(true);
    renderPage(<ResultsPage />, '/innovationSpace/searchResult?q=TI%3D%E7%94%B5%E6%B1%A0');
    const dialog = await openDialog();
    expect((within(dialog).getByTestId('report-title') as HTMLInputElement).value).toBe('TI=电池');
    // Every section is ticked by default.
    expect(within(dialog).getAllByRole('checkbox', { checked: true }).length).toBe(14);

    pick(dialog, 'from', '2008');
    pick(dialog, 'to', '2021');
    fireEvent.click(within(dialog).getByTestId('report-submit'));
    expect(await within(dialog).findByText('报告时间范围不能超过 12 个年（当前 14 个）')).toBeTruthy();
    expect(calls.some((call) => call.path === '/product/report/patent')).toBe(false);

    pick(dialog, 'from', '2012');
    await waitFor(() => expect(within(dialog).queryByText(/报告时间范围不能超过/)).toBeNull());
    fireEvent.click(within(dialog).getByText('全选'));
    fireEvent.click(within(dialog).getByText('概况'));
    fireEvent.click(within(dialog).getByText('主要申请人'));
    fireEvent.click(within(dialog).getByTestId('report-submit'));
    expect(await screen.findByTestId('report-created')).toBeTruthy();
    const body = calls.find((call) => call.path === '/product/report/patent')?.body;
    expect(body).toEqual({
      title: 'TI=电池',
      lang: 'zh',
      sections: ['summary', 'applicants'],
      timeRange: { unit: 'year', from: '2012', to: '2021' },
      // Applicants by standardised name, as the page counts them (issue 43).
      set: { searchExpre: 'TI=电池', filters: [], mergeType: 0, mergeApplicants: true },
      origin: 'search',
      originLabel: 'TI=电池',
    });
  });

  it("shows the server's quota message and keeps the dialog open", async () => {
    stubReports(false);
    renderPage(<ResultsPage />, '/innovationSpace/searchResult?q=TI%3D%E7%94%B5%E6%B1%A0');
    const dialog = await openDialog();
    fireEvent.click(within(dialog).getByTestId('report-submit'));
    expect((await within(dialog).findByTestId('report-server-error')).textContent).toContain('当前剩余报告生成额度为0');
  });
});

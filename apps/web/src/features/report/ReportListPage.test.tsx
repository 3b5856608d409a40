// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Report } from '@patlas/contracts';
import { renderPage } from '../../test/render-page';
import { ReportListPage } from './ReportListPage';
import { ok, stubApi, type ApiCall } from '../../test/test-api';

function reportOf(id: string, title: string, overrides: Partial<Report> = {}): Report {
  return {
    id,
    userId: 'u1',
    title,
    lang: 'zh',
    sections: ['summary'],
    origin: 'search',
    originLabel: 'TI=电池',
    state: 'done',
    total: 120,
    pdfSize: 1000,
    docxSize: 1000,
    error: null,
    tookMs: 900,
    createdAt: '2026-11-20T08:00:00.000Z',
    finishedAt: '2026-11-20T08:00:09.000Z',
    expiresAt: '2027-05-19T08:00:00.000Z',
    ...overrides,
  };
}

const rowOf = (title: string) => screen.getByText(title).closest('tr') as HTMLElement;

/** A server whose generating report is done after two list calls; regenerate and delete change states. */
function stubReportServer() {
  let listCalls = 0;
  let reports: Report[] = [
    reportOf('r1', '生成中的报告', { state: 'generating', total: null }),
    reportOf('r2', '完成的报告'),
    reportOf('r3', '过期的报告', { state: 'expired' }),
    reportOf('r4', '删除的报告', { state: 'deleted' }),
    reportOf('r5', '失败的报告', { state: 'failed', error: '报告生成失败，请重新生成' }),
  ];
  return stubApi((call: ApiCall) => {
    if (call.path === '/product/report/patent/list') {
      listCalls += 1;
      if (listCalls > 2) reports = reports.map((r) => (r.id === 'r1' ? { ...r, state: 'done', total: 88 } : r));
      return ok({ total: reports.length, page: 1, pageSize: 20, items: reports, quota: { used: 4, limit: 10 } });
    }
    const action = /^\/product\/report\/patent\/(\w+)\/(regenerate|delete)$/.exec(call.path);
    if (action) {
      reports = reports.map((r) =>
        r.id === action[1] ? { ...r, state: action[2] === 'delete' ? 'deleted' : 'generating' } : r,
      );
      return ok(action[2] === 'delete' ? { id: action[1] } : reports.find((r) => r.id === action[1]));
    }
    return undefined;
  });
}

describe('report list', { timeout: 180_000 }, () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows each state with its actions, polls a generating report until done, regenerates and deletes', async () => {
    const calls = stubReportServer();
    renderPage(<ReportListPage />, '/innovationSpace/reportHistory');
    expect(await screen.findByText('生成中的报告')).toBeTruthy();
    expect(screen.getByTestId('report-quota').textContent).toBe('报告额度：已用 4 / 10');
    expect(within(rowOf('生成中的报告')).getByText('生成中')).toBeTruthy();
    expect(within(rowOf('生成中的报告')).queryByText('下载PDF')).toBeNull();
    expect(within(rowOf('完成的报告')).getByText('已完成')).toBeTruthy();
    for (const action of ['预览', '下载PDF', '下载Word', '删除'])
      expect(within(rowOf('完成的报告')).getByText(action)).toBeTruthy();
    expect(within(rowOf('完成的报告')).queryByText('重新生成')).toBeNull();
    expect(within(rowOf('过期的报告')).getByText('已过期')).toBeTruthy();
    expect(within(rowOf('过期的报告')).queryByText('下载PDF')).toBeNull();
    expect(within(rowOf('过期的报告')).getByText('重新生成')).toBeTruthy();
    expect(within(rowOf('删除的报告')).getByText('已删除')).toBeTruthy();
    expect(within(rowOf('删除的报告')).queryByRole('button')).toBeNull();
    expect(within(rowOf('失败的报告')).getByText('生成失败')).toBeTruthy();

    // The generating report is asked for again until it is done.
    await waitFor(() => expect(within(rowOf('生成中的报告')).getByText('已完成')).toBeTruthy(), { timeout: 20_000 });
    expect(within(rowOf('生成中的报告')).getByText(/88 件专利/)).toBeTruthy();

    fireEvent.click(within(rowOf('过期的报告')).getByText('重新生成'));
    await waitFor(() => expect(within(rowOf('过期的报告')).getByText('生成中')).toBeTruthy());
    expect(calls.some((c) => c.method === 'POST' && c.path === '/product/report/patent/r3/regenerate')).toBe(true);

    fireEvent.click(within(rowOf('完成的报告')).getByText('删除'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(within(rowOf('完成的报告')).getByText('已删除')).toBeTruthy());
    expect(calls.some((c) => c.path === '/product/report/patent/r2/delete')).toBe(true);
  });
});

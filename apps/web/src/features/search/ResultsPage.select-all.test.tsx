// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderPage, stubFetch } from '../../test/render-page';
import { ResultsPage } from './ResultsPage';

const hits = ['CN107274400A', 'CN108000001A'].map((publicationNumber) => ({
  publicationNumber,
  title: '一种虚拟现实头戴显示设备',
  abstract: '一种虚拟现实头戴显示设备',
  applicants: [],
  inventors: [],
  country: 'CN',
  score: 1,
}));

/** Issue 43 item 3: 50 and 100 a page, and "select all N" for collect and export. */
describe('result page: larger pages and the whole set selected', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(cleanup);

  it('asks for 100 a page when the URL says so, and selects all N for collect and export', async () => {
    const calls = stubFetch((url) => ({
      status: 200,
      body: {
        status: 1,
        message: '',
        data: url.pathname.endsWith('/searchNew')
          ? { total: 1234, page: 1, pageSize: 100, items: hits, facets: {}, expression: '', tookMs: 3 }
          : {},
      },
    }));
    renderPage(<ResultsPage />, '/innovationSpace/searchResult?q=%E8%99%9A%E6%8B%9F&size=100');
    const selectAll = await screen.findByTestId('select-all');
    expect(selectAll.textContent).toBe('选择全部 1,234 件');
    const search = calls.find((call) => call.url.pathname.endsWith('/searchNew'));
    expect((search?.body as { pageSize: number }).pageSize).toBe(100);

    fireEvent.click(selectAll);
    expect(screen.getByTestId('selection-count').textContent).toBe('已选全部 1,234 件');
    // Every result shows ticked, none can be unticked alone.
    const boxes = [
      ...document.querySelectorAll(
        'tr[data-row-key] input[type="checkbox"], .result-card-header input[type="checkbox"]',
      ),
    ];
    expect(boxes).toHaveLength(2);
    expect(boxes.every((box) => (box as HTMLInputElement).checked && (box as HTMLInputElement).disabled)).toBe(true);
    const collect = screen.getByTestId('collect-selected');
    expect(collect.textContent).toContain('1234');
    expect((collect as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(screen.getByText('清空选择'));
    await waitFor(() => expect(screen.getByTestId('selection-count').textContent).toBe('已选 0 条'));
    expect((screen.getByTestId('collect-selected') as HTMLButtonElement).disabled).toBe(true);
  });
});

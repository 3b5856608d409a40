// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { renderPage, stubFetch, type FakeResponse } from '../../test/render-page';
import { ResultsPage } from './ResultsPage';

/**
 * Issue 43 item 12: the user's labels (标引) were invisible in the result rows (a library's page
 * included). Each row shows the labels the user set on the patent, in the list and the card views.
 */
const hits = [
  {
    publicationNumber: 'CN110000001A',
    title: '一种锂电池正极材料及其制备方法',
    applicants: ['宁德时代新能源科技股份有限公司'],
    applicationDate: '2018-03-02',
    publicationDate: '2019-01-04',
    country: 'CN',
    score: 3,
  },
  {
    publicationNumber: 'CN110000002B',
    title: '一种电池组散热结构',
    applicants: ['比亚迪股份有限公司'],
    applicationDate: '2016-05-01',
    publicationDate: '2017-01-04',
    country: 'CN',
    score: 2,
  },
];

function serve() {
  return stubFetch((url, request): FakeResponse => {
    if (url.pathname === '/api/product/archive/v2/list') {
      if ((request.body as { type?: string } | undefined)?.type === 'holding') {
        return {
          status: 200,
          body: {
            status: 1,
            message: '',
            data: {
              type: 'holding',
              holding: { CN110000001A: [{ folderId: 'f1', name: '电池' }] },
              labels: {
                CN110000001A: [
                  { id: 'l1', name: '重点' },
                  { id: 'l2', name: '待复核' },
                ],
              },
            },
          },
        };
      }
    }
    return {
      status: 200,
      body: {
        status: 1,
        message: '',
        data: {
          total: 2,
          page: 1,
          pageSize: 20,
          items: hits,
          facets: {},
          expression: 'TI=电池',
          tookMs: 5,
          key: 'k1234567',
        },
      },
    };
  });
}

describe('labels in result rows', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it.each([
    ['liebiaoshitu', 'zh'],
    ['tuwenshitu', 'zh'],
    ['liebiaoshitu', 'en'],
  ] as const)('shows a patent’s labels in its row (%s, %s)', async (view, lang) => {
    serve();
    renderPage(<ResultsPage />, `/innovationSpace/searchResult?q=${encodeURIComponent('TI=电池')}&view=${view}`, lang);
    const labels = await screen.findByTestId('row-labels-CN110000001A');
    expect(labels.textContent).toBe('重点待复核');
    expect(labels.getAttribute('aria-label')).toBe(lang === 'zh' ? '标引：重点、待复核' : 'Labels: 重点、待复核');
    // A patent without labels shows none.
    expect(screen.queryByTestId('row-labels-CN110000002B')).toBeNull();
  });
});

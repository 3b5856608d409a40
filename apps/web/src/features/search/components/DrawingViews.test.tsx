// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { renderPage, stubFetch, type FakeResponse } from '../../../test/render-page';
import { ResultsPage } from '../ResultsPage';

/**
 * Issue 43 item 5: a page of vendor-export records (no drawings) in a drawing view says so once
 * instead of a wall of placeholders. The records are the `TI=虚拟现实 AND PA=歌尔` rows of the
 * Patentics export (20220507--CNAPP-TI=虚拟现实.csv): no drawings, no abstract.
 */
const [goertek, imaging] = [
  {
    publicationNumber: 'CN107274400A',
    title: '空间定位装置、定位处理方法及装置、虚拟现实系统',
    applicants: ['歌尔股份有限公司'],
    inventors: ['朱剑'],
    applicationDate: '2017-06-21',
    publicationDate: '2017-10-20',
    ipcMain: 'G06T',
    patentType: 'invention_application',
    country: 'CN',
    score: 3.2,
  },
  {
    publicationNumber: 'CN111221126A',
    title: '成像系统、成像方法及虚拟现实设备',
    applicants: ['歌尔股份有限公司'],
    inventors: ['赵恩'],
    applicationDate: '2020-01-17',
    publicationDate: '2020-06-02',
    ipcMain: 'G02B',
    patentType: 'invention_application',
    country: 'CN',
    score: 3.1,
  },
] as const;
const hits = [goertek, imaging];

function serve(items: readonly object[], drawings: Record<string, object[]> = {}) {
  return stubFetch((url): FakeResponse => {
    if (url.pathname === '/api/product/patent/drawings') {
      return { status: 200, body: { status: 1, message: '', data: { items: drawings } } };
    }
    return {
      status: 200,
      body: {
        status: 1,
        message: '',
        data: {
          total: items.length,
          page: 1,
          pageSize: 20,
          items,
          facets: {},
          expression: 'TI=虚拟现实 AND PA=歌尔',
          tookMs: 5,
          key: 'abcdefgh12',
        },
      },
    };
  });
}

const open = (view: string, lang: 'zh' | 'en' = 'zh') =>
  renderPage(
    <ResultsPage />,
    `/innovationSpace/searchResult?q=${encodeURIComponent('TI=虚拟现实 AND PA=歌尔')}&view=${view}`,
    lang,
  );

describe('drawing views of a page without drawings', () => {
  beforeEach(() => {
    window.localStorage.clear();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it.each(['tuwenshitu', 'shoutushitu', 'quanfutushitu'])(
    'says it once in the %s view, without placeholders',
    async (view) => {
      serve(hits);
      open(view);
      expect(await screen.findByText('本页专利均无附图：来源数据不含附图')).toBeTruthy();
      expect(await screen.findByText('成像系统、成像方法及虚拟现实设备')).toBeTruthy();
      expect(screen.getAllByTestId('no-drawings')).toHaveLength(1);
      expect(document.querySelectorAll('.drawing-placeholder')).toHaveLength(0);
    },
  );

  it('keeps the placeholder of a patent without drawings beside one that has them', async () => {
    serve([{ ...goertek, firstDrawing: 'CN107274400A-1.png' }, imaging]);
    open('tuwenshitu');
    expect(await screen.findByText('成像系统、成像方法及虚拟现实设备')).toBeTruthy();
    expect(screen.queryByTestId('no-drawings')).toBeNull();
    expect(document.querySelectorAll('.drawing-placeholder')).toHaveLength(1);
    // No abstract in the export: said as a fact of the source, not as "none".
    expect(screen.getAllByText('来源数据不含摘要')).toHaveLength(2);
  });

  it('waits for the drawings before saying the all-drawings page has none', async () => {
    serve(hits, { CN111221126A: [{ file: 'CN111221126A-1.png' }] });
    open('quanfutushitu');
    await waitFor(() => expect(document.querySelectorAll('.all-drawings-cell')).toHaveLength(1));
    expect(screen.queryByTestId('no-drawings')).toBeNull();
  });

  it('says it in English', async () => {
    serve(hits);
    open('shoutushitu', 'en');
    expect(await screen.findByText('No patent on this page has drawings: the source data holds none')).toBeTruthy();
  });
});

// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { InventorStats, PatentValue } from '@patlas/contracts';
import { renderPage, stubFetch } from '../../../test/render-page';
import { PatentDetailPage } from '../PatentDetailPage';
import { CN117151122A } from '../fixtures/cn117151122a';
import { dimensionBarsOption } from './ValueTab';

// ECharts needs a canvas, which jsdom has not; the option builder is tested on its own below.
vi.mock('../../../charts/EChart', () => ({ EChart: () => <div className="chart-stub" /> }));

const VALUE: PatentValue = {
  publicationNumber: 'CN117151122A',
  score: 72.4,
  confidence: { counted: 8, total: 15, weightShare: 0.55, level: 'low' },
  dimensions: [
    { id: 'technology', score: 80.5, weight: 0.4 },
    { id: 'legal', score: 61, weight: 0.3 },
    { id: 'market', score: null, weight: 0.3 },
  ],
  indicators: [
    {
      id: 'forwardCitations',
      dimension: 'technology',
      raw: 2.5,
      percentile: 91.3,
      weight: 0.35,
      share: 0.4,
      points: 36.52,
      known: 412,
      counted: true,
    },
    {
      id: 'legalStatus',
      dimension: 'legal',
      raw: 2,
      percentile: 61,
      weight: 0.35,
      share: 0.6,
      known: 412,
      counted: true,
    },
    {
      id: 'familySize',
      dimension: 'market',
      raw: null,
      percentile: null,
      weight: 0.3,
      share: 0,
      known: 0,
      counted: false,
    },
    {
      id: 'technologyField',
      dimension: 'market',
      raw: 71.2,
      percentile: 71.2,
      weight: 0.6,
      share: 0.3,
      points: 21.36,
      known: 412,
      counted: true,
    },
  ],
  cohort: {
    key: 'G06F·2023',
    level: 'subclassYear',
    ipc: 'G06F',
    year: '2023',
    size: 412,
    skipped: [],
  },
  computedAt: '2025-06-30T00:00:00.000Z',
};

const INVENTORS: InventorStats = {
  publicationNumber: 'CN117151122A',
  inventors: [
    {
      name: '王强',
      patentCount: 3,
      otherPatents: [{ publicationNumber: 'CN117000001A', title: '一种数据共享系统', valueScore: 55.1 }],
      perYear: [{ year: '2023', count: 3 }],
      coInventors: [{ name: '李娜', count: 2 }],
      mainIpc: [{ code: 'G06F', count: 3 }],
    },
  ],
};

describe('value tab', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('shows the score, the indicators with percentiles, the cohort and the inventors', async () => {
    const calls = stubFetch((url) => {
      if (url.pathname === '/api/product/patent/detail')
        return { status: 200, body: { status: 1, message: '', data: CN117151122A } };
      if (url.pathname === '/api/product/patentValue/evaluate/CN117151122A')
        return { status: 200, body: { status: 1, message: '', data: VALUE } };
      if (url.pathname === '/api/product/patentValue/inventorStat/CN117151122A')
        return { status: 200, body: { status: 1, message: '', data: INVENTORS } };
      return { status: 404, body: { status: 0, message: 'no route', data: { code: 'ROUTE_NOT_FOUND' } } };
    });
    renderPage(<PatentDetailPage />, '/innovationSpace/searchDetail?pn=CN117151122A&tab=value');
    expect(await screen.findByText('被引次数（按年龄归一）')).toBeTruthy();
    expect(screen.getByText('专利价值度')).toBeTruthy();
    expect(screen.getByText(/G06F·2023（IPC 小类 \+ 申请年，412 件）/)).toBeTruthy();
    // The ordinal in words; an unknown value says so and is not counted.
    expect(screen.getByText('有效')).toBeTruthy();
    expect(screen.getByText('未知')).toBeTruthy();
    expect(screen.getByText('按 50 计')).toBeTruthy();
    expect(screen.getByText('40%')).toBeTruthy();
    // Each indicator's points of the score; the technology field level of the fitted model (issue 49 item 1).
    expect(screen.getByText('贡献（分）')).toBeTruthy();
    expect(screen.getByText('36.5')).toBeTruthy();
    expect(screen.getByText('技术领域价值水平')).toBeTruthy();
    expect(screen.getByText('21.4')).toBeTruthy();
    // How much of the score the record's own data carries (issue 43 item 8).
    expect(screen.getByTestId('value-confidence').textContent).toBe('8/15 项指标有数据 — 可信度低');
    expect(await screen.findByText('王强')).toBeTruthy();
    expect(screen.getByText('本库 3 件专利')).toBeTruthy();
    expect(calls.find((c) => c.url.pathname.startsWith('/api/product/patentValue/evaluate'))?.method).toBe('POST');
  });

  it('tells the confidence of the score in English', async () => {
    stubFetch((url) => {
      if (url.pathname === '/api/product/patent/detail')
        return { status: 200, body: { status: 1, message: '', data: CN117151122A } };
      if (url.pathname === '/api/product/patentValue/evaluate/CN117151122A')
        return {
          status: 200,
          body: {
            status: 1,
            message: '',
            data: { ...VALUE, confidence: { counted: 13, total: 15, weightShare: 0.9, level: 'high' } },
          },
        };
      if (url.pathname === '/api/product/patentValue/inventorStat/CN117151122A')
        return { status: 200, body: { status: 1, message: '', data: INVENTORS } };
      return { status: 404, body: { status: 0, message: 'no route', data: { code: 'ROUTE_NOT_FOUND' } } };
    });
    renderPage(<PatentDetailPage />, '/innovationSpace/searchDetail?pn=CN117151122A&tab=value', 'en');
    expect((await screen.findByTestId('value-confidence')).textContent).toBe(
      '13 of 15 indicators known — high confidence',
    );
  });

  it('draws the dimensions as bars on the 0–100 scale, a dimension without score as empty', () => {
    const option = dimensionBarsOption(VALUE, (id) => id);
    expect(option.yAxis).toMatchObject({ data: ['market (0.3)', 'legal (0.3)', 'technology (0.4)'] });
    expect((option.series as { data: number[] }[])[0]?.data).toEqual([0, 61, 80.5]);
    expect(option.xAxis).toMatchObject({ min: 0, max: 100 });
  });
});

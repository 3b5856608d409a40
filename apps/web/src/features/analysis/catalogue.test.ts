import { describe, expect, it } from 'vitest';
import { AnalysisRequestSchema } from '@patlas/contracts';
import { zhResources } from '../../i18n/zh';
import { enResources } from '../../i18n/en';

const resources = { zh: zhResources, en: enResources } as const;
import { CHART_GROUPS, CHARTS, chartById, type ChartResult, type LabelContext } from './catalogue';
import { tableRows } from './chart-model';
import { countryRegion, provinceRegion } from '@patlas/charts';

const labels: LabelContext = {
  text: (key, values) => (values ? `${key}${JSON.stringify(values)}` : key),
  value: (dimension, key, label) => `${dimension}:${label ?? key}`,
  percent: (rate) => (rate === null ? '—' : `${Math.round(rate * 100)}%`),
};

function model(id: string, result: ChartResult) {
  const chart = chartById(id);
  if (!chart) throw new Error(id);
  return chart.toModel(result, labels);
}

describe('chart catalogue', () => {
  it('has every chart in a group, with valid requests and texts in zh and en', () => {
    expect(new Set(CHARTS.map((c) => c.id)).size).toBe(CHARTS.length);
    for (const group of CHART_GROUPS) expect(CHARTS.some((c) => c.group === group)).toBe(true);
    for (const chart of CHARTS) {
      if (chart.request.kind === 'analyze') {
        const body = { searchExpre: 'TI=(电池)', analysis: chart.request.analysis };
        expect(AnalysisRequestSchema.safeParse(body).success, chart.id).toBe(true);
      }
      expect(chart.types.length).toBeGreaterThan(0);
      for (const lang of ['zh', 'en'] as const) {
        const texts = resources[lang].analysis;
        expect(texts.charts[chart.id as keyof typeof texts.charts], `${lang} ${chart.id}`).toBeTruthy();
        for (const type of chart.types) expect(texts.types[type], `${lang} ${type}`).toBeTruthy();
      }
    }
  });

  it('turns a ranking into one series whose bars open "the set + that value"', () => {
    const m = model('ipcGroupRank', {
      kind: 'terms',
      dimension: 'ipcGroup',
      buckets: [
        { key: 'H01M4', label: 'H01M4/00', count: 30 },
        { key: 'H01M10', count: 12 },
      ],
      covered: 40,
      distinct: 7,
    });
    expect(m.categories.map((c) => c.label)).toEqual(['ipcGroup:H01M4/00', 'ipcGroup:H01M10']);
    expect(m.series).toEqual([{ name: 'series.patents', values: [30, 12] }]);
    expect(m.ordered).toBe(false);
    expect(m.actionOf(0, 1)).toEqual({
      kind: 'jump',
      target: { kind: 'bucket', dimension: 'ipcGroup', key: 'H01M10' },
    });
    expect(m.actionOf(0, 5)).toBeUndefined();
    expect(tableRows(m)).toEqual([
      ['dimensions.ipcGroup', 'series.patents'],
      ['ipcGroup:H01M4/00', 30],
      ['ipcGroup:H01M10', 12],
    ]);
  });

  it('opens a split trend point as the cell of its series and year', () => {
    const m = model('trendByCountry', {
      kind: 'trend',
      date: 'applicationYear',
      points: [
        { key: '2020', count: 5 },
        { key: '2021', count: 7 },
      ],
      split: {
        dimension: 'country',
        series: [
          { key: 'CN', count: 8, points: [{ key: '2021', count: 6 }] },
          {
            key: 'US',
            count: 4,
            points: [
              { key: '2020', count: 3 },
              { key: '2021', count: 1 },
            ],
          },
        ],
      },
    });
    expect(m.series.map((s) => s.values)).toEqual([
      [0, 6],
      [3, 1],
    ]);
    expect(m.actionOf(1, 0)).toEqual({
      kind: 'jump',
      target: { kind: 'cell', dimension: 'country', key: 'US', objectDimension: 'applicationYear', objectKey: '2020' },
    });
  });

  it('orders the year columns of a matrix in time and keeps each cell on its group and year', () => {
    const m = model('applicantYear', {
      kind: 'matrix',
      groupDimension: 'applicant',
      groups: [
        { key: 'A', count: 9 },
        { key: 'B', count: 4 },
      ],
      objects: [
        {
          dimension: 'applicationYear',
          columns: [
            { key: '2022', count: 8 },
            { key: '2019', count: 5 },
          ],
          cells: [
            [6, 3],
            [2, 2],
          ],
        },
      ],
    });
    expect(m.categories.map((c) => c.key)).toEqual(['2019', '2022']);
    expect(m.series.map((s) => s.values)).toEqual([
      [3, 6],
      [2, 2],
    ]);
    expect(m.actionOf(0, 0)).toEqual({
      kind: 'jump',
      target: { kind: 'cell', dimension: 'applicant', key: 'A', objectDimension: 'applicationYear', objectKey: '2019' },
    });
  });

  it('drills into the lifecycle only through applications, and into three rates only through whole sets', () => {
    const life = model('lifecycle', {
      kind: 'lifecycle',
      date: 'applicationYear',
      points: [{ year: '2020', applications: 10, applicants: 4 }],
    });
    expect(life.actionOf(0, 0)).toEqual({
      kind: 'jump',
      target: { kind: 'bucket', dimension: 'applicationYear', key: '2020' },
    });
    expect(life.actionOf(1, 0)).toBeUndefined();

    const rate = (numerator: number, denominator: number, coverage: number | null = 1) => ({
      numerator,
      denominator,
      rate: denominator ? numerator / denominator : null,
      coverage,
    });
    const rates = model('threeRates', {
      kind: 'threeRates',
      applications: 10,
      granted: 5,
      rejected: 2,
      withdrawn: 1,
      lapsed: 0,
      pending: 2,
      concluded: 8,
      valid: 4,
      grantRate: rate(5, 8),
      rejectionRate: rate(2, 8),
      withdrawalRate: rate(1, 8),
      validityRate: rate(4, 5),
    });
    expect(rates.series[0]?.values).toEqual([10, 5, 2, 1, 0, 2, 4]);
    expect(rates.figures?.map((f) => f.value)).toEqual(['63%', '25%', '13%', '80%']);
    expect(rates.actionOf(0, 1)).toEqual({ kind: 'jump', target: { kind: 'threeRates', figure: 'granted' } });
    expect(rates.actionOf(0, 2)).toBeUndefined();
    expect(rates.figures?.some((f) => f.caption)).toBe(false);

    // Issue 14: almost no legal status. 3 of 10 applications concluded, no grant with a status:
    // the rates are not figures of the set, and say what they would rest on.
    const sparse = model('threeRates', {
      kind: 'threeRates',
      applications: 10,
      granted: 2,
      rejected: 1,
      withdrawn: 0,
      lapsed: 0,
      pending: 7,
      concluded: 3,
      valid: 0,
      grantRate: rate(2, 3, 0.3),
      rejectionRate: rate(1, 3, 0.3),
      withdrawalRate: rate(0, 3, 0.3),
      validityRate: rate(0, 2, 0),
    });
    expect(sparse.figures?.map((f) => f.value)).toEqual(['—', '—', '—', '—']);
    expect(sparse.figures?.[0]).toMatchObject({
      isWeak: true,
      caption: 'threeRates.insufficient{"basis":"threeRates.coverageConcluded{\\"share\\":\\"30%\\"}"}',
    });
    expect(sparse.figures?.[3]?.caption).toBe(
      'threeRates.insufficient{"basis":"threeRates.coverageStatus{\\"share\\":\\"0%\\"}"}',
    );
    // Enough coverage: the rate, with what it rests on.
    const most = model('threeRates', {
      kind: 'threeRates',
      applications: 10,
      granted: 5,
      rejected: 2,
      withdrawn: 1,
      lapsed: 0,
      pending: 2,
      concluded: 8,
      valid: 4,
      grantRate: rate(5, 8, 0.8),
      rejectionRate: rate(2, 8, 0.8),
      withdrawalRate: rate(1, 8, 0.8),
      validityRate: rate(4, 5, 1),
    });
    expect(most.figures?.[0]).toEqual({
      label: 'threeRates.grantRate',
      value: '63%',
      caption: 'threeRates.coverageConcluded{"share":"80%"}',
      isWeak: false,
    });
    expect(most.figures?.[3]?.caption).toBeUndefined();
  });

  it('labels cited-by bins and opens them as ranges; most-cited patents open the patent', () => {
    const impact: ChartResult = {
      kind: 'impact',
      patents: 20,
      citedPatents: 6,
      citations: 30,
      bins: [
        { key: '1', from: 1, to: 1, count: 3 },
        { key: '2-5', from: 2, to: 5, count: 2 },
        { key: '6+', from: 6, count: 1 },
      ],
      topPatents: [{ publicationNumber: 'CN1A', title: '电池', citedBy: 9 }],
      topApplicants: [{ key: 'A', count: 2, citedBy: 12 }],
    };
    const bins = model('citedByDistribution', impact);
    expect(bins.categories.map((c) => c.label)).toEqual([
      'citedBy.exactly{"count":1}',
      'citedBy.range{"from":2,"to":5}',
      'citedBy.atLeast{"from":6}',
    ]);
    expect(bins.actionOf(0, 2)).toEqual({ kind: 'jump', target: { kind: 'citedBy', from: 6 } });
    expect(model('mostCitedPatents', impact).actionOf(0, 0)).toEqual({ kind: 'patent', publicationNumber: 'CN1A' });
    expect(model('mostCitedApplicants', impact).series.map((s) => s.values)).toEqual([[12], [2]]);
  });

  it('finds map regions for offices and provinces, and notes what is off the map', () => {
    expect(countryRegion('US')).toBe('United States of America');
    expect(countryRegion('EP')).toBeUndefined();
    expect(provinceRegion('广东省')).toBe('广东');
    expect(provinceRegion('内蒙古自治区')).toBe('内蒙古');
    expect(provinceRegion('California')).toBeUndefined();
    const m = model('worldMap', {
      kind: 'terms',
      dimension: 'country',
      buckets: [
        { key: 'CN', count: 10 },
        { key: 'EP', count: 2 },
      ],
      covered: 12,
      distinct: 2,
    });
    expect(m.map?.name).toBe('world');
    expect(m.note).toContain('notes.offMap{"count":1}');
  });

  it('opens words, clusters and landscape peaks through their own jumps', () => {
    const sample = { total: 9000, sampled: true, sampleSize: 5000, tookMs: 10 };
    const words = model('wordCloud', {
      kind: 'wordCloud',
      response: {
        ...sample,
        corpusSize: 100_000,
        words: [{ word: '锂电池', weight: 0.8, count: 40, corpusCount: 900, expression: 'TIAB=(锂电池)' }],
      },
    });
    expect(words.weights).toEqual([0.8]);
    expect(words.series[0]?.values).toEqual([40]);
    expect(words.note).toBe('notes.sampled{"sample":5000,"total":9000}');
    expect(words.actionOf(0, 0)).toEqual({
      kind: 'textJump',
      path: '/product/search/analyWordCloud/analysisJump',
      body: { word: '锂电池' },
    });

    const clusters = model('clustering', {
      kind: 'clustering',
      response: {
        ...sample,
        k: 3,
        unassigned: 2,
        clusters: [{ id: 4, label: '电解液 · 隔膜', terms: [], size: 12, share: 0.3, members: [] }],
      },
    });
    expect(clusters.actionOf(0, 0)).toEqual({
      kind: 'textJump',
      path: '/product/search/patent/clustering/analysisJump',
      body: { clusterId: 4, k: 3 },
    });

    const landscape = model('landscape', {
      kind: 'landscape',
      response: {
        ...sample,
        extent: 100,
        peakRadius: 8,
        unplaced: 0,
        points: [{ publicationNumber: 'CN1A', x: 10, y: 20 }],
        grid: { size: 2, extent: 100, values: [0, 1, 2, 3] },
        peaks: [{ x: 30, y: 40, density: 3, count: 7, label: '正极', terms: [] }],
      },
    });
    expect(landscape.series[0]?.values).toEqual([7]);
    expect(landscape.actionOf(0, 0)).toEqual({
      kind: 'textJump',
      path: '/product/search/patent/landscape/analysisJump',
      body: { region: { kind: 'circle', x: 30, y: 40, radius: 8 } },
    });
  });
});

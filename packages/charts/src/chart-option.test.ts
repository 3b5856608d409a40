import { describe, expect, it } from 'vitest';
import type { ChartModel } from './chart-model.js';
import { buildChartOption, elementOfClick, type ChartLook } from './chart-option.js';

const look: ChartLook = {
  palette: ['#111111', '#222222', '#333333'],
  fontSize: 12,
  legendPosition: 'bottom',
  showLabel: false,
  formatCount: (n) => `n${n}`,
};

const ranking: ChartModel = {
  categories: [
    { key: 'A', label: 'Applicant A' },
    { key: 'B', label: 'Applicant B' },
    { key: 'C', label: 'Applicant C' },
  ],
  series: [{ name: 'Patents', values: [9, 0, 4] }],
  categoryTitle: 'Applicant',
  ordered: false,
  actionOf: () => undefined,
};

type AnyOption = Record<string, unknown> & { series: Record<string, unknown>[] };

describe('chart option builders', () => {
  it('draws rankings as horizontal bars read top down, years as vertical bars', () => {
    const option = buildChartOption(ranking, 'bar', look) as AnyOption;
    expect((option.yAxis as { type: string; inverse: boolean; data: string[] }).type).toBe('category');
    expect((option.yAxis as { inverse: boolean }).inverse).toBe(true);
    expect((option.yAxis as { data: string[] }).data).toEqual(['Applicant A', 'Applicant B', 'Applicant C']);
    expect(option.color).toEqual(look.palette);
    expect(option.series[0]?.data).toEqual([
      { value: 9, categoryIndex: 0, seriesIndex: 0 },
      { value: 0, categoryIndex: 1, seriesIndex: 0 },
      { value: 4, categoryIndex: 2, seriesIndex: 0 },
    ]);

    const years = buildChartOption({ ...ranking, ordered: true }, 'bar', look) as AnyOption;
    expect((years.xAxis as { type: string }).type).toBe('category');
    expect((years.yAxis as { type: string }).type).toBe('value');
    const formatter = (years.yAxis as { axisLabel: { formatter: (n: number) => string } }).axisLabel.formatter;
    expect(formatter(25_000)).toBe('n25000');
  });

  it('stacks the series of a matrix and draws lines on request', () => {
    const matrix: ChartModel = {
      ...ranking,
      ordered: true,
      stacked: true,
      series: [
        { name: 'A', values: [1, 2, 3] },
        { name: 'B', values: [4, 5, 6] },
      ],
    };
    const bars = buildChartOption(matrix, 'bar', look) as AnyOption;
    expect(bars.series.map((s) => s.stack)).toEqual(['total', 'total']);
    const lines = buildChartOption(matrix, 'line', look) as AnyOption;
    expect(lines.series.map((s) => s.type)).toEqual(['line', 'line']);
    expect(lines.series[0]?.stack).toBeUndefined();
  });

  it('leaves empty slices out of a pie but keeps each slice on its category', () => {
    const option = buildChartOption(ranking, 'pie', look) as AnyOption;
    expect(option.series[0]?.data).toEqual([
      { name: 'Applicant A', value: 9, categoryIndex: 0, seriesIndex: 0 },
      { name: 'Applicant C', value: 4, categoryIndex: 2, seriesIndex: 0 },
    ]);
  });

  it('puts map values on regions, adding keys of one region up', () => {
    const regions: Record<string, string> = { CN: 'China', TW: 'China', US: 'United States of America' };
    const m: ChartModel = {
      ...ranking,
      categories: ['CN', 'EP', 'TW', 'US'].map((key) => ({ key, label: key })),
      series: [{ name: 'Patents', values: [10, 5, 2, 3] }],
      map: { name: 'world', regionOf: (c) => regions[c.key] },
    };
    const option = buildChartOption(m, 'map', look) as AnyOption;
    expect(option.series[0]?.map).toBe('world');
    expect(option.series[0]?.data).toEqual([
      { name: 'China', value: 12, categoryIndex: 0, seriesIndex: 0 },
      { name: 'United States of America', value: 3, categoryIndex: 3, seriesIndex: 0 },
    ]);
    expect((option.visualMap as { max: number }).max).toBe(12);
  });

  it('lays a heat map out as [category, series, value] cells', () => {
    const m: ChartModel = {
      ...ranking,
      series: [
        { name: 'A', values: [1, 0, 2] },
        { name: 'B', values: [3, 4, 5] },
      ],
    };
    const option = buildChartOption(m, 'heatmap', look) as AnyOption;
    const data = option.series[0]?.data as { value: number[]; categoryIndex: number; seriesIndex: number }[];
    expect(data).toHaveLength(6);
    expect(data[4]).toEqual({ value: [1, 1, 4], categoryIndex: 1, seriesIndex: 1 });
    expect((option.yAxis as { data: string[] }).data).toEqual(['A', 'B']);
    // Every column of a matrix is named, none skipped.
    expect((option.xAxis as { axisLabel: { interval: number } }).axisLabel.interval).toBe(0);
  });

  it('finds the clicked element from the data item', () => {
    expect(elementOfClick({ data: { value: 3, categoryIndex: 2, seriesIndex: 1 } })).toEqual({
      categoryIndex: 2,
      seriesIndex: 1,
    });
    expect(elementOfClick({ data: 3 })).toBeUndefined();
    expect(elementOfClick({})).toBeUndefined();
  });

  it('draws a landscape as density bands, dots that open patents and labelled peaks', () => {
    const m: ChartModel = {
      ...ranking,
      categories: [{ key: '0', label: '正极材料' }],
      series: [{ name: 'Patents', values: [7] }],
      landscape: {
        total: 3,
        sampled: false,
        sampleSize: 3,
        tookMs: 1,
        extent: 100,
        peakRadius: 8,
        unplaced: 0,
        points: [{ publicationNumber: 'CN1A', x: 25, y: 75 }],
        grid: { size: 2, extent: 100, values: [0, 1, 2, 3] },
        peaks: [{ x: 75, y: 25, density: 3, count: 7, label: '正极', terms: [] }],
      },
    };
    const option = buildChartOption(m, 'landscape', look) as AnyOption;
    expect(option.series.map((s) => s.type)).toEqual(['heatmap', 'scatter', 'scatter']);
    // Zero cells are left out; row 0 is y = 0.
    expect(option.series[0]?.data).toEqual([
      [1, 0, 1],
      [0, 1, 2],
      [1, 1, 3],
    ]);
    const dot = (option.series[1]?.data as { value: number[]; publicationNumber: string }[])[0];
    expect(dot?.value).toEqual([0, 1]);
    expect(elementOfClick({ data: dot })).toEqual({ publicationNumber: 'CN1A' });
    const peak = (option.series[2]?.data as { value: number[]; name: string }[])[0];
    expect(peak).toMatchObject({ value: [1, 0], name: '正极材料', categoryIndex: 0, seriesIndex: 0 });
  });

  it('sizes words by weight and keeps their category', () => {
    const m: ChartModel = { ...ranking, weights: [0.9, 0.1, 0.5] };
    const option = buildChartOption(m, 'wordCloud', look) as AnyOption;
    expect(option.series[0]?.type).toBe('wordCloud');
    expect(
      (option.series[0]?.data as { name: string; value: number; categoryIndex: number }[]).map((d) => [
        d.name,
        d.value,
        d.categoryIndex,
      ]),
    ).toEqual([
      ['Applicant A', 0.9, 0],
      ['Applicant B', 0.1, 1],
      ['Applicant C', 0.5, 2],
    ]);
  });

  it('escapes corpus names, titles and categories in every tooltip it writes as HTML (issue 41 §5)', () => {
    const markup = '<img src=x onerror=alert(1)>';
    const inert = '&lt;img src=x onerror=alert(1)&gt;';
    type Formatter = (p: unknown) => string;
    const tooltipOf = (option: unknown) => (option as { tooltip: { formatter: Formatter } }).tooltip.formatter;
    const hostile: ChartModel = {
      ...ranking,
      categories: [{ key: 'x', label: markup }],
      series: [
        { name: markup, values: [3] },
        { name: `"${markup}'`, values: [2] },
      ],
      map: { name: 'world', regionOf: () => markup },
      landscape: {
        total: 1,
        sampled: false,
        sampleSize: 1,
        tookMs: 1,
        extent: 100,
        peakRadius: 8,
        unplaced: 0,
        points: [{ publicationNumber: markup, title: markup, x: 1, y: 1 }],
        grid: { size: 1, extent: 100, values: [1] },
        peaks: [{ x: 1, y: 1, density: 1, count: 1, label: markup, terms: [] }],
      },
    };
    const answers = [
      tooltipOf(buildChartOption(hostile, 'map', look))({ name: markup, value: 3 }),
      tooltipOf(buildChartOption(hostile, 'heatmap', look))({ data: { value: [0, 0, 3] } }),
      tooltipOf(buildChartOption(hostile, 'heatmap', look))({ data: { value: [0, 1, 2] } }),
      tooltipOf(buildChartOption(hostile, 'scatter', look))({ name: markup, value: [2, 3] }),
      tooltipOf(buildChartOption(hostile, 'wordCloud', look))({ name: markup, data: { categoryIndex: 0 } }),
      tooltipOf(buildChartOption(hostile, 'landscape', look))({
        seriesIndex: 1,
        data: { name: markup, title: markup },
      }),
      tooltipOf(buildChartOption(hostile, 'landscape', look))({ seriesIndex: 2, data: { name: markup, count: 1 } }),
    ];
    for (const html of answers) {
      expect(html).toContain(inert);
      // Only the formatter's own line breaks are markup.
      expect(html.replace(/<br\/>/g, ''), html).not.toMatch(/[<>]/);
    }
    expect(answers[2]).toContain('&quot;&lt;img src=x onerror=alert(1)&gt;&#39;');
    // A formatted count is escaped too (a look's formatter is not ours to trust).
    const odd = { ...look, formatCount: () => '<b>1</b>' };
    expect(tooltipOf(buildChartOption(hostile, 'wordCloud', odd))({ name: 'x', data: { categoryIndex: 0 } })).toBe(
      'x: &lt;b&gt;1&lt;/b&gt;',
    );
  });
});

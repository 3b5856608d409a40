import type { LandscapeResponse } from '@patlas/contracts';

/**
 * What a chart shows, whatever the aggregation behind it: categories along one axis and one or
 * more series of counts over them. Every option builder (bar, line, pie, map, heatmap, table)
 * reads this. The web app's analysis page and the server's reports (domains/report) build the
 * same ECharts options from it, so a chart in a report is the chart on the page.
 */
export interface ChartCategory {
  key: string;
  label: string;
}

export interface ChartSeries {
  name: string;
  values: number[];
}

/**
 * A chart's data. `A` is what clicking an element opens (the web app's drill-downs); a chart
 * drawn on the server opens nothing.
 */
export interface ChartModel<A = unknown> {
  categories: ChartCategory[];
  series: ChartSeries[];
  /** Title of the category axis (first table column). */
  categoryTitle: string;
  /** Years and other ordered categories run left to right; rankings read top down. */
  ordered: boolean;
  /** Several series stack into one bar per category. */
  stacked?: boolean;
  /** Region name on the registered map of each category (undefined = not on the map). */
  map?: { name: 'world' | 'china'; regionOf: (category: ChartCategory) => string | undefined };
  /** Headline figures shown above the chart (the three rates). */
  figures?: {
    label: string;
    value: string;
    /** What the figure rests on when that is not the whole set (a rate's coverage). */
    caption?: string;
    /** Too little data for the figure to speak for the set: shown as a warning. */
    isWeak?: boolean;
  }[];
  /** Word cloud: each word's size (its TF-IDF weight). */
  weights?: number[];
  /** Landscape: the map itself; categories are its peaks. */
  landscape?: LandscapeResponse;
  /** A line under the chart: coverage, estimates, sampling… */
  note?: string;
  /** What clicking the value of series s at category c opens; undefined = nothing. */
  actionOf: (series: number, category: number) => A | undefined;
}

/** The chart types a chart can switch between; `table` is the data table. */
export const VIEW_TYPES = [
  'bar',
  'line',
  'pie',
  'map',
  'heatmap',
  'scatter',
  'wordCloud',
  'landscape',
  'table',
] as const;
export type ViewType = (typeof VIEW_TYPES)[number];

export function isViewType(value: unknown): value is ViewType {
  return typeof value === 'string' && (VIEW_TYPES as readonly string[]).includes(value);
}

/** Rows of the data table (and of the Excel export): a header, then one row per category. */
export function tableRows(model: ChartModel): (string | number)[][] {
  return [
    [model.categoryTitle, ...model.series.map((s) => s.name)],
    ...model.categories.map((category, c) => [category.label, ...model.series.map((s) => s.values[c] ?? 0)]),
  ];
}

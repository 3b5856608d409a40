import type { AnalysisTarget, LandscapeResponse } from '@patlas/contracts';
import type { TEXT_JUMP_PATHS } from './api';

/**
 * What a chart shows, whatever the aggregation behind it: categories along one axis and one or
 * more series of counts over them. Every option builder (bar, line, pie, map, heatmap, table)
 * reads this, and every element knows the patents behind it (`target`).
 */
export interface ChartCategory {
  key: string;
  label: string;
}

export interface ChartSeries {
  name: string;
  values: number[];
}

/** How a chart element opens its patents: a drill-down (analysis jump) or one patent. */
export type ChartElementAction =
  | { kind: 'jump'; target: AnalysisTarget }
  /** The text-mining charts' own jumps: the set plus `body` (word, cluster id, landscape region). */
  | { kind: 'textJump'; path: (typeof TEXT_JUMP_PATHS)[keyof typeof TEXT_JUMP_PATHS]; body: Record<string, unknown> }
  | { kind: 'patent'; publicationNumber: string };

export interface ChartModel {
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
  actionOf: (series: number, category: number) => ChartElementAction | undefined;
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

import { z } from 'zod';
import { AnalysisRequestSchema } from './analysis.js';

/**
 * Chart customisation per user (issue 6; spec 2 §3 "Chart colour config", "Chart size config",
 * §7 "Charts", §9 "palettes of 5 to 10 hex values per chart type", "30 or 50 categories in custom
 * charts"). Shared by apps/server/src/domains/chart and apps/web/src/features/chart-settings.
 * Paths are under /api/product; docs/charts.md describes the calls.
 */

// ---------------------------------------------------------------------------------------------
// Chart types and default palettes

export const CHART_TYPES = ['bar', 'line', 'pie', 'map', 'wordCloud', 'heatmap', 'landscape', 'scatter'] as const;
export const ChartTypeSchema = z.enum(CHART_TYPES);
export type ChartType = z.infer<typeof ChartTypeSchema>;

/** Spec 2 §9: "palettes of 5 to 10 hex values per chart type". */
export const MIN_PALETTE_COLORS = 5;
export const MAX_PALETTE_COLORS = 10;

/**
 * The default palette of every chart type (the one place they are defined). Categorical charts get
 * distinct hues; map, heatmap and landscape get a sequential ramp from low to high values.
 */
export const DEFAULT_PALETTES: Readonly<Record<ChartType, readonly string[]>> = {
  bar: ['#1677ff', '#13c2c2', '#52c41a', '#faad14', '#f5222d', '#722ed1', '#eb2f96', '#fa8c16', '#2f54eb', '#a0d911'],
  line: ['#1677ff', '#fa541c', '#52c41a', '#722ed1', '#faad14', '#13c2c2', '#eb2f96', '#595959'],
  pie: ['#5470c6', '#91cc75', '#fac858', '#ee6666', '#73c0de', '#3ba272', '#fc8452', '#9a60b4', '#ea7ccc', '#b6a2de'],
  map: ['#e6f4ff', '#bae0ff', '#69b1ff', '#1677ff', '#0958d9', '#002c8c'],
  wordCloud: ['#1d39c4', '#08979c', '#389e0d', '#d46b08', '#c41d7f', '#531dab', '#cf1322'],
  heatmap: ['#f0f9e8', '#bae4bc', '#7bccc4', '#43a2ca', '#0868ac'],
  landscape: ['#f7fcf5', '#c7e9c0', '#74c476', '#31a354', '#006d2c', '#00441b'],
  scatter: ['#1677ff', '#f5222d', '#52c41a', '#fa8c16', '#722ed1', '#13c2c2'],
};

/**
 * A chart key names one chart of the dashboard (e.g. `bar.applicantRank`, `trend`, `pie`): letters,
 * digits and `. _ : -`, at most 100 characters.
 */
export const MAX_CHART_KEY_LENGTH = 100;
export const ChartKeySchema = z
  .string()
  .min(1)
  .max(MAX_CHART_KEY_LENGTH)
  .regex(/^[A-Za-z0-9_.:-]+$/, 'letters, digits and . _ : - only');

/**
 * The chart type a key falls back to for its default palette: the key itself or its first
 * `.`-separated part when that is a chart type (`pie`, `map.province`), otherwise bar.
 */
export function chartTypeOfKey(key: string): ChartType {
  const head = key.split('.')[0] ?? '';
  return (CHART_TYPES as readonly string[]).includes(head) ? (head as ChartType) : 'bar';
}

/** The default palette for a chart key (or for an explicit chart type). */
export function defaultPaletteFor(key: string, chartType?: ChartType): string[] {
  return [...DEFAULT_PALETTES[chartType ?? chartTypeOfKey(key)]];
}

// ---------------------------------------------------------------------------------------------
// Colour config — /customizeColor/*

/** `#rrggbb`: what ECharts and antd ColorPicker both read, without alpha. */
export const HexColorSchema = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a hex colour such as #1677ff');

export const ColorDetailSchema = z
  .array(
    z.object({
      index: z
        .number()
        .int()
        .min(0)
        .max(MAX_PALETTE_COLORS - 1),
      color: HexColorSchema,
    }),
  )
  .min(MIN_PALETTE_COLORS, `needs ${MIN_PALETTE_COLORS} to ${MAX_PALETTE_COLORS} colours`)
  .max(MAX_PALETTE_COLORS, `needs ${MIN_PALETTE_COLORS} to ${MAX_PALETTE_COLORS} colours`)
  .refine((rows) => isIndexRun(rows), 'indexes 0..n-1, each once');

/** Whether the indexes are exactly 0 … n-1 (in any order). */
export function isIndexRun(rows: readonly { index: number }[]): boolean {
  const indexes = new Set(rows.map((row) => row.index));
  return indexes.size === rows.length && rows.every((row) => row.index < rows.length);
}
export type ColorDetail = z.infer<typeof ColorDetailSchema>;

export const SetCustomizeColorRequestSchema = z.object({
  item: ChartKeySchema,
  colorDetail: ColorDetailSchema,
  productAlias: z.string().max(50).optional(),
});
export type SetCustomizeColorRequest = z.infer<typeof SetCustomizeColorRequestSchema>;

/** One item, or (without item) every saved item plus the default palette of every chart type. */
export const GetCustomizeColorRequestSchema = z.object({
  item: ChartKeySchema.optional(),
  chartType: ChartTypeSchema.optional(),
});
export type GetCustomizeColorRequest = z.infer<typeof GetCustomizeColorRequestSchema>;

export const ChartColorConfigSchema = z.object({
  /** null: nothing saved, this is the default palette. */
  id: z.string().nullable(),
  item: z.string(),
  colorDetail: ColorDetailSchema,
  productAlias: z.string().nullable(),
  isDefault: z.boolean(),
});
export type ChartColorConfig = z.infer<typeof ChartColorConfigSchema>;
export const ChartColorConfigListSchema = z.array(ChartColorConfigSchema);

/** Palette colours in index order. */
export function paletteOf(detail: readonly { index: number; color: string }[]): string[] {
  return [...detail].sort((a, b) => a.index - b.index).map((row) => row.color);
}

/** A palette as colorDetail rows. */
export function colorDetailOf(palette: readonly string[]): ColorDetail {
  return palette.map((color, index) => ({ index, color }));
}

// ---------------------------------------------------------------------------------------------
// Size config — /analychartcustomizeconf/*

export const LEGEND_POSITIONS = ['top', 'bottom', 'left', 'right', 'hidden'] as const;
export const CHART_SIZE_LIMITS = {
  width: { min: 300, max: 2400 },
  height: { min: 200, max: 1200 },
  fontSize: { min: 10, max: 24 },
} as const;

/** The settings of one chart's size; width null fills the card. */
export const ChartSizeDetailSchema = z.object({
  width: z.number().int().min(CHART_SIZE_LIMITS.width.min).max(CHART_SIZE_LIMITS.width.max).nullable(),
  height: z.number().int().min(CHART_SIZE_LIMITS.height.min).max(CHART_SIZE_LIMITS.height.max),
  fontSize: z.number().int().min(CHART_SIZE_LIMITS.fontSize.min).max(CHART_SIZE_LIMITS.fontSize.max),
  legendPosition: z.enum(LEGEND_POSITIONS),
  showLabel: z.boolean(),
});
export type ChartSizeDetail = z.infer<typeof ChartSizeDetailSchema>;

export const DEFAULT_CHART_SIZE: Readonly<ChartSizeDetail> = {
  width: null,
  height: 400,
  fontSize: 12,
  legendPosition: 'bottom',
  showLabel: false,
};

export const MAX_CONF_NAME_LENGTH = 100;

export const SaveChartSizeRequestSchema = z.object({
  item: ChartKeySchema,
  confName: z.string().trim().max(MAX_CONF_NAME_LENGTH).optional(),
  confDetail: ChartSizeDetailSchema,
});
export type SaveChartSizeRequest = z.infer<typeof SaveChartSizeRequestSchema>;

/** getInfos: one item, or every saved item. resetConf: one item, or (without item) every item. */
export const ChartSizeItemRequestSchema = z.object({ item: ChartKeySchema.optional() });
export type ChartSizeItemRequest = z.infer<typeof ChartSizeItemRequestSchema>;

export const ChartSizeConfigSchema = z.object({
  /** null: nothing saved, these are the defaults. */
  id: z.string().nullable(),
  item: z.string(),
  confName: z.string(),
  confDetail: ChartSizeDetailSchema,
  /** The spec's wire form of confDetail: the same settings as a JSON string. */
  detailContent: z.string(),
  isDefault: z.boolean(),
});
export type ChartSizeConfig = z.infer<typeof ChartSizeConfigSchema>;
export const ChartSizeConfigListSchema = z.array(ChartSizeConfigSchema);

// ---------------------------------------------------------------------------------------------
// Custom charts and their folders — /chart/*

/** Names of folders and charts. */
export const MAX_CHART_NAME_LENGTH = 100;
/** Spec 2 §9: "30 or 50 categories in custom charts". */
export const CUSTOM_CHART_CATEGORY_COUNTS = [30, 50] as const;
/** Ours: folders a user may have, folder nesting depth, charts a user may keep. */
export const MAX_CHART_FOLDERS = 100;
export const MAX_CHART_FOLDER_DEPTH = 3;
/** Charts not in the deleted list. */
export const MAX_CUSTOM_CHARTS = 500;

const NameSchema = z.string().trim().min(1).max(MAX_CHART_NAME_LENGTH);
const IdSchema = z.string().min(1).max(64);

export const CategoryCountSchema = z.union([z.literal(30), z.literal(50)]);

export const AddClassifyRequestSchema = z.object({ name: NameSchema, parentId: IdSchema.nullable().optional() });
export type AddClassifyRequest = z.infer<typeof AddClassifyRequestSchema>;
export const UpdateClassifyRequestSchema = z.object({
  id: IdSchema,
  name: NameSchema.optional(),
  parentId: IdSchema.nullable().optional(),
});
export type UpdateClassifyRequest = z.infer<typeof UpdateClassifyRequestSchema>;

export const ChartClassifySchema = z.object({
  id: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
  createdAt: z.string(),
});
export type ChartClassify = z.infer<typeof ChartClassifySchema>;

export const AddChartRequestSchema = z.object({
  name: NameSchema,
  classifyId: IdSchema.nullable().optional(),
  chartKey: ChartKeySchema,
  chartType: ChartTypeSchema,
  categoryCount: CategoryCountSchema.default(30),
  request: AnalysisRequestSchema,
});
export type AddChartRequest = z.input<typeof AddChartRequestSchema>;

export const UpdateChartRequestSchema = z.object({
  id: IdSchema,
  name: NameSchema.optional(),
  classifyId: IdSchema.nullable().optional(),
  chartType: ChartTypeSchema.optional(),
  categoryCount: CategoryCountSchema.optional(),
  request: AnalysisRequestSchema.optional(),
});
export type UpdateChartRequest = z.input<typeof UpdateChartRequestSchema>;

export const SavedChartSchema = z.object({
  id: z.string(),
  name: z.string(),
  classifyId: z.string().nullable(),
  chartKey: z.string(),
  chartType: ChartTypeSchema,
  categoryCount: CategoryCountSchema,
  request: AnalysisRequestSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Set while the chart is in the deleted list. */
  deletedAt: z.string().nullable(),
});
export type SavedChart = z.infer<typeof SavedChartSchema>;

/** Without classifyId every chart; with it, the charts of that folder (null: outside any folder). */
export const GetChartInfoRequestSchema = z.object({ classifyId: IdSchema.nullable().optional() });
export type GetChartInfoRequest = z.infer<typeof GetChartInfoRequestSchema>;

export const ChartInfoSchema = z.object({
  classifies: z.array(ChartClassifySchema),
  charts: z.array(SavedChartSchema),
  deleted: z.array(SavedChartSchema),
});
export type ChartInfo = z.infer<typeof ChartInfoSchema>;

import { z } from 'zod';
import { AnalysisResultSetSchema } from './analysis.js';
import { ANALYSIS_CHART_IDS } from './analysis-charts.js';
import { MAX_EXPORT_FILENAME_LENGTH } from './export.js';

/**
 * POST /export/depthAnalysisInfo (issue 18 "an analysis with its charts and data tables"): the
 * analysis of a result set as an xlsx workbook (a sheet naming the search, then a sheet per chart
 * with its data table and its image) or a Word report (the search, then per chart its heading,
 * image and table). The server recomputes every table from the analysis itself; only the images
 * come from the browser (ECharts getDataURL, PNG). Always a download task, followed on /download.
 */

/** A chart's PNG as decoded bytes: a dashboard chart at pixel ratio 2 is 50–400 KB. */
export const MAX_CHART_IMAGE_BYTES = 2 * 1024 * 1024;
/** All images of one export together (the request body stays well under its route limit). */
export const MAX_CHART_IMAGES_BYTES = 24 * 1024 * 1024;
/** The route's body limit: every image as base64 (4/3 of its bytes) plus the rest of the request. */
export const ANALYSIS_EXPORT_BODY_BYTES = Math.ceil((MAX_CHART_IMAGES_BYTES * 4) / 3) + 1024 * 1024;

export const ANALYSIS_EXPORT_FORMATS = ['xlsx', 'docx'] as const;
export const AnalysisExportFormatSchema = z.enum(ANALYSIS_EXPORT_FORMATS);
export type AnalysisExportFormat = z.infer<typeof AnalysisExportFormatSchema>;

export const AnalysisExportChartSchema = z.object({
  /** A chart of the dashboard (ANALYSIS_CHART_IDS); another id is refused with EXPORT_CHART_UNKNOWN. */
  id: z.string().min(1).max(64),
  /**
   * The chart as drawn: `data:image/png;base64,…` from ECharts getDataURL({ type: 'png' }). Absent:
   * the chart's table alone (a chart shown as a table, or one the browser could not draw).
   */
  image: z
    .string()
    .max(Math.ceil((MAX_CHART_IMAGE_BYTES * 4) / 3) * 2)
    .optional(),
});
export type AnalysisExportChart = z.input<typeof AnalysisExportChartSchema>;

export const AnalysisExportRequestSchema = z.object({
  /** The result set analysed, as the analysis page holds it. */
  set: AnalysisResultSetSchema,
  /** The charts in the order of the file: the whole dashboard, or the one chart. */
  charts: z.array(AnalysisExportChartSchema).min(1).max(ANALYSIS_CHART_IDS.length),
  format: AnalysisExportFormatSchema,
  /** Without extension; absent: "patlas-analysis-<date>"; all spaces is refused. */
  filename: z.string().max(MAX_EXPORT_FILENAME_LENGTH).optional(),
  /** What the download centre shows as the task's title (the expression…). */
  title: z.string().max(500).optional(),
});
export type AnalysisExportRequest = z.input<typeof AnalysisExportRequestSchema>;

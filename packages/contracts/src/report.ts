import { z } from 'zod';
import { AnalysisResultSetSchema } from './analysis.js';

/**
 * Smart reports (spec 2 §1 "generate smart reports", §4, §5, §8, §9; issue 20): a one-click
 * report over a result set, a library or a dashboard, written on the server as Word and PDF with
 * its charts drawn by ECharts SSR. docs/reports.md says what every section holds.
 */

/** The report pages and calls: spec 2 §6's menu permission for reports. */
export const REPORT_PERMISSION = '/reportCenter';

/** Spec 2 §5 / §9: "report time range within 12 units". */
export const MAX_REPORT_RANGE_UNITS = 12;
/** Spec 2 §9: "Histories kept 180 days (operation, report, search)". */
export const REPORT_RETENTION_DAYS = 180;
/** Spec 2 §5: "titles at most 25 characters". */
export const MAX_REPORT_TITLE_LENGTH = 25;
/** The top-patents table of a report. */
export const REPORT_TOP_PATENTS = 50;
/** Key patents listed by value score. */
export const REPORT_KEY_PATENTS = 10;

/** The sections a report can hold, in the order they are written. */
export const REPORT_SECTIONS = [
  'summary',
  'trend',
  'lifecycle',
  'applicants',
  'inventors',
  'chinaMap',
  'worldMap',
  'ipc',
  'legal',
  'citations',
  'terms',
  'keyPatents',
  'topPatents',
] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];
export const ReportSectionSchema = z.enum(REPORT_SECTIONS);

/** Spec 2 §5: the report's time range is counted in years, quarters or months. */
export const REPORT_RANGE_UNITS = ['year', 'quarter', 'month'] as const;
export type ReportRangeUnit = (typeof REPORT_RANGE_UNITS)[number];

const RANGE_PATTERNS: Record<ReportRangeUnit, RegExp> = {
  year: /^\d{4}$/,
  quarter: /^\d{4}Q[1-4]$/,
  month: /^\d{4}-(0[1-9]|1[0-2])$/,
};

/** An index of a range point in its unit (years, quarters or months since year 0). */
export function rangeIndex(unit: ReportRangeUnit, point: string): number {
  const year = Number(point.slice(0, 4));
  if (unit === 'year') return year;
  if (unit === 'quarter') return year * 4 + Number(point.slice(5)) - 1;
  return year * 12 + Number(point.slice(5, 7)) - 1;
}

/** Units a range spans, both ends included. */
export function rangeUnits(range: ReportTimeRange): number {
  return rangeIndex(range.unit, range.to) - rangeIndex(range.unit, range.from) + 1;
}

/** The first and last day (YYYYMMDD) of a range: the application dates it keeps. */
export function rangeDays(range: ReportTimeRange): { from: string; to: string } {
  const start = (point: string) => {
    const year = point.slice(0, 4);
    if (range.unit === 'year') return `${year}0101`;
    const month = range.unit === 'quarter' ? (Number(point.slice(5)) - 1) * 3 + 1 : Number(point.slice(5, 7));
    return `${year}${String(month).padStart(2, '0')}01`;
  };
  const end = (point: string) => {
    const year = Number(point.slice(0, 4));
    const lastMonth =
      range.unit === 'year' ? 12 : range.unit === 'quarter' ? Number(point.slice(5)) * 3 : Number(point.slice(5, 7));
    const lastDay = new Date(Date.UTC(year, lastMonth, 0)).getUTCDate();
    return `${year}${String(lastMonth).padStart(2, '0')}${String(lastDay).padStart(2, '0')}`;
  };
  return { from: start(range.from), to: end(range.to) };
}

export const ReportTimeRangeSchema = z
  .object({
    unit: z.enum(REPORT_RANGE_UNITS),
    from: z.string().trim(),
    to: z.string().trim(),
  })
  .superRefine((range, ctx) => {
    for (const end of ['from', 'to'] as const) {
      if (!RANGE_PATTERNS[range.unit].test(range[end])) {
        ctx.addIssue({ code: 'custom', path: [end], message: `not a ${range.unit} (e.g. 2021, 2021Q1, 2021-03)` });
      }
    }
  });
export type ReportTimeRange = z.infer<typeof ReportTimeRangeSchema>;

/** Where a report's set came from: shown on the report's cover and in the list. */
export const REPORT_ORIGINS = ['search', 'library', 'dashboard'] as const;
export type ReportOrigin = (typeof REPORT_ORIGINS)[number];

/** POST /report/patent: create (generate) a report. */
export const ReportCreateRequestSchema = z.object({
  title: z.string().trim().min(1).max(MAX_REPORT_TITLE_LENGTH),
  lang: z.enum(['zh', 'en']).default('zh'),
  sections: z.array(ReportSectionSchema).min(1).max(REPORT_SECTIONS.length),
  timeRange: ReportTimeRangeSchema.optional(),
  set: AnalysisResultSetSchema,
  origin: z.enum(REPORT_ORIGINS).default('search'),
  /** What the set is, as the user saw it (the expression, the library's or the company's name). */
  originLabel: z.string().trim().max(500).optional(),
});
export type ReportCreateRequest = z.input<typeof ReportCreateRequestSchema>;

/** Spec 2 §4: generating, done, expired (regenerate), deleted; ours: failed (with its message). */
export const REPORT_STATES = ['generating', 'done', 'failed', 'expired', 'deleted'] as const;
export type ReportState = (typeof REPORT_STATES)[number];

/** One section as written: its heading and its generated sentence (the figures stated). */
export const ReportSectionSummarySchema = z.object({
  id: ReportSectionSchema,
  heading: z.string(),
  sentence: z.string(),
  /** The numbers the sentence states, by name (tests compare them with the analysis API). */
  figures: z.record(z.string(), z.number()),
  /** The titles of the charts drawn (a chart with nothing to draw is left out). */
  charts: z.array(z.string()).default([]),
});
export type ReportSectionSummary = z.infer<typeof ReportSectionSummarySchema>;

export const ReportSchema = z.object({
  id: z.string(),
  userId: z.string(),
  /** The owner's e-mail (operators' view). */
  userEmail: z.string().optional(),
  title: z.string(),
  lang: z.enum(['zh', 'en']),
  sections: z.array(ReportSectionSchema),
  timeRange: ReportTimeRangeSchema.optional(),
  origin: z.enum(REPORT_ORIGINS),
  originLabel: z.string().optional(),
  state: z.enum(REPORT_STATES),
  /** Patents in the report's set (after the time range); null until generated. */
  total: z.number().int().nullable(),
  pdfSize: z.number().int().nullable(),
  docxSize: z.number().int().nullable(),
  error: z.string().nullable(),
  tookMs: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string(),
  /** The sections' sentences, once done. */
  summary: z.array(ReportSectionSummarySchema).optional(),
});
export type Report = z.infer<typeof ReportSchema>;

/** POST /report/patent/list (and /sys/report/list). */
export const ReportListRequestSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  state: z.enum(REPORT_STATES).optional(),
});
export type ReportListRequest = z.input<typeof ReportListRequestSchema>;

export const ReportListResponseSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  items: z.array(ReportSchema),
  /** The caller's report quota: limit null = unlimited. */
  quota: z.object({ used: z.number().int(), limit: z.number().int().nullable() }),
});
export type ReportListResponse = z.infer<typeof ReportListResponseSchema>;

/** Operators' view: every user's reports and the usage per user. */
export const SysReportListResponseSchema = ReportListResponseSchema.omit({ quota: true }).extend({
  usage: z.array(
    z.object({ userId: z.string(), userEmail: z.string(), reports: z.number().int(), done: z.number().int() }),
  ),
});
export type SysReportListResponse = z.infer<typeof SysReportListResponseSchema>;

export const REPORT_FORMATS = ['pdf', 'docx'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];
export const ReportFileQuerySchema = z.object({
  format: z.enum(REPORT_FORMATS).default('pdf'),
  /** inline: shown in the browser (the preview iframe) instead of saved. */
  inline: z.coerce.boolean().optional(),
});
export const ReportIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

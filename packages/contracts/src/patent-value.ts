import { z } from 'zod';

/**
 * Patent value evaluation (issue 21, spec 2 §7 "Patent value": /patentValue/evaluate/{pn},
 * /refresh/{pn}, /inventorStat/{pn}, /download). docs/patent-value.md explains the method.
 */

export const VALUE_DIMENSIONS = ['technology', 'legal', 'market'] as const;
export const ValueDimensionIdSchema = z.enum(VALUE_DIMENSIONS);
export type ValueDimensionId = z.infer<typeof ValueDimensionIdSchema>;

/** Every indicator, grouped by dimension in this order (the panel's table follows it). */
export const VALUE_INDICATORS = [
  'forwardCitations',
  'backwardCitations',
  'ipcBreadth',
  'claimCount',
  'independentClaims',
  'legalStatus',
  'remainingTerm',
  'litigation',
  'invalidationSurvived',
  'pledge',
  'familySize',
  'familyOffices',
  'licences',
  'transfers',
  'applicantType',
  // Issue 49 item 1: appended (stored indicator arrays keep their positions).
  'claimBreadth',
  'citingApplicants',
  'applicantCount',
  'technologyField',
] as const;
export const ValueIndicatorIdSchema = z.enum(VALUE_INDICATORS);
export type ValueIndicatorId = z.infer<typeof ValueIndicatorIdSchema>;

/**
 * The comparison cohorts, narrowest first: same IPC subclass and application year, then the same
 * IPC class, section, the year alone, the whole corpus. A patent is compared with the first one
 * holding at least MIN_VALUE_COHORT_SIZE patents.
 */
export const VALUE_COHORT_LEVELS = ['subclassYear', 'classYear', 'sectionYear', 'year', 'all'] as const;
export const ValueCohortLevelSchema = z.enum(VALUE_COHORT_LEVELS);
export type ValueCohortLevel = z.infer<typeof ValueCohortLevelSchema>;

/** Smallest cohort a percentile is taken in (ours: below 30 a percentile moves by 3+ points per patent). */
export const MIN_VALUE_COHORT_SIZE = 30;

export const ValueIndicatorSchema = z.object({
  id: ValueIndicatorIdSchema,
  dimension: ValueDimensionIdSchema,
  /** The raw value from the record (a count, years, an ordinal); null when the record does not tell. */
  raw: z.number().nullable(),
  /** Mid-rank percentile (0–100) of `raw` among the cohort's patents with a known value. */
  percentile: z.number().nullable(),
  /** The indicator's weight within its dimension (fitted, value-model.json). */
  weight: z.number(),
  /** Share of the total score this indicator carried for this patent (0 when not counted). */
  share: z.number(),
  /**
   * Points of the score this indicator gave (share × the percentile it was scored at, 50 when not
   * counted; a descending indicator at 100 − percentile): the points of all indicators add up to the score.
   */
  points: z.number().optional(),
  /** Patents of the cohort with a known value of this indicator. */
  known: z.number().int(),
  /** Counted in the score: known for the patent and not the same for the whole cohort. */
  counted: z.boolean(),
});
export type ValueIndicator = z.infer<typeof ValueIndicatorSchema>;

export const ValueDimensionSchema = z.object({
  id: ValueDimensionIdSchema,
  /** 0–100, null when none of its indicators counted. */
  score: z.number().nullable(),
  /** The documented weight of the dimension in the total. */
  weight: z.number(),
});
export type ValueDimension = z.infer<typeof ValueDimensionSchema>;

export const ValueCohortSchema = z.object({
  /** e.g. `H01M·2019`, `H01·2019`, `·2019`, `*` */
  key: z.string(),
  level: ValueCohortLevelSchema,
  /** The IPC symbol (subclass, class or section) the cohort shares, when it shares one. */
  ipc: z.string().optional(),
  /** The application year it shares (`unknown` for records without dates). */
  year: z.string().optional(),
  /** Patents in the cohort. */
  size: z.number().int(),
  /** Narrower cohorts that were too small, narrowest first, with their sizes. */
  skipped: z.array(z.object({ key: z.string(), level: ValueCohortLevelSchema, size: z.number().int() })),
});
export type ValueCohort = z.infer<typeof ValueCohortSchema>;

/**
 * How much of a value score rests on what the record tells (issue 43 item 8: "55.2 when 7 of 15
 * indicators are unknown"): an indicator that does not count sits at the cohort's middle (50), so
 * a score from few counted indicators is mostly the middle. `counted` of `total` indicators counted;
 * `weightShare` the share of the total score's weight they carry (0–1). Level by the count: high at
 * VALUE_CONFIDENCE.high or more, medium at VALUE_CONFIDENCE.medium or more, low below.
 */
export const VALUE_CONFIDENCE_LEVELS = ['high', 'medium', 'low'] as const;
export const ValueConfidenceLevelSchema = z.enum(VALUE_CONFIDENCE_LEVELS);
export type ValueConfidenceLevel = z.infer<typeof ValueConfidenceLevelSchema>;
/** Least counted indicators (of 19) for each confidence level: about 80% and 60%. */
export const VALUE_CONFIDENCE = { high: 15, medium: 11 } as const;

export const ValueConfidenceSchema = z.object({
  counted: z.number().int(),
  total: z.number().int(),
  weightShare: z.number(),
  level: ValueConfidenceLevelSchema,
});
export type ValueConfidence = z.infer<typeof ValueConfidenceSchema>;

/** The confidence level of `counted` counted indicators. */
export function valueConfidenceLevel(counted: number): ValueConfidenceLevel {
  if (counted >= VALUE_CONFIDENCE.high) return 'high';
  if (counted >= VALUE_CONFIDENCE.medium) return 'medium';
  return 'low';
}

export const PatentValueSchema = z.object({
  publicationNumber: z.string(),
  /** 0–100, null when no indicator counted. */
  score: z.number().nullable(),
  /** How much of the score the record's own data carries (the rest is the cohort's middle). */
  confidence: ValueConfidenceSchema,
  dimensions: z.array(ValueDimensionSchema),
  indicators: z.array(ValueIndicatorSchema),
  cohort: ValueCohortSchema,
  /** When the score was computed (ISO). */
  computedAt: z.string(),
});
export type PatentValue = z.infer<typeof PatentValueSchema>;

export const PatentValueParamsSchema = z.object({ pn: z.string().trim().min(1).max(64) });

/** Most patents one inventor statistic lists per inventor. */
export const INVENTOR_STAT_PATENTS = 5;
/** Most inventors of a patent given statistics (a patent with more lists the first ones). */
export const INVENTOR_STAT_MAX_INVENTORS = 20;

export const InventorStatSchema = z.object({
  name: z.string(),
  /** Patents of the corpus naming this inventor, the patent itself included. */
  patentCount: z.number().int(),
  /** A few of the other patents, newest application first. */
  otherPatents: z.array(
    z.object({
      publicationNumber: z.string(),
      title: z.string().optional(),
      applicationDate: z.string().optional(),
      valueScore: z.number().optional(),
    }),
  ),
  /** Patents per application year, oldest first. */
  perYear: z.array(z.object({ year: z.string(), count: z.number().int() })),
  /** Most frequent co-inventors over those patents. */
  coInventors: z.array(z.object({ name: z.string(), count: z.number().int() })),
  /** The inventor's most frequent IPC subclasses. */
  mainIpc: z.array(z.object({ code: z.string(), count: z.number().int() })),
});
export type InventorStat = z.infer<typeof InventorStatSchema>;

export const InventorStatsSchema = z.object({
  publicationNumber: z.string(),
  inventors: z.array(InventorStatSchema),
});
export type InventorStats = z.infer<typeof InventorStatsSchema>;

export const VALUE_REPORT_FORMATS = ['docx', 'pdf', 'xlsx'] as const;
export const ValueReportFormatSchema = z.enum(VALUE_REPORT_FORMATS);
export type ValueReportFormat = z.infer<typeof ValueReportFormatSchema>;
/** Most patents of one Word or PDF value report (a page or two each). */
export const MAX_VALUE_REPORT_DOCUMENT_PATENTS = 20;
/** Most patents of one spreadsheet value report (ours: the size of a library page export). */
export const MAX_VALUE_REPORT_PATENTS = 1000;

/** `POST /patentValue/download`: a value report of one patent (docx, pdf) or many (xlsx). */
export const ValueReportRequestSchema = z.object({
  publicationNumbers: z.array(z.string().trim().min(1).max(64)).min(1).max(MAX_VALUE_REPORT_PATENTS),
  format: ValueReportFormatSchema.default('docx'),
});
export type ValueReportRequest = z.input<typeof ValueReportRequestSchema>;

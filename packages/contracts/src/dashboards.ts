import { z } from 'zod';
import {
  AnalysisBucketSchema,
  AnalysisDimensionSchema,
  AnalysisFilterSchema,
  AnalysisJumpResponseSchema,
} from './analysis.js';
import { MAX_EXPRESSION_LENGTH } from './limits.js';

/**
 * The entity dashboards (spec 2 §2): /analysis/region (a province or city of China, or a country),
 * /analysis/cu (a university), /analysis/co (a company), and /patentMap (China by province,
 * drilling into universities; spec 2 §7 /search/patentMap/*). docs/dashboards.md says what each
 * figure counts. Every figure is a result page: its jump answers the state whose total it is.
 */

/** Who a dashboard is about. */
export const DashboardSubjectSchema = z.discriminatedUnion('kind', [
  /** Patents with an applicant in this province (and city when given). */
  z.object({
    kind: z.literal('province'),
    province: z.string().trim().min(2).max(20),
    city: z.string().trim().min(1).max(40).optional(),
  }),
  /** Patents published by this office (two-letter code). */
  z.object({
    kind: z.literal('country'),
    country: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/)
      .transform((c) => c.toUpperCase()),
  }),
  /** Patents of which this university is an applicant (exact name). */
  z.object({ kind: z.literal('university'), name: z.string().trim().min(1).max(200) }),
  /**
   * Patents of which this company is an applicant (exact name); with `standard`, the name is a
   * standardised name and the patents are those of every applicant standardised to it (docs/companies.md).
   */
  z.object({
    kind: z.literal('company'),
    name: z.string().trim().min(1).max(200),
    standard: z.boolean().optional(),
  }),
]);
export type DashboardSubject = z.infer<typeof DashboardSubjectSchema>;
export type DashboardSubjectInput = z.input<typeof DashboardSubjectSchema>;

/** An IPC symbol or prefix: H, H01, H01M, H01M4, H01M4/525. */
export const IPC_PREFIX_PATTERN = /^[A-Ha-h](\d{2}([A-Za-z](\d{1,4}(\/\d{1,6})?)?)?)?$/;

/** A technology field narrowing a dashboard or the map: an IPC prefix, and/or an expression. */
export const TechnologyFieldSchema = z.object({
  ipc: z.string().trim().regex(IPC_PREFIX_PATTERN).optional(),
  expression: z.string().trim().max(MAX_EXPRESSION_LENGTH).optional(),
});
export type TechnologyField = z.infer<typeof TechnologyFieldSchema>;

/** The dashboard kinds and their API segment: /api/product/dashboards/{region|cu|co}/…. */
export const DASHBOARD_KINDS = ['region', 'cu', 'co'] as const;
export type DashboardKind = (typeof DASHBOARD_KINDS)[number];

/** `POST /dashboards/{kind}/overview`. */
export const DashboardOverviewRequestSchema = z.object({
  subject: DashboardSubjectSchema,
  field: TechnologyFieldSchema.optional(),
});
export type DashboardOverviewRequest = z.input<typeof DashboardOverviewRequestSchema>;

/** A ranking: its top buckets, and how many distinct values the set has. */
export const DashboardRankingSchema = z.object({
  buckets: z.array(AnalysisBucketSchema),
  distinct: z.number().int(),
});
export type DashboardRanking = z.infer<typeof DashboardRankingSchema>;

/** The dimensions a dashboard's places ranking counts by. */
export const PlaceDimensionSchema = z.enum(['applicantCity', 'applicantProvince', 'applicantCountry']);

export const DashboardKpisSchema = z.object({
  /** Publications in the set. */
  patents: z.number().int(),
  /** Invention applications and grants. */
  inventions: z.number().int(),
  /** Granted rights (grantStatus granted: grants, utility models, designs, or in force). */
  granted: z.number().int(),
  /** In force now (legalStatusClass valid). */
  valid: z.number().int(),
  /** Distinct inventors and applicants named. */
  inventors: z.number().int(),
  applicants: z.number().int(),
});
export type DashboardKpis = z.infer<typeof DashboardKpisSchema>;

export const DashboardOverviewSchema = z.object({
  subject: DashboardSubjectSchema,
  /** The result page of the whole dashboard (its total is kpis.patents). */
  base: z.object({ searchExpre: z.string(), filters: z.array(AnalysisFilterSchema) }),
  kpis: DashboardKpisSchema,
  /** Applications per application year, every year from the first to the last (0 kept). */
  trend: z.array(AnalysisBucketSchema),
  /** Publications per publication year (records without an application date still count here). */
  publicationTrend: z.array(AnalysisBucketSchema),
  patentTypes: z.array(AnalysisBucketSchema),
  legalStatus: z.array(AnalysisBucketSchema),
  /** IPC subclasses. */
  technologies: DashboardRankingSchema,
  inventors: DashboardRankingSchema,
  /** Applicants; for a university or company the subject itself is left out (its co-applicants). */
  applicants: DashboardRankingSchema,
  /**
   * What the applicants ranking counts by: written names, or for a standardised company
   * (subject.standard) the co-applicants' standardised names, so its own spellings are not listed.
   */
  applicantsBy: z.enum(['applicant', 'applicantStandard']).optional(),
  /** Places of the applicants: cities of a province, provinces of China otherwise; countries of an office. */
  places: DashboardRankingSchema.extend({ dimension: PlaceDimensionSchema }),
  tookMs: z.number(),
});
export type DashboardOverview = z.infer<typeof DashboardOverviewSchema>;

/** One figure of a dashboard: the whole set, or the set + values of one dimension (ORed). */
export const DashboardJumpTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('all') }),
  z.object({
    kind: z.literal('bucket'),
    dimension: AnalysisDimensionSchema,
    keys: z.array(z.string().min(1).max(200)).min(1).max(10),
  }),
]);
export type DashboardJumpTarget = z.infer<typeof DashboardJumpTargetSchema>;

/** `POST /dashboards/{kind}/jump`: the result page of one figure, with its total. */
export const DashboardJumpRequestSchema = DashboardOverviewRequestSchema.extend({ target: DashboardJumpTargetSchema });
export type DashboardJumpRequest = z.input<typeof DashboardJumpRequestSchema>;
export const DashboardJumpResponseSchema = AnalysisJumpResponseSchema;
export type DashboardJumpResponse = z.infer<typeof DashboardJumpResponseSchema>;

/** `POST /dashboards/{kind}/entities`: universities, companies or regions matching a text, with patent counts. */
export const DashboardEntitiesRequestSchema = z.object({
  q: z.string().trim().max(100).default(''),
  limit: z.coerce.number().int().min(1).max(50).default(20),
});
export type DashboardEntitiesRequest = z.input<typeof DashboardEntitiesRequestSchema>;
export const DashboardEntitySchema = z.object({
  subject: DashboardSubjectSchema,
  /** The name to show: the applicant's name, the province's full name, the office code. */
  name: z.string(),
  count: z.number().int(),
});
export type DashboardEntity = z.infer<typeof DashboardEntitySchema>;
export const DashboardEntitiesResponseSchema = z.object({ items: z.array(DashboardEntitySchema) });

// ---- /patentMap (spec 2 §7 /search/patentMap/*) --------------------------------------------------

/** `POST /search/patentMap/classification`: patents per province of China, optionally in a technology field. */
export const PatentMapClassificationRequestSchema = TechnologyFieldSchema;
export type PatentMapClassificationRequest = z.input<typeof PatentMapClassificationRequestSchema>;
export const PatentMapClassificationSchema = z.object({
  /** Patents with an applicant in any province of China (in the field). */
  total: z.number().int(),
  /** All 34 provinces (full names), most patents first; 0 where none. */
  provinces: z.array(AnalysisBucketSchema),
  tookMs: z.number(),
});
export type PatentMapClassification = z.infer<typeof PatentMapClassificationSchema>;

/** `POST /search/patentMap/analy`: one province: its universities ranked, trend and technology mix. */
export const PatentMapAnalyRequestSchema = TechnologyFieldSchema.extend({
  province: z.string().trim().min(2).max(20),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type PatentMapAnalyRequest = z.input<typeof PatentMapAnalyRequestSchema>;
export const PatentMapAnalySchema = z.object({
  province: z.string(),
  total: z.number().int(),
  /** Patents of the province with at least one university applicant. */
  universityPatents: z.number().int(),
  /** Universities among the province's applicants, most patents in the province first. */
  universities: z.array(AnalysisBucketSchema),
  trend: z.array(AnalysisBucketSchema),
  technologies: DashboardRankingSchema,
  cities: DashboardRankingSchema,
  tookMs: z.number(),
});
export type PatentMapAnaly = z.infer<typeof PatentMapAnalySchema>;

/** `POST /search/patentMap/analysisJump`: a province, or a university within it → its result page. */
export const PatentMapJumpRequestSchema = TechnologyFieldSchema.extend({
  province: z.string().trim().min(2).max(20),
  university: z.string().trim().min(1).max(200).optional(),
  /** Narrows further to one figure of the province panel (a year, an IPC subclass, a city). */
  target: DashboardJumpTargetSchema.optional(),
});
export type PatentMapJumpRequest = z.input<typeof PatentMapJumpRequestSchema>;

import { z } from 'zod';
import { MAX_EXPRESSION_LENGTH } from './limits.js';
import { AnalysisDimensionSchema } from './analysis-dimensions.js';
import { MAX_APPLICANT_GROUP_NAME_LENGTH } from './applicant-group.js';
import type { AnalysisDimension } from './analysis-dimensions.js';
import { SourceSelectionSchema } from './source-scope.js';
import {
  AsOfSchema,
  FilterFieldSchema,
  MAX_PAGE_SIZE,
  MergeTypeSchema,
  SearchHitSchema,
  SetSourceSchema,
} from './search.js';

/**
 * Analysis over a result set (issue 6; spec 2 §1 "analysis dashboards", §5 and §9 limits).
 * docs/analysis.md says what every aggregation counts. The routes under /search/analy/* take
 * `AnalysisRequestSchema`; every chart element can be turned into a result page with exactly its
 * count through `AnalysisJumpRequestSchema` (the "analysis jump").
 */

/** Spec 2 §5 / §9: "analysis at most 20 groups and 3 statistical objects". */
export const MAX_ANALYSIS_GROUPS = 20;
/** Spec 2 §5 / §9: "analysis at most 20 groups and 3 statistical objects". */
export const MAX_ANALYSIS_OBJECTS = 3;
/** Spec 2 §9: "30 or 50 categories in custom charts": values per statistical object. */
export const MAX_ANALYSIS_CATEGORIES = 50;
/** Buckets one ranking or map may return (every country or province fits). */
export const MAX_ANALYSIS_BUCKETS = 500;

// The dimension list lives in its own module because search.ts's filters accept every dimension
// and this module imports search.ts (an import cycle would leave one side undefined at load).
export {
  ANALYSIS_DIMENSIONS,
  AnalysisDimensionSchema,
  LEGAL_STATUS_CLASSES,
  VALUE_BANDS,
  valueBandOf,
  type AnalysisDimension,
} from './analysis-dimensions.js';

/** The year dimensions a trend or a lifecycle runs over. */
export const TrendDateSchema = z.enum(['applicationYear', 'publicationYear']);

/** Values of grantStatus. */
export const GRANT_STATUSES = ['granted', 'not_granted'] as const;

/** Filter fields of a result set: the filter panel's facets plus every analysis dimension. */
export const AnalysisFilterFieldSchema = FilterFieldSchema;
export type AnalysisFilterField = z.infer<typeof AnalysisFilterFieldSchema>;

/** Values are ORed within one entry; entries are ANDed (also two entries on the same field). */
export const AnalysisFilterSchema = z.object({
  field: AnalysisFilterFieldSchema,
  values: z.array(z.string().min(1).max(200)).min(1).max(200),
});
export type AnalysisFilter = z.infer<typeof AnalysisFilterSchema>;

/** The result set an analysis runs over: the same fields as a result page (SearchQueryRequestSchema). */
export const AnalysisResultSetSchema = z.object({
  searchExpre: z.string().max(MAX_EXPRESSION_LENGTH + 1000),
  /** A ranked set the expression applies within (a semantic search…); searchExpre may then be empty. */
  set: SetSourceSchema.optional(),
  /** Search within results: ANDed with searchExpre. */
  secondExpre: z.string().max(MAX_EXPRESSION_LENGTH).optional(),
  filters: z.array(AnalysisFilterSchema).max(40).default([]),
  mergeType: MergeTypeSchema.default(0),
  source: SourceSelectionSchema.optional(),
  /** Cross-language search, as on the result page (issue 43). */
  crossLanguage: z.boolean().optional(),
  /**
   * Count applicants by their standardised names (docs/companies.md, issue 43): an `applicant`
   * dimension is counted as `applicantStandard`, the answer names that dimension, and its elements
   * drill down to it. The web app sends true unless the user switched it off; absent: as asked.
   */
  mergeApplicants: z.boolean().optional(),
  /** The corpus as of a data version, as on the result page (issue 48 item 5). */
  asOf: AsOfSchema.optional(),
});
export type AnalysisResultSet = z.infer<typeof AnalysisResultSetSchema>;

/** Explicit values to count instead of the top ones (the user's own choice of groups). */
const KeysSchema = (max: number) => z.array(z.string().min(1).max(200)).min(1).max(max);

/** Ranking of one field ("single field rank"); also the maps (applicantProvince, country). */
export const TermsAnalysisSchema = z.object({
  kind: z.literal('terms'),
  dimension: AnalysisDimensionSchema,
  limit: z.coerce.number().int().min(1).max(MAX_ANALYSIS_BUCKETS).default(50),
  keys: KeysSchema(MAX_ANALYSIS_BUCKETS).optional(),
});

/** Application or publication counts per year, optionally split into series by another field. */
export const TrendAnalysisSchema = z.object({
  kind: z.literal('trend'),
  date: TrendDateSchema.default('applicationYear'),
  split: z
    .object({
      dimension: AnalysisDimensionSchema,
      limit: z.coerce.number().int().min(1).max(MAX_ANALYSIS_GROUPS).default(10),
      keys: KeysSchema(MAX_ANALYSIS_GROUPS).optional(),
    })
    .optional(),
});

/** Multi-field matrix: up to 20 groups of one field × up to 3 statistical objects (other fields). */
export const MatrixAnalysisSchema = z.object({
  kind: z.literal('matrix'),
  groups: z.object({
    dimension: AnalysisDimensionSchema,
    limit: z.coerce.number().int().min(1).max(MAX_ANALYSIS_GROUPS).default(10),
    keys: KeysSchema(MAX_ANALYSIS_GROUPS).optional(),
  }),
  objects: z
    .array(
      z.object({
        dimension: AnalysisDimensionSchema,
        limit: z.coerce.number().int().min(1).max(MAX_ANALYSIS_CATEGORIES).default(20),
        keys: KeysSchema(MAX_ANALYSIS_CATEGORIES).optional(),
      }),
    )
    .min(1)
    .max(MAX_ANALYSIS_OBJECTS),
});

/** Technology lifecycle: per year, applications and distinct applicants. */
export const LifecycleAnalysisSchema = z.object({
  kind: z.literal('lifecycle'),
  date: TrendDateSchema.default('applicationYear'),
});

/** Patents per expiry year. */
export const ExpiryAnalysisSchema = z.object({ kind: z.literal('expiry') });

/** Citation impact: cited-by distribution, most-cited patents and applicants. */
export const ImpactAnalysisSchema = z.object({
  kind: z.literal('impact'),
  limit: z.coerce.number().int().min(1).max(MAX_ANALYSIS_CATEGORIES).default(10),
});

/** China invention "three rates" (grant, rejection, withdrawal) and the validity rate. */
export const ThreeRatesAnalysisSchema = z.object({ kind: z.literal('threeRates') });

/** China valid ("efficient", 有效) patents by type and by application year. */
export const ValidPatentsAnalysisSchema = z.object({ kind: z.literal('validPatents') });

export const AnalysisSpecSchema = z.discriminatedUnion('kind', [
  TermsAnalysisSchema,
  TrendAnalysisSchema,
  MatrixAnalysisSchema,
  LifecycleAnalysisSchema,
  ExpiryAnalysisSchema,
  ImpactAnalysisSchema,
  ThreeRatesAnalysisSchema,
  ValidPatentsAnalysisSchema,
]);
export type AnalysisSpec = z.infer<typeof AnalysisSpecSchema>;
export type AnalysisKind = AnalysisSpec['kind'];

/** `POST /api/product/search/analy/*`: a result set and what to count over it. */
export const AnalysisRequestSchema = AnalysisResultSetSchema.extend({ analysis: AnalysisSpecSchema });
export type AnalysisRequest = z.input<typeof AnalysisRequestSchema>;

// ---- responses -------------------------------------------------------------------------------

/** One chart element: a value of a dimension and how many patents (or merged groups) have it. */
export const AnalysisBucketSchema = z.object({
  key: z.string(),
  /** Display text when it differs from the key (e.g. ipcGroup H01M4 → H01M4/00). */
  label: z.string().optional(),
  count: z.number().int(),
});
export type AnalysisBucket = z.infer<typeof AnalysisBucketSchema>;

export const TermsResultSchema = z.object({
  kind: z.literal('terms'),
  dimension: AnalysisDimensionSchema,
  buckets: z.array(AnalysisBucketSchema),
  /** Patents of the set with at least one value of the dimension. */
  covered: z.number().int(),
  /** Distinct values in the set (the buckets are the top `limit` of them). */
  distinct: z.number().int(),
});

export const TrendSeriesSchema = z.object({
  key: z.string(),
  label: z.string().optional(),
  count: z.number().int(),
  /** Per year, the same years as the trend's points (0 where none). */
  points: z.array(AnalysisBucketSchema),
});
export const TrendResultSchema = z.object({
  kind: z.literal('trend'),
  date: TrendDateSchema,
  /** Every year from the first to the last with patents, ascending (0-count years kept). */
  points: z.array(AnalysisBucketSchema),
  split: z.object({ dimension: AnalysisDimensionSchema, series: z.array(TrendSeriesSchema) }).optional(),
});

export const MatrixObjectResultSchema = z.object({
  dimension: AnalysisDimensionSchema,
  /** The object's values; counts are over the patents of the chosen groups. */
  columns: z.array(AnalysisBucketSchema),
  /** cells[g][c]: patents of group g with value c. */
  cells: z.array(z.array(z.number().int())),
});
export const MatrixResultSchema = z.object({
  kind: z.literal('matrix'),
  groupDimension: AnalysisDimensionSchema,
  groups: z.array(AnalysisBucketSchema),
  objects: z.array(MatrixObjectResultSchema),
});

export const LifecyclePointSchema = z.object({
  year: z.string(),
  applications: z.number().int(),
  applicants: z.number().int(),
});
export const LifecycleResultSchema = z.object({
  kind: z.literal('lifecycle'),
  date: TrendDateSchema,
  points: z.array(LifecyclePointSchema),
});

export const ExpiryResultSchema = z.object({
  kind: z.literal('expiry'),
  points: z.array(AnalysisBucketSchema),
  /** How many of the points come from a recorded ED rather than the statutory estimate. */
  recorded: z.number().int(),
});

export const CitedByBinSchema = AnalysisBucketSchema.extend({
  from: z.number().int(),
  /** Inclusive; absent = no upper bound. */
  to: z.number().int().optional(),
});
export const ImpactResultSchema = z.object({
  kind: z.literal('impact'),
  /** Patents (or groups) in the set, those cited at least once, and the sum of their cited-by counts. */
  patents: z.number().int(),
  citedPatents: z.number().int(),
  citations: z.number().int(),
  bins: z.array(CitedByBinSchema),
  topPatents: z.array(
    z.object({ publicationNumber: z.string(), title: z.string().optional(), citedBy: z.number().int() }),
  ),
  /** Applicants by the cited-by counts of their patents in the set; `count` is their patents. */
  topApplicants: z.array(AnalysisBucketSchema.extend({ citedBy: z.number().int() })),
});

/** A rate with the numbers it divides; null when the denominator is 0. */
export const RateSchema = z.object({
  numerator: z.number().int(),
  denominator: z.number().int(),
  rate: z.number().nullable(),
  /**
   * Share (0–1) of the population the rate speaks for that its denominator rests on (issue 14): for
   * the grant, rejection and withdrawal rates the concluded applications out of all applications, for
   * the validity rate the grants with a recorded legal status out of all grants; null when that
   * population is empty. Below MIN_RATE_COVERAGE the rate is not shown as a figure of the set.
   */
  coverage: z.number().nullable(),
});
export const ThreeRatesResultSchema = z.object({
  kind: z.literal('threeRates'),
  /** CN invention applications in the set (one per application number). */
  applications: z.number().int(),
  granted: z.number().int(),
  rejected: z.number().int(),
  withdrawn: z.number().int(),
  /** Not granted, ended, reason not recorded (e.g. 失效 without 驳回/撤回). */
  lapsed: z.number().int(),
  pending: z.number().int(),
  /** granted + rejected + withdrawn + lapsed (审结). */
  concluded: z.number().int(),
  /** Granted and in force now. */
  valid: z.number().int(),
  grantRate: RateSchema,
  rejectionRate: RateSchema,
  withdrawalRate: RateSchema,
  validityRate: RateSchema,
});

export const ValidPatentsResultSchema = z.object({
  kind: z.literal('validPatents'),
  /** CN patents in force. */
  total: z.number().int(),
  byType: z.array(AnalysisBucketSchema),
  byApplicationYear: z.array(AnalysisBucketSchema),
});

export const AnalysisResultSchema = z.discriminatedUnion('kind', [
  TermsResultSchema,
  TrendResultSchema,
  MatrixResultSchema,
  LifecycleResultSchema,
  ExpiryResultSchema,
  ImpactResultSchema,
  ThreeRatesResultSchema,
  ValidPatentsResultSchema,
]);
export type AnalysisResult = z.infer<typeof AnalysisResultSchema>;
export type TermsResult = z.infer<typeof TermsResultSchema>;
export type TrendResult = z.infer<typeof TrendResultSchema>;
export type MatrixResult = z.infer<typeof MatrixResultSchema>;
export type LifecycleResult = z.infer<typeof LifecycleResultSchema>;
export type ExpiryResult = z.infer<typeof ExpiryResultSchema>;
export type ImpactResult = z.infer<typeof ImpactResultSchema>;
export type ThreeRatesResult = z.infer<typeof ThreeRatesResultSchema>;
export type ValidPatentsResult = z.infer<typeof ValidPatentsResultSchema>;

export const AnalysisResponseSchema = z.object({
  /** Size of the result set (after merge): what the result page shows as its total. */
  total: z.number().int(),
  result: AnalysisResultSchema,
  tookMs: z.number(),
});
export type AnalysisResponse = z.infer<typeof AnalysisResponseSchema>;

// ---- analysis jump (drill-down) ----------------------------------------------------------------

/** A ranking bar, trend point, lifecycle year, map region, expiry year, top-cited applicant. */
export const BucketTargetSchema = z.object({
  kind: z.literal('bucket'),
  dimension: AnalysisDimensionSchema,
  key: z.string().min(1).max(200),
});
/** A matrix cell, or a point of a split trend (group = the series, object = the year). */
export const CellTargetSchema = z.object({
  kind: z.literal('cell'),
  dimension: AnalysisDimensionSchema,
  key: z.string().min(1).max(200),
  objectDimension: AnalysisDimensionSchema,
  objectKey: z.string().min(1).max(200),
});
/** An impact bin: cited-by count in [from, to]. */
export const CitedByTargetSchema = z.object({
  kind: z.literal('citedBy'),
  from: z.number().int().min(0),
  to: z.number().int().min(0).optional(),
});
/** A three-rates figure that is a set of its own (the others are differences, docs/analysis.md). */
export const ThreeRatesTargetSchema = z.object({
  kind: z.literal('threeRates'),
  figure: z.enum(['applications', 'granted', 'valid']),
});
/** Valid CN patents, optionally of one type or application year. */
export const ValidPatentsTargetSchema = z.object({
  kind: z.literal('validPatents'),
  patentType: z.string().max(40).optional(),
  applicationYear: z.string().max(4).optional(),
});

/** One chart element, as the chart knows it. */
export const AnalysisTargetSchema = z.discriminatedUnion('kind', [
  BucketTargetSchema,
  CellTargetSchema,
  CitedByTargetSchema,
  ThreeRatesTargetSchema,
  ValidPatentsTargetSchema,
]);
export type AnalysisTarget = z.infer<typeof AnalysisTargetSchema>;

/** `POST /api/product/search/analysisJump` (and the per-chart …AnalysisJump paths). */
export const AnalysisJumpRequestSchema = AnalysisResultSetSchema.extend({ target: AnalysisTargetSchema });
export type AnalysisJumpRequest = z.input<typeof AnalysisJumpRequestSchema>;

/**
 * The result page that shows exactly the element's patents: the set's own expression, the
 * element's condition ANDed through `secondExpre` when it has one (e.g. `CITEDN=[3 TO 5]`), its
 * filters appended, and the merge mode the element counts in.
 */
export const AnalysisJumpResponseSchema = z.object({
  searchExpre: z.string(),
  set: SetSourceSchema.optional(),
  secondExpre: z.string().optional(),
  filters: z.array(AnalysisFilterSchema),
  mergeType: z.number().int().min(0).max(2),
  source: SourceSelectionSchema.optional(),
  asOf: AsOfSchema.optional(),
  /** The element's count, which the result page's total equals. */
  total: z.number().int(),
});
export type AnalysisJumpResponse = z.infer<typeof AnalysisJumpResponseSchema>;

// ---- the per-chart calls (spec 2 §7 "Analysis (POST)"; docs/analysis.md lists what each maps to) ----

/** `/search/analy/single/field/rank`: a ranking of one field. */
export const SingleFieldRankRequestSchema = AnalysisResultSetSchema.extend(
  TermsAnalysisSchema.omit({ kind: true }).shape,
);
/** `/search/analy/expired/year`, `/search/china/invention/three/rate`, `/search/china/patent/efficient`. */
export const ResultSetAnalysisRequestSchema = AnalysisResultSetSchema;
/** `/search/analy/impact`. */
export const ImpactRequestSchema = AnalysisResultSetSchema.extend(ImpactAnalysisSchema.omit({ kind: true }).shape);
/** `/search/analy/map`: the China map counts by applicant province, the world map by publishing office. */
export const AnalysisMapRequestSchema = AnalysisResultSetSchema.extend({
  map: z.enum(['china', 'world']).default('china'),
});

/**
 * `/search/analy/applicantGroup` (申请人组, issue 46 item 1): the set counted per applicant group of
 * the caller (their own, and those shared with them and accepted). A patent counts for a group when
 * one of its applicants is one of the group's names or variants, exactly as `PA=@组名` selects it.
 */
export const ApplicantGroupAnalysisResponseSchema = z.object({
  /** Size of the result set (after merge). */
  total: z.number().int(),
  /** Every group the caller can use, most patents first (then by name); a group with none shows 0. */
  groups: z.array(z.object({ name: z.string(), count: z.number().int() })),
  tookMs: z.number(),
});
export type ApplicantGroupAnalysisResponse = z.infer<typeof ApplicantGroupAnalysisResponseSchema>;
/** `/search/analy/applicantGroup/analysisJump`: a group's bar, opened as the expression AND `PA=@组名`. */
export const ApplicantGroupJumpRequestSchema = AnalysisResultSetSchema.extend({
  group: z.string().trim().min(1).max(MAX_APPLICANT_GROUP_NAME_LENGTH),
});
export type ApplicantGroupJumpRequest = z.input<typeof ApplicantGroupJumpRequestSchema>;

/** `/search/single/field/rank/analysisJump`: a ranking bar or map region. */
export const SingleFieldRankJumpRequestSchema = AnalysisResultSetSchema.extend({ target: BucketTargetSchema });
/** `/search/multi/field/rank/analysisJump`: a matrix cell or split-trend point. */
export const MultiFieldRankJumpRequestSchema = AnalysisResultSetSchema.extend({ target: CellTargetSchema });
/** `/search/expired/year/analysisJump`: one expiry year. */
export const ExpiredYearJumpRequestSchema = AnalysisResultSetSchema.extend({
  target: BucketTargetSchema.extend({ dimension: z.literal('expiryYear'), key: z.string().regex(/^\d{4}$/) }),
});
/**
 * `/search/connection/analysisJump`: a link of a co-occurrence (connection) chart, two values of
 * one field on the same patent, e.g. two co-applicants or two co-inventors.
 */
export const ConnectionJumpRequestSchema = AnalysisResultSetSchema.extend({
  target: CellTargetSchema.refine((t) => t.objectDimension === t.dimension, {
    message: 'a connection links two values of the same dimension',
    path: ['objectDimension'],
  }),
});

// ---- text mining: word cloud, clustering, landscape (docs/analysis.md "Word cloud, clustering, landscape") ----

/** Documents read by default when a set is larger; the response then says `sampled`. */
export const TEXT_MINING_SAMPLE_DEFAULT = 5000;
/** Largest sample a caller may ask for (keeps the landscape and clusters within ~3 s). */
export const TEXT_MINING_SAMPLE_MAX = 10_000;

const TextMiningSampleShape = {
  sampleSize: z.coerce.number().int().min(100).max(TEXT_MINING_SAMPLE_MAX).default(TEXT_MINING_SAMPLE_DEFAULT),
  /** Seed of the sample and of the clustering: the same set and seed give the same chart. */
  seed: z.coerce.number().int().min(1).max(2_147_483_647).default(1),
};
const PageShape = {
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
};

/** What every text-mining answer says about the documents it read. */
const SampleInfoShape = {
  /** Size of the set (after filters and merge). */
  total: z.number().int(),
  /** True when only a uniform sample of `sampleSize` documents was analysed. */
  sampled: z.boolean(),
  sampleSize: z.number().int(),
  tookMs: z.number(),
};

/**
 * The user's merges and removals of word-cloud/cluster terms for one result set
 * (`/search/depth/analysis/merge/word`, docs/analysis.md "Merging words"): each merge counts its
 * words as one term under its name; removed words (or merge names) are left out of the charts.
 */
export const TermMergeSchema = z.object({
  name: z.string().trim().min(1).max(100),
  words: z.array(z.string().trim().min(1).max(100)).min(2).max(20),
});
export type TermMerge = z.infer<typeof TermMergeSchema>;
export const TermAdjustmentsSchema = z.object({
  merges: z.array(TermMergeSchema).max(100),
  removed: z.array(z.string().trim().min(1).max(100)).max(200),
});
export type TermAdjustments = z.infer<typeof TermAdjustmentsSchema>;

/** A term that sets a group of documents apart (cluster or peak label). */
export const LabelTermSchema = z.object({ word: z.string(), score: z.number(), count: z.number().int() });

/** `/search/analyWordCloud`. */
export const WordCloudRequestSchema = AnalysisResultSetSchema.extend({
  limit: z.coerce.number().int().min(10).max(200).default(100),
  ...TextMiningSampleShape,
});
export type WordCloudRequest = z.input<typeof WordCloudRequestSchema>;
export const WordCloudWordSchema = z.object({
  word: z.string(),
  /** TF-IDF weight against the whole index. */
  weight: z.number(),
  /** Patents of the set with the word in title or abstract (= the jump's result total). */
  count: z.number().int(),
  /** Patents of the whole index with it. */
  corpusCount: z.number().int(),
  /** The condition that finds it, e.g. TIAB=(锂电池); a merged term: TIAB=(锂电池 OR 锂离子电池). */
  expression: z.string(),
  /** A merged term: the words counted under its name. */
  members: z.array(z.string()).optional(),
});
export const WordCloudResponseSchema = z.object({
  ...SampleInfoShape,
  corpusSize: z.number().int(),
  words: z.array(WordCloudWordSchema),
  /** The user's stored merges and removals applied to this set (absent: none, or no account). */
  adjustments: TermAdjustmentsSchema.optional(),
});
export type WordCloudResponse = z.infer<typeof WordCloudResponseSchema>;

/** `/search/analyWordCloud/detail`: the patents of the set containing one word, paged. */
export const WordCloudDetailRequestSchema = AnalysisResultSetSchema.extend({
  word: z.string().trim().min(1).max(100),
  ...PageShape,
});
/** A page of patents (word cloud, cluster and landscape details). */
export const TextMiningPageResponseSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  items: z.array(SearchHitSchema),
});
export type TextMiningPageResponse = z.infer<typeof TextMiningPageResponseSchema>;
/** `/search/analyWordCloud/analysisJump` (answers AnalysisJumpResponseSchema). */
export const WordCloudJumpRequestSchema = AnalysisResultSetSchema.extend({ word: z.string().trim().min(1).max(100) });

/** `/search/analyClustering`. `k` absent: chosen from the set size (2–8). */
export const ClusteringRequestSchema = AnalysisResultSetSchema.extend({
  k: z.coerce.number().int().min(2).max(20).optional(),
  /** Members listed per cluster (the most typical first). */
  memberLimit: z.coerce.number().int().min(0).max(50).default(10),
  ...TextMiningSampleShape,
});
export type ClusteringRequest = z.input<typeof ClusteringRequestSchema>;
export const TextClusterSchema = z.object({
  id: z.number().int(),
  /** The top distinctive terms joined by " · ". */
  label: z.string(),
  terms: z.array(LabelTermSchema),
  /** Analysed documents in the cluster. */
  size: z.number().int(),
  /** size / analysed documents. */
  share: z.number(),
  members: z.array(z.object({ publicationNumber: z.string(), title: z.string().optional() })),
});
export const ClusteringResponseSchema = z.object({
  ...SampleInfoShape,
  k: z.number().int(),
  /** Analysed documents without usable text (in no cluster). */
  unassigned: z.number().int(),
  clusters: z.array(TextClusterSchema),
  /** The user's stored merges and removals applied to this set (absent: none, or no account). */
  adjustments: TermAdjustmentsSchema.optional(),
});
export type ClusteringResponse = z.infer<typeof ClusteringResponseSchema>;
/** `/search/analy/patentCluster`: one cluster's member patents, paged (most typical first). */
export const PatentClusterRequestSchema = ClusteringRequestSchema.extend({
  clusterId: z.coerce.number().int().min(0),
  ...PageShape,
});
export const PatentClusterResponseSchema = TextMiningPageResponseSchema.extend({
  cluster: TextClusterSchema.omit({ members: true }),
});
/** `/search/patent/clustering/analysisJump`. */
export const ClusterJumpRequestSchema = ClusteringRequestSchema.extend({ clusterId: z.coerce.number().int().min(0) });

/**
 * A jump to a list of patents (cluster, landscape region): the set AND PN=(…) of the listed
 * members. A list longer than the expression limit allows keeps its most typical members
 * (`truncated`, `elementCount` = the whole element).
 */
export const TextMiningJumpResponseSchema = AnalysisJumpResponseSchema.extend({
  elementCount: z.number().int(),
  truncated: z.boolean(),
});
export type TextMiningJumpResponse = z.infer<typeof TextMiningJumpResponseSchema>;

/** `/search/analyPatentLandscape`. */
export const LandscapeRequestSchema = AnalysisResultSetSchema.extend({
  gridSize: z.coerce.number().int().min(16).max(128).default(64),
  ...TextMiningSampleShape,
});
export type LandscapeRequest = z.input<typeof LandscapeRequestSchema>;
export const LandscapePeakSchema = z.object({
  x: z.number(),
  y: z.number(),
  density: z.number(),
  /** Documents within `peakRadius` of the peak. */
  count: z.number().int(),
  label: z.string(),
  terms: z.array(LabelTermSchema),
});
export const LandscapeResponseSchema = z.object({
  ...SampleInfoShape,
  /** Coordinates run from 0 to extent on both axes. */
  extent: z.number(),
  peakRadius: z.number(),
  /** Analysed documents without usable text (not on the map). */
  unplaced: z.number().int(),
  points: z.array(
    z.object({ publicationNumber: z.string(), title: z.string().optional(), x: z.number(), y: z.number() }),
  ),
  /** Smoothed point density: size × size cells over [0, extent]², row-major, row 0 at y = 0. */
  grid: z.object({ size: z.number().int(), extent: z.number(), values: z.array(z.number()) }),
  peaks: z.array(LandscapePeakSchema),
});
export type LandscapeResponse = z.infer<typeof LandscapeResponseSchema>;

/** A selection on the landscape: a circle (around a point or peak) or a rectangle (a brush). */
export const LandscapeRegionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('circle'), x: z.number(), y: z.number(), radius: z.number().positive().max(200) }),
  z.object({ kind: z.literal('rect'), xMin: z.number(), xMax: z.number(), yMin: z.number(), yMax: z.number() }),
]);
export type LandscapeRegion = z.infer<typeof LandscapeRegionSchema>;
/** `/search/getOtherTopInfo/PatentLandscape` and `/search/patent/landscape/analysisJump`. */
export const LandscapeRegionRequestSchema = LandscapeRequestSchema.extend({ region: LandscapeRegionSchema });
/** `/search/detail/patentLandscape`: the region's patents, nearest its centre first. */
export const LandscapeDetailRequestSchema = LandscapeRegionRequestSchema.extend(PageShape);
const CountedSchema = z.object({ key: z.string(), count: z.number().int() });
/** What a region of the map is about. */
export const LandscapeTopInfoResponseSchema = z.object({
  /** Mapped documents in the region. */
  count: z.number().int(),
  sampled: z.boolean(),
  terms: z.array(CountedSchema),
  applicants: z.array(CountedSchema),
  ipc: z.array(CountedSchema),
  years: z.array(CountedSchema),
});
export type LandscapeTopInfoResponse = z.infer<typeof LandscapeTopInfoResponseSchema>;

/**
 * An analysis with its `applicant` dimensions counted by standardised name (`applicantStandard`):
 * a company's old and current names and its spellings one value (AnalysisResultSet.mergeApplicants).
 */
export function withStandardApplicants(spec: AnalysisSpec): AnalysisSpec {
  const std = <D extends { dimension: AnalysisDimension }>(d: D): D =>
    d.dimension === 'applicant' ? { ...d, dimension: 'applicantStandard' } : d;
  switch (spec.kind) {
    case 'terms':
      return std(spec);
    case 'trend':
      return spec.split ? { ...spec, split: std(spec.split) } : spec;
    case 'matrix':
      return { ...spec, groups: std(spec.groups), objects: spec.objects.map(std) };
    default:
      return spec;
  }
}

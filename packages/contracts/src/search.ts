import { z } from 'zod';
import { AnalysisDimensionSchema, LEGAL_STATUS_CLASSES } from './analysis-dimensions.js';
import { MAX_EXPRESSION_LENGTH, MAX_FAMILY_EXPAND_SEEDS, MAX_PAGE } from './limits.js';
import { RelevanceBandSchema } from './relevance-bands.js';
import { SourceSelectionSchema } from './source-scope.js';

/** Facet fields of the filter panel (spec 1 §3; issue 3). */
export const FACET_FIELD_IDS = [
  'applicant',
  'year',
  'country',
  'patentType',
  'legalStatus',
  'ipcSubclass',
  'inventor',
  'agency',
] as const;
export const FacetFieldSchema = z.enum(FACET_FIELD_IDS);
export type FacetFieldId = z.infer<typeof FacetFieldSchema>;

export const SORT_FIELDS = ['relevance', 'AD', 'PD', 'GD', 'PRD', 'citedBy', 'familySize', 'value'] as const;
export const SortSchema = z.object({
  field: z.enum(SORT_FIELDS).default('relevance'),
  order: z.enum(['asc', 'desc']).default('desc'),
});
export type Sort = z.infer<typeof SortSchema>;

/** Spec 1 §3 "Merge types: 0 unmerged, 1 merge by application number, 2 or more simple-family merge". */
export const MergeTypeSchema = z.coerce
  .number()
  .int()
  .min(0)
  .transform((n) => (n >= 2 ? 2 : n) as 0 | 1 | 2);

/** Spec 1 §4 "Data-source scope of quick search": cn or uncn (the semantic search's scopes; a result page's data sources: SourceSelectionSchema). */
export const SourceScopeSchema = z.enum(['cn', 'uncn']);

/** Result page sizes offered by the UI (issue 3: 20/30/40; issue 43: 10, 50 and 100 too). */
export const RESULT_PAGE_SIZES = [10, 20, 30, 40, 50, 100] as const;
/** The result page's size when the URL names none. */
export const DEFAULT_RESULT_PAGE_SIZE = 20;
/** Largest result page the API and the engine accept (search, semantic search, text-mining pages; the number is ours). */
export const MAX_PAGE_SIZE = 100;

/**
 * What a result set can be filtered by: the filter panel's facets and every analysis dimension
 * (an analysis jump opens a chart element as "the set + a filter on its dimension", e.g. ipcGroup).
 */
export const FilterFieldSchema = z.union([FacetFieldSchema, AnalysisDimensionSchema]);
export type FilterFieldId = z.infer<typeof FilterFieldSchema>;

/** Most filter entries of one search: the analysis set's 40 plus the few an analysis jump appends. */
export const MAX_SEARCH_FILTERS = 50;

export const FacetFilterSchema = z.object({
  field: FilterFieldSchema,
  values: z.array(z.string().min(1).max(200)).min(1).max(200),
});
export type FacetFilterInput = z.infer<typeof FacetFilterSchema>;

/**
 * Where a result set comes from when it is not an expression alone: a ranked set of patents the
 * server resolves (a semantic search's top N today; a library or an alert run later, each one more
 * member of this union and one resolver in the search domain). The result page, its facets,
 * filters, search within, sort and analysis then apply within that set; its default order (sort
 * `relevance`) is the set's own rank. `searchExpre` may then be empty: the whole set.
 */
export const SET_SOURCE_KINDS = [
  'semantic',
  'library',
  'alertRun',
  'duplicate',
  'citation',
  'preEvaluation',
  'importRun',
] as const;
export const SetSourceSchema = z.discriminatedUnion('kind', [
  /** A stored semantic search (`POST /search/semantics` answers its key): its ranked top N. */
  z.object({ kind: z.literal('semantic'), key: z.string().min(8).max(64) }),
  /**
   * A library folder (key: its id) in list order, optionally only its patents carrying an indexing
   * label (`labelId`); the caller must be allowed to open the library.
   */
  z.object({
    kind: z.literal('library'),
    key: z.string().min(1).max(64),
    labelId: z.string().min(1).max(64).optional(),
  }),
  /** An alert run (key: its id) in report order: new patents first, then changed; the caller must own the alert. */
  z.object({ kind: z.literal('alertRun'), key: z.string().min(1).max(64) }),
  /** A finished duplicate check of the caller (key: its id): its similar patents, most similar first. */
  z.object({ kind: z.literal('duplicate'), key: z.string().min(8).max(64) }),
  /**
   * A citation search (`POST /search/quote` answers its key, `citing-…` or `cited-…`): the patents
   * citing, or cited by, its seeds, the most linked first.
   */
  z.object({ kind: z.literal('citation'), key: z.string().min(8).max(64) }),
  /** A finished pre-evaluation or novelty search of the caller (key: its id): its prior art in retrieval order. */
  z.object({ kind: z.literal('preEvaluation'), key: z.string().min(8).max(64) }),
  /**
   * Issue 43: a finished patent import (key: the run's id): the records it added or changed, by
   * publication number (at most MAX_IMPORT_RUN_SET); any signed-in user (the records are the corpus's).
   */
  z.object({ kind: z.literal('importRun'), key: z.string().min(8).max(64) }),
]);
export type SetSource = z.infer<typeof SetSourceSchema>;

/** What the result page shows of a set source: what it is and how many patents it ranks. */
export const SetSummarySchema = z.object({
  kind: z.enum(SET_SOURCE_KINDS),
  /** The set in words (for a semantic search: the start of its text). */
  label: z.string(),
  /** Patents in the set before filters and search within. */
  size: z.number().int(),
  /** Most patents a set of this kind ranks (a semantic search: its top MAX_SEMANTIC_RESULTS). */
  limit: z.number().int(),
});
export type SetSummary = z.infer<typeof SetSummarySchema>;

/** A data version (issue 19: one per import) a search runs as of: 0 is before the first import. */
export const AsOfSchema = z.number().int().min(0).max(2_000_000_000);

/** `POST /api/platform/data/search/query` and `/api/product/search/searchNew`. */
export const SearchQueryRequestSchema = z.object({
  /** The expression; may be empty with `set` (the whole set). */
  searchExpre: z.string().max(MAX_EXPRESSION_LENGTH + 1000),
  set: SetSourceSchema.optional(),
  /** Search within results: ANDed with searchExpre. */
  secondExpre: z.string().max(MAX_EXPRESSION_LENGTH).optional(),
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
  sort: SortSchema.optional(),
  mergeType: MergeTypeSchema.default(0),
  filters: z.array(FacetFilterSchema).max(MAX_SEARCH_FILTERS).default([]),
  source: SourceSelectionSchema.optional(),
  /** Facets for the filter panel; default all. Pass [] for none. */
  facets: z.array(FacetFieldSchema).optional(),
  /**
   * The applicant facet counts standardised names (issue 43; docs/companies.md): the written names
   * of one standardised name are one value, listed as its variants, and a value filters
   * `applicantStandard`. False: names as written. Default true.
   */
  mergeApplicants: z.boolean().default(true),
  highlight: z.boolean().default(true),
  /**
   * Cross-language search (issue 43): each word searched as text is also searched in its
   * translation (Chinese ↔ English) by the configured translation service. Refused with
   * TRANSLATION_NOT_CONFIGURED when no service is set.
   */
  crossLanguage: z.boolean().optional(),
  /**
   * Only the patents the caller has not opened (reading marks, spec 2 §3/§9; docs/reading-marks.md):
   * the set without the caller's marked patents, so total and pages count the unread. Ignored
   * without a user (IP visitors keep no marks).
   */
  unreadOnly: z.boolean().optional(),
  /**
   * Issue 48 item 5: the search on the corpus as it stood at this data version (docs/search-as-of.md):
   * records a later import added are left out; `0` is the corpus before its first import (finds
   * nothing). Refused with DATA_VERSION_NOT_FOUND above the newest version.
   */
  asOf: AsOfSchema.optional(),
});
export type SearchQueryRequest = z.input<typeof SearchQueryRequestSchema>;

/**
 * A result page's search as a whole set (expression, search within, set source, filters, merge,
 * scope, sort), without paging or view: what collect and export take to reproduce its rows in order.
 */
export const ResultSetQuerySchema = SearchQueryRequestSchema.pick({
  searchExpre: true,
  secondExpre: true,
  set: true,
  filters: true,
  mergeType: true,
  source: true,
  sort: true,
  crossLanguage: true,
  asOf: true,
});
export type ResultSetQuery = z.input<typeof ResultSetQuerySchema>;

export const SearchHitSchema = z.object({
  publicationNumber: z.string(),
  applicationNumber: z.string().optional(),
  title: z.string().optional(),
  /** For a record with no title: the abstract's first sentence (titleFromAbstract), shown marked "from abstract". */
  abstractTitle: z.string().optional(),
  abstract: z.string().optional(),
  applicants: z.array(z.string()),
  inventors: z.array(z.string()),
  applicationDate: z.string().optional(),
  publicationDate: z.string().optional(),
  ipcMain: z.string().optional(),
  /** The legal status as the source wrote it (有效, 实质审查, Expired - Fee Related…). */
  legalStatus: z.string().optional(),
  /** That text's class, as analysis buckets it: valid, pending, rejected, withdrawn, lapsed. */
  legalStatusClass: z.enum(LEGAL_STATUS_CLASSES).optional(),
  /** The applicants' provinces in full (浙江省), in applicant order, each once. */
  applicantProvinces: z.array(z.string()).optional(),
  patentType: z.string().optional(),
  country: z.string(),
  firstDrawing: z.string().optional(),
  /** The patent value score, 0–100 (docs/patent-value.md), when the record has one. */
  valueScore: z.number().optional(),
  score: z.number(),
  /** With a set source: the patent's 1-based rank in the set and the score that ranks it (0–1, best first). */
  setRank: z.number().int().optional(),
  setScore: z.number().optional(),
  /**
   * With a semantic set under a calibrated model: the calibrated band of the patent's similarity
   * (relevance-bands.ts), what the result page shows beside the rank instead of the raw score.
   */
  setBand: RelevanceBandSchema.optional(),
  /** The similarity (0–1) the band was taken from, for the tooltip. */
  setSimilarity: z.number().optional(),
  highlights: z.object({ title: z.string().optional(), abstract: z.string().optional() }).optional(),
});
export type SearchHitDto = z.infer<typeof SearchHitSchema>;

export const FacetBucketSchema = z.object({
  value: z.string(),
  count: z.number().int(),
  /** Of a merged applicant: the names as written it merges, each with its count, largest first. */
  variants: z.array(z.object({ value: z.string(), count: z.number().int() })).optional(),
});
export type FacetBucket = z.infer<typeof FacetBucketSchema>;
export const FacetsSchema = z.partialRecord(FacetFieldSchema, z.array(FacetBucketSchema));

/**
 * A date or number condition that left out records lacking its field (issue 14): `count` records
 * match the rest of the search but have no value in `field`. `searchExpre` / `secondExpre` are
 * the search without that condition.
 */
export const MissingFieldNoteSchema = z.object({
  field: z.string(),
  /** The condition as printed, e.g. PD>=2020. */
  condition: z.string(),
  count: z.number().int(),
  searchExpre: z.string(),
  secondExpre: z.string().optional(),
});
export type MissingFieldNote = z.infer<typeof MissingFieldNoteSchema>;

/** Words of the expression searched as text that read as patent numbers, and the expression searching them as numbers. */
export const NumberTermsNoteSchema = z.object({
  terms: z.array(z.string()),
  searchExpre: z.string(),
});
export type NumberTermsNote = z.infer<typeof NumberTermsNoteSchema>;

/**
 * Issue 43: the whole input was patent numbers or IPC/CPC symbols, so the search ran them as such
 * (`searchExpre`) instead of as words; `notHeld`: the numbers the corpus does not hold.
 */
export const CodeSearchNoteSchema = z.object({
  numbers: z.array(z.string()),
  classes: z.array(z.string()),
  searchExpre: z.string(),
  notHeld: z.array(z.string()),
});
export type CodeSearchNote = z.infer<typeof CodeSearchNoteSchema>;

/**
 * Issue 43: Chinese runs written without spaces (and without quotes) match as exact phrases;
 * `searchExpre` is the search with each run split into its words (虚拟现实 头戴 显示 设备).
 */
export const PhraseTermsNoteSchema = z.object({
  terms: z.array(z.string()),
  /** Each run's words, in the order of `terms`. */
  words: z.array(z.array(z.string())),
  searchExpre: z.string(),
});
export type PhraseTermsNote = z.infer<typeof PhraseTermsNoteSchema>;

/** Most words of one search translated for cross-language search (the rest are searched as written). */
export const MAX_CROSS_LANGUAGE_TERMS = 20;

/**
 * Issue 43: what a cross-language search added: each word with its translation (searched with OR
 * in the same field); `untranslated`: words whose translation failed or did not come within the
 * time limit (searched as written), `timedOut` when the limit was reached.
 */
export const CrossLanguageNoteSchema = z.object({
  terms: z.array(z.object({ term: z.string(), translation: z.string(), language: z.enum(['zh', 'en']) })),
  untranslated: z.array(z.string()),
  timedOut: z.boolean(),
});
export type CrossLanguageNote = z.infer<typeof CrossLanguageNoteSchema>;

/**
 * Issue 43: what the records of the whole set hold, so views with nothing to show can say so.
 * `unknown`: records indexed before these counts existed (then nothing is said to be missing).
 */
export const SetContentSchema = z.object({
  withDrawings: z.number().int(),
  withFullText: z.number().int(),
  unknown: z.number().int(),
});
export type SetContent = z.infer<typeof SetContentSchema>;

export const SearchQueryResponseSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  items: z.array(SearchHitSchema),
  facets: FacetsSchema,
  /** True when the applicant facet holds standardised names (its values filter `applicantStandard`). */
  applicantsMerged: z.boolean().optional(),
  /** The expression as the engine understood it, in canonical form. */
  expression: z.string(),
  /** With a set source: what the set is. */
  set: SetSummarySchema.optional(),
  /**
   * Issue 48 item 5: the data version the search ran against (its `asOf`, or the newest version when
   * it had none), which history rows record so the search can be run again as of it.
   */
  dataVersion: z.number().int().optional(),
  /**
   * With `asOf`: how many of the hits a later import changed without its earlier content being
   * kept (changed before revisions were kept, or past the limit below): those are matched on their
   * current text, the part of the search not reproduced exactly.
   */
  changedSinceAsOf: z.number().int().optional(),
  /**
   * With `asOf`, when later imports changed records: how many of them were matched on their content
   * as of the version (`patent_revisions`), so found or left out as then (docs/search-as-of.md).
   */
  revisedSinceAsOf: z.number().int().optional(),
  /**
   * With `asOf`: later imports changed more records than a search matches as they were (more than
   * `max`); every one of them is matched on its current content.
   */
  changedTooManyAsOf: z.object({ max: z.number().int() }).optional(),
  tookMs: z.number(),
  /** Date and number conditions that dropped records without the field (only those that dropped some). */
  missingFields: z.array(MissingFieldNoteSchema).optional(),
  /** Set when words searched as text look like patent numbers. */
  numberTerms: NumberTermsNoteSchema.optional(),
  /** Set when the whole expression box was numbers or class symbols, searched as such. */
  codeSearch: CodeSearchNoteSchema.optional(),
  /** Set when Chinese runs without spaces were searched as phrases. */
  phraseTerms: PhraseTermsNoteSchema.optional(),
  /** With `crossLanguage`: the translations added to the search. */
  crossLanguage: CrossLanguageNoteSchema.optional(),

  /** How many records of the set (unmerged) have drawings and full text. */
  content: SetContentSchema.optional(),
});
export type SearchQueryResponse = z.infer<typeof SearchQueryResponseSchema>;

export const TotalHitsRequestSchema = z.object({
  searchExpre: z.string().max(MAX_EXPRESSION_LENGTH + 1000),
  source: SourceSelectionSchema.optional(),
  mergeType: MergeTypeSchema.default(0),
});
export const TotalHitsResponseSchema = z.object({ total: z.number().int() });

/** A result page's whole state, stored under a key so any result page is a deep link. */
export const SearchStateSchema = z.object({
  searchExpre: z.string().max(MAX_EXPRESSION_LENGTH),
  set: SetSourceSchema.optional(),
  secondExpre: z.string().max(MAX_EXPRESSION_LENGTH).optional(),
  page: z.number().int().min(1).max(MAX_PAGE).optional(),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
  sort: SortSchema.optional(),
  mergeType: z.number().int().min(0).max(2).optional(),
  filters: z.array(FacetFilterSchema).max(MAX_SEARCH_FILTERS).optional(),
  source: SourceSelectionSchema.optional(),
  crossLanguage: z.boolean().optional(),
  /** The data version the page searches as of (issue 48 item 5); absent: the corpus as it is. */
  asOf: AsOfSchema.optional(),
  viewMode: z.enum(['liebiaoshitu', 'tuwenshitu', 'quanfutushitu', 'shoutushitu']).optional(),
});
export type SearchState = z.infer<typeof SearchStateSchema>;

/** Spec 1 §3 "View modes". */
export const VIEW_MODES = ['liebiaoshitu', 'tuwenshitu', 'quanfutushitu', 'shoutushitu'] as const;

export const CacheUrlParamRequestSchema = z.union([
  z.object({ key: z.string().min(8).max(64) }),
  z.object({ state: SearchStateSchema }),
]);

/**
 * POST /family/expand (spec 2 §4, §7, §8): the selected patents' simple families. The schema
 * takes more than MAX_FAMILY_EXPAND_SEEDS so that the server answers the spec's message
 * (FAMILY_EXPAND_TOO_MANY) rather than a validation error.
 */
export const FamilyExpandRequestSchema = z
  .object({
    /** The selected patents. */
    publicationNumbers: z
      .array(z.string().min(3).max(64))
      .min(1)
      .max(MAX_FAMILY_EXPAND_SEEDS * 10)
      .optional(),
    /** Or the whole result set (the page's "select all N"), at most MAX_FAMILY_EXPAND_SEEDS patents. */
    resultSet: ResultSetQuerySchema.optional(),
  })
  .refine((body) => (body.publicationNumbers === undefined) !== (body.resultSet === undefined), {
    message: 'publicationNumbers or resultSet (exactly one)',
  });
export type FamilyExpandRequest = z.input<typeof FamilyExpandRequestSchema>;
export type FamilyExpandBody = z.infer<typeof FamilyExpandRequestSchema>;
export const FamilyExpandResponseSchema = z.object({
  /** The held members of the seeds' simple families, the seeds included. */
  publicationNumbers: z.array(z.string()),
  /** `PN=(… OR …)` over them: the expanded set as a result page's expression (a deep link). */
  expression: z.string(),
  /** The account's expansions: its limit (null = unlimited) and how many it has used, this one included. */
  quota: z.object({ limit: z.number().int().nullable(), used: z.number().int() }),
});
export type FamilyExpandResponse = z.infer<typeof FamilyExpandResponseSchema>;

export const ExtractWordRequestSchema = z.object({
  text: z.string().min(1).max(MAX_EXPRESSION_LENGTH),
  topK: z.coerce.number().int().min(1).max(100).default(20),
});
export const ExtractWordResponseSchema = z.object({
  words: z.array(z.object({ word: z.string(), weight: z.number() })),
});

/**
 * `POST /api/product/search/neighbours`: the records before and after one rank of a result list
 * (the detail page's previous / next when it was opened from a result page). The list is the
 * result page's search (expression, search within, filters, sort, merge, scope); ranks are 1-based
 * over the whole list, so they cross result-page boundaries. `pageSize` is the result page's.
 */
export const SearchNeighboursRequestSchema = SearchQueryRequestSchema.omit({
  page: true,
  facets: true,
  highlight: true,
}).extend({
  rank: z
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE * MAX_PAGE_SIZE),
});
export type SearchNeighboursRequest = z.input<typeof SearchNeighboursRequestSchema>;

const NeighbourSchema = z.object({ rank: z.number().int(), publicationNumber: z.string() });
export const SearchNeighboursResponseSchema = z.object({
  total: z.number().int(),
  /** The record at `rank` now (the list may have changed since the result page was shown). */
  current: NeighbourSchema.optional(),
  previous: NeighbourSchema.optional(),
  next: NeighbourSchema.optional(),
});
export type SearchNeighboursResponse = z.infer<typeof SearchNeighboursResponseSchema>;

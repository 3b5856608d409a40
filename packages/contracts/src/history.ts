import { z } from 'zod';
import { HISTORY_RETENTION_DAYS, MAX_EXPRESSION_LENGTH } from './limits.js';
import { isInAppPath } from './in-app-path.js';
import { SearchStateSchema } from './search.js';
import { KeywordSchema } from './keyword.js';

/**
 * Search history, operation history and event tracking (spec 1 §3 "Search-history entry",
 * §4 "Search history recording", §7 history calls; spec 2 §9 180-day retention). Shared by
 * apps/server/src/domains/history and apps/web/src/features/history. Paths are under /api/product.
 */

// ---------------------------------------------------------------------------------------------
// Recording

/**
 * Spec 1 §4: "Entries are recorded on the actions: jumpPage, second, filterSingle, filterMultiple,
 * collect, pfe, clearFilter, delFilter, refreshPage, clearSecondExp, view, analysis, merge, detail,
 * detailTab." Ours adds `search` (a new expression run from a search page or the result page's
 * editor), without which no history would ever start.
 */
export const HISTORY_ACTIONS = [
  'search',
  'jumpPage',
  'second',
  'filterSingle',
  'filterMultiple',
  'collect',
  'pfe',
  'clearFilter',
  'delFilter',
  'refreshPage',
  'clearSecondExp',
  'view',
  'analysis',
  'merge',
  'detail',
  'detailTab',
] as const;
export const HistoryActionSchema = z.enum(HISTORY_ACTIONS);
export type HistoryAction = z.infer<typeof HistoryActionSchema>;

/** Spec 1 §3 view modes, as stored in an entry. */
const ViewModeSchema = z.enum(['liebiaoshitu', 'tuwenshitu', 'quanfutushitu', 'shoutushitu']);

const CollectSchema = z.object({
  creatorId: z.string().max(64).optional(),
  favName: z.string().max(200).optional(),
  favoritesId: z.string().max(64).optional(),
  path: z.string().max(500).optional(),
  pathName: z.string().max(500).optional(),
});

const text = (max: number) => z.string().max(max);

/**
 * Spec 1 §3 "Search-history entry", every field optional except what identifies the search.
 * `state` is ours: the result page's whole state (expression, second expression, filters, merge,
 * view, sort, page, source), which is what opening the entry restores. `router` is the in-app URL
 * (path and query) the entry reopens; `detail`/`detailTab` name a patent detail page and its tab.
 */
export const SearchHistoryEntrySchema = z.object({
  exp: text(MAX_EXPRESSION_LENGTH).optional(),
  isOrder: z.boolean().optional(),
  operationName: HistoryActionSchema,
  operationValue: text(2000).optional(),
  realExpression: text(MAX_EXPRESSION_LENGTH + 2000).optional(),
  searchExpression: text(MAX_EXPRESSION_LENGTH),
  /** Spec 1 §3 "resultTotal (string)". */
  resultTotal: z.string().regex(/^\d+$/),
  patType: text(200).optional(),
  pageType: text(100).optional(),
  sources: text(200).optional(),
  translation: z.boolean().optional(),
  mergeRules: z.number().int().min(0).max(2).optional(),
  mergeObj: z.record(z.string(), z.unknown()).optional(),
  analysisType: text(100).optional(),
  analysisChart: text(100).optional(),
  viewMode: ViewModeSchema.optional(),
  mergeExtend: z.boolean().optional(),
  /** Publication number of the patent whose detail page was opened. */
  detail: text(64).optional(),
  detailTab: text(64).optional(),
  collect: CollectSchema.optional(),
  /** Only an in-app path (issue 41: `//evil.example`, `/\evil.example/login`, `https://…` are refused). */
  router: text(MAX_EXPRESSION_LENGTH * 4)
    .refine(isInAppPath, 'an in-app path')
    .optional(),
  filterArrs: z
    .array(z.object({ field: z.string().max(64), values: z.array(z.string().max(200)).max(200) }))
    .max(20)
    .optional(),
  isFilter: z.boolean().optional(),
  delFilterObj: z.record(z.string(), z.unknown()).optional(),
  // Semantic entries (spec 1 §3 "Semantic entries also carry …").
  searchContext: text(MAX_EXPRESSION_LENGTH).optional(),
  ss_dataSources: text(200).optional(),
  ss_patentType: text(200).optional(),
  ss_dateType: text(200).optional(),
  ss_weights: z
    .string()
    .regex(/^\d+(,\d+){3}$/)
    .optional(),
  state: SearchStateSchema.optional(),
  /** Issue 48 item 5: the data version the search ran against (reopened with `asOf` of it). */
  dataVersion: z.number().int().min(0).optional(),
});
export type SearchHistoryEntry = z.infer<typeof SearchHistoryEntrySchema>;

/**
 * Issue 42: the result page's action sent with its search (searchNew), which records it as an entry
 * with the total it finds, in the same request. The entry's search (expression, search within,
 * filters, merge, view, sort, page, source) is the request's own; `router` is the page's URL, which
 * only the web app writes. The web app sends it only for an action it would record (spec 1 §4).
 */
export const ResultPageActionSchema = z.object({
  action: HistoryActionSchema,
  value: SearchHistoryEntrySchema.shape.operationValue.unwrap(),
  router: SearchHistoryEntrySchema.shape.router.unwrap(),
  /** delFilter: what was removed. */
  removedFilter: z.object({ field: z.string().max(64), values: z.array(z.string().max(200)).max(200) }).optional(),
});
export type ResultPageAction = z.infer<typeof ResultPageActionSchema>;

/** POST /history — spec 1 §7 "body content is the history entry as a JSON string". */
export const SaveHistoryRequestSchema = z.object({
  content: z
    .string()
    .min(2)
    .max(MAX_EXPRESSION_LENGTH * 6),
});
/** The row written; `folded` when the action went into the row of its search rather than a new one. */
export const SaveHistoryResponseSchema = z.object({ id: z.string(), folded: z.boolean().optional() });

/** DELETE /history — ids, or all=true for every entry of the user. */
export const DeleteHistoryRequestSchema = z.union([
  z.object({ ids: z.array(z.string().min(1).max(64)).min(1).max(1000) }),
  z.object({ all: z.literal(true) }),
]);
export const DeleteResultSchema = z.object({ deleted: z.number().int() });

/** Dates are YYYY-MM-DD in the user's view; both ends inclusive. */
const DateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

/** POST /history/list — paged, newest first, searchable by expression text, by date. */
export const ListHistoryRequestSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  keyword: KeywordSchema.optional(),
  startDate: DateSchema.optional(),
  endDate: DateSchema.optional(),
});
export type ListHistoryRequest = z.input<typeof ListHistoryRequestSchema>;

/** One stored entry; `no` is the entry's sequence number for the user (shown as #n and used to combine). */
export const SearchHistoryItemSchema = z.object({
  id: z.string(),
  no: z.number().int(),
  createdAt: z.string(),
  entry: SearchHistoryEntrySchema,
});
export type SearchHistoryItem = z.infer<typeof SearchHistoryItemSchema>;

export const PagedSchema = <T extends z.ZodType>(item: T) =>
  z.object({ total: z.number().int(), page: z.number().int(), pageSize: z.number().int(), items: z.array(item) });

export const SearchHistoryPageSchema = PagedSchema(SearchHistoryItemSchema);

/** POST /history/exportAll — the user's entries (all, or those chosen / matching) as .xlsx. */
export const ExportHistoryRequestSchema = z.object({
  ids: z.array(z.string().min(1).max(64)).max(10000).optional(),
  keyword: KeywordSchema.optional(),
  startDate: DateSchema.optional(),
  endDate: DateSchema.optional(),
});

/**
 * POST /history/import (multipart, one .xlsx as written by exportAll). Malformed rows are
 * reported with their line number and the rest imported.
 */
export const ImportReportSchema = z.object({
  imported: z.number().int(),
  errors: z.array(z.object({ line: z.number().int(), message: z.string() })),
  /** Problems beyond MAX_IMPORT_REPORTED_ERRORS, counted but not listed (the last entry of `errors` says so). */
  errorsOmitted: z.number().int().optional(),
});
export type ImportReport = z.infer<typeof ImportReportSchema>;

/**
 * POST /history/references — what `#n` (history references in expressions) stand for, for the
 * expression editor's live preview: each number's search as an expression and its recorded hits;
 * `found: false` when the user has no such entry; `problem` when it cannot be used in an expression.
 */
export const HistoryReferencesRequestSchema = z.object({
  nos: z.array(z.number().int().min(1)).min(1).max(50),
});
export const HistoryReferenceItemSchema = z.object({
  no: z.number().int(),
  found: z.boolean(),
  expression: z.string().optional(),
  total: z.string().optional(),
  problem: z.string().optional(),
});
export type HistoryReferenceItem = z.infer<typeof HistoryReferenceItemSchema>;
export const HistoryReferencesResponseSchema = z.object({ items: z.array(HistoryReferenceItemSchema) });

export const COMBINE_OPERATORS = ['AND', 'OR', 'NOT'] as const;
export const CombineOperatorSchema = z.enum(COMBINE_OPERATORS);

/**
 * POST /history/historyRetrievalCombined — chosen entries joined left to right: the first item's
 * operator is ignored. Each entry contributes its whole search (expression, search within
 * results, filters as their field conditions).
 */
export const CombineHistoryRequestSchema = z.object({
  items: z
    .array(z.object({ id: z.string().min(1).max(64), operator: CombineOperatorSchema.default('AND') }))
    .min(2)
    .max(20),
});
export const CombineHistoryResponseSchema = z.object({ expression: z.string(), total: z.number().int() });

// ---------------------------------------------------------------------------------------------
// Operation history and event tracking

/** Spec 1 §3 event tracking "recordType (1 search, 2 analysis, 3 export, 4 favourite)". */
export const RECORD_TYPES = { search: 1, analysis: 2, export: 3, favourite: 4 } as const;
export const RecordTypeSchema = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);
export type RecordType = z.infer<typeof RecordTypeSchema>;

/**
 * POST /operatehistory — one operation. `data` is what reopening needs (for a search: the result
 * page state; for an analysis: its route; …) and is returned as stored by getData/{id}.
 */
export const SaveOperateHistoryRequestSchema = z.object({
  recordType: RecordTypeSchema,
  /** What the user sees in the list: the expression, the analysis name, the file name… */
  title: z.string().min(1).max(MAX_EXPRESSION_LENGTH),
  /** In-app URL that reopens the operation: only an in-app path (issue 41, isInAppPath). */
  router: z
    .string()
    .max(MAX_EXPRESSION_LENGTH * 4)
    .refine(isInAppPath, 'an in-app path')
    .optional(),
  resultTotal: z.string().regex(/^\d+$/).optional(),
  data: z.record(z.string(), z.unknown()).default({}),
});
export const OperateHistoryItemSchema = z.object({
  id: z.string(),
  recordType: RecordTypeSchema,
  title: z.string(),
  router: z.string().optional(),
  resultTotal: z.string().optional(),
  createdAt: z.string(),
});
export type OperateHistoryItem = z.infer<typeof OperateHistoryItemSchema>;
export const OperateHistoryPageSchema = PagedSchema(OperateHistoryItemSchema);

/** POST /operatehistory/list */
export const ListOperateHistoryRequestSchema = ListHistoryRequestSchema.extend({
  recordType: RecordTypeSchema.optional(),
});
/** DELETE /operatehistory */
export const DeleteOperateHistoryRequestSchema = DeleteHistoryRequestSchema;
/** POST /operatehistory/export — .xlsx */
export const ExportOperateHistoryRequestSchema = ExportHistoryRequestSchema.extend({
  recordType: RecordTypeSchema.optional(),
});
/** GET /operatehistory/getData/{id} */
export const OperateHistoryDataSchema = OperateHistoryItemSchema.extend({
  data: z.record(z.string(), z.unknown()),
});
/** The import path is not shown in the spec; ours is POST /operatehistory/import (same .xlsx back). */

/** POST /eventTracking/record — spec 1 §3 "Event tracking record". */
export const EventTrackingRecordSchema = z.object({
  eventName: z.string().min(1).max(200),
  eventId: z.string().max(200).optional(),
  eventType: z.string().max(100).optional(),
  count: z.coerce.number().int().min(1).max(100000).default(1),
  recordType: RecordTypeSchema.optional(),
  productAlias: z.string().max(100).optional(),
});
/** GET /eventTracking/summary — the caller's counts, per record type and per event name. */
export const EventTrackingSummarySchema = z.object({
  byRecordType: z.array(z.object({ recordType: z.number().int(), count: z.number().int() })),
  byEvent: z.array(z.object({ eventName: z.string(), count: z.number().int() })),
});

/** Spec 2 §9 "Histories (operation, report, search) are kept 180 days". */
export const HISTORY_RETENTION_MS = HISTORY_RETENTION_DAYS * 24 * 60 * 60 * 1000;

// ---------------------------------------------------------------------------------------------
// Operators: the job queue and tracking summaries (/api/product/sys/*, permission '/sys')

/** A durable job's life: queued → running → done, or back to queued for a retry, or failed. */
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export const JobStatusSchema = z.enum(JOB_STATUSES);
export type JobStatus = z.infer<typeof JobStatusSchema>;

/** GET /sys/jobs — the most recent jobs first (e.g. to see that history retention ran). */
export const ListSysJobsQuerySchema = z.object({
  kind: z.string().max(100).optional(),
  status: JobStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export const SysJobSchema = z.object({
  id: z.string(),
  kind: z.string(),
  status: JobStatusSchema,
  runAt: z.string(),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  lastError: z.string().nullable(),
  /** What the handler reported, e.g. the rows retention deleted. */
  result: z.unknown(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type SysJob = z.infer<typeof SysJobSchema>;

/** GET /sys/eventTracking/summary — one account's counts, or everyone's without userId. */
export const SysEventTrackingSummaryQuerySchema = z.object({ userId: z.string().min(1).max(100).optional() });

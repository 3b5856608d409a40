import { z } from 'zod';
import { TASK_STATES, TaskStateSchema } from './task.js';
import { MAX_EXPORT_ROWS } from './limits.js';
import { ResultSetQuerySchema } from './search.js';

/**
 * Export and the download centre (spec 2 §1, §4 "Downloads", §5 export templates, §7 /export/*
 * and /download/*, §8, §9; issue 18). Shared by apps/server/src/domains/export and
 * apps/web/src/features/download (+ the export dialog). Paths are under /api/product.
 *
 * An export names what (a result set and which of its rows, a library folder — a result set with
 * `set: {kind: 'library'}` —, or chosen patents), which fields in which order, and a format. A
 * small table export (at most EXPORT_DIRECT_MAX_ROWS rows) can be answered at once; anything
 * larger, and every docx or pdf, runs as a durable download task followed on /download.
 */

// ---------------------------------------------------------------------------------------------
// Limits (spec 2 §9)

// MAX_EXPORT_ROWS (limits.ts): spec 2 §9 "download export limit 300,000", the rows of one export.
/** Table exports up to this many rows may be answered at once (POST /export/excel); larger ones are tasks. */
export const EXPORT_DIRECT_MAX_ROWS = 1_000;
/** Word and PDF write a section per patent: fewer rows than a table. */
export const MAX_DOCUMENT_EXPORT_ROWS = 1_000;
/** Spec 2 §9 "at most 100 templates". */
export const MAX_EXPORT_TEMPLATES = 100;
/** Spec 2 §5/§9 "template name up to 8 characters". */
export const MAX_EXPORT_TEMPLATE_NAME_LENGTH = 8;
/** Excel refuses longer cell texts; longer ones are cut and end with EXPORT_TRUNCATION_MARK. */
export const XLSX_MAX_CELL_LENGTH = 32_767;
export const EXPORT_TRUNCATION_MARK = '…[截断]';
/** A file name (without extension) chosen in the dialog. */
export const MAX_EXPORT_FILENAME_LENGTH = 100;
/** Days a finished file stays downloadable (EXPORT_FILE_DAYS overrides). */
export const DEFAULT_EXPORT_FILE_DAYS = 7;

// ---------------------------------------------------------------------------------------------
// Fields

/** Groups as the detail page groups a patent's data. */
export const EXPORT_FIELD_GROUPS = [
  'basic',
  'people',
  'dates',
  'classification',
  'text',
  'legal',
  'citation',
  'family',
] as const;
export type ExportFieldGroup = (typeof EXPORT_FIELD_GROUPS)[number];

/**
 * Every exportable field of the patent record, in its default order within its group. Ids are
 * stable (templates and the last export's fields store them). `large`: a long text (abstract,
 * claims, description), written as paragraphs under the field table of a Word or PDF export.
 */
export const EXPORT_FIELDS = [
  { id: 'publicationNumber', group: 'basic' },
  { id: 'applicationNumber', group: 'basic' },
  { id: 'title', group: 'basic' },
  { id: 'country', group: 'basic' },
  { id: 'kind', group: 'basic' },
  { id: 'patentType', group: 'basic' },
  { id: 'priorityNumbers', group: 'basic' },
  { id: 'applicants', group: 'people' },
  { id: 'applicantAddress', group: 'people' },
  { id: 'currentAssignees', group: 'people' },
  { id: 'inventors', group: 'people' },
  { id: 'agency', group: 'people' },
  { id: 'agents', group: 'people' },
  { id: 'examiners', group: 'people' },
  { id: 'province', group: 'people' },
  { id: 'city', group: 'people' },
  { id: 'applicationDate', group: 'dates' },
  { id: 'publicationDate', group: 'dates' },
  { id: 'grantDate', group: 'dates' },
  { id: 'priorityDate', group: 'dates' },
  { id: 'expiryDate', group: 'dates' },
  { id: 'ipcMain', group: 'classification' },
  { id: 'ipc', group: 'classification' },
  { id: 'cpc', group: 'classification' },
  { id: 'locarno', group: 'classification' },
  { id: 'keywords', group: 'text' },
  { id: 'abstract', group: 'text', large: true },
  { id: 'firstClaim', group: 'text', large: true },
  { id: 'claims', group: 'text', large: true },
  { id: 'description', group: 'text', large: true },
  { id: 'claimCount', group: 'text' },
  { id: 'legalStatus', group: 'legal' },
  { id: 'legalEvents', group: 'legal' },
  { id: 'citations', group: 'citation' },
  { id: 'citationCount', group: 'citation' },
  { id: 'citedBy', group: 'citation' },
  { id: 'citedByCount', group: 'citation' },
  { id: 'familyId', group: 'family' },
  { id: 'familyMembers', group: 'family' },
  { id: 'familyCount', group: 'family' },
] as const satisfies readonly { id: string; group: ExportFieldGroup; large?: boolean }[];

export type ExportFieldId = (typeof EXPORT_FIELDS)[number]['id'];
export const EXPORT_FIELD_IDS = EXPORT_FIELDS.map((f) => f.id) as [ExportFieldId, ...ExportFieldId[]];
export const ExportFieldIdSchema = z.enum(EXPORT_FIELD_IDS);
/** What a new user's dialog starts with. */
export const DEFAULT_EXPORT_FIELDS: ExportFieldId[] = [
  'publicationNumber',
  'title',
  'applicants',
  'applicationNumber',
  'applicationDate',
  'publicationDate',
  'ipcMain',
  'legalStatus',
];

/**
 * Spec 2 §9 "smaller limit for large-text fields" (value not shown; ours): a table export with a
 * whole long text (the claims, the description) writes at most this many rows.
 */
export const MAX_LARGE_TEXT_EXPORT_ROWS = 10_000;

/** The whole claims and the description: an abstract or the first claim is a few hundred characters and counts as any field. */
const LARGE_TEXT_FIELDS = new Set<string>(['claims', 'description']);

/** Whether the chosen fields hold a long text (counted against MAX_LARGE_TEXT_EXPORT_ROWS). */
export function hasLargeTextField(fields: readonly string[]): boolean {
  return fields.some((id) => LARGE_TEXT_FIELDS.has(id));
}

/**
 * The most rows one export writes and the code refusing more: Word and PDF MAX_DOCUMENT_EXPORT_ROWS;
 * a table with a long-text field MAX_LARGE_TEXT_EXPORT_ROWS; any other MAX_EXPORT_ROWS.
 */
export function exportRowLimit(
  format: 'xlsx' | 'csv' | 'docx' | 'pdf',
  fields: readonly string[],
): { max: number; code: 'EXPORT_RANGE_TOO_LARGE' | 'EXPORT_LARGE_TEXT_TOO_MANY' } {
  if (format === 'docx' || format === 'pdf') return { max: MAX_DOCUMENT_EXPORT_ROWS, code: 'EXPORT_RANGE_TOO_LARGE' };
  if (hasLargeTextField(fields)) return { max: MAX_LARGE_TEXT_EXPORT_ROWS, code: 'EXPORT_LARGE_TEXT_TOO_MANY' };
  return { max: MAX_EXPORT_ROWS, code: 'EXPORT_RANGE_TOO_LARGE' };
}

/** Chosen fields in export order: at least one, none twice. */
export const ExportFieldListSchema = z
  .array(ExportFieldIdSchema)
  .min(1)
  .max(EXPORT_FIELD_IDS.length)
  .refine((ids) => new Set(ids).size === ids.length, { message: 'a field is chosen twice' });

/** GET|POST /download/fields: the catalogue in the user's language, their order and last export's fields. */
export const ExportFieldsResponseSchema = z.object({
  groups: z.array(
    z.object({
      id: z.enum(EXPORT_FIELD_GROUPS),
      label: z.string(),
      fields: z.array(z.object({ id: ExportFieldIdSchema, label: z.string(), large: z.boolean() })),
    }),
  ),
  /** The fields the dialog starts with: the last export's, else the defaults. */
  selected: z.array(ExportFieldIdSchema),
  /** The user's saved order of all fields (/download/sortFields), or the catalogue's. */
  order: z.array(ExportFieldIdSchema),
});
export type ExportFieldsResponse = z.infer<typeof ExportFieldsResponseSchema>;

/** POST /download/sortFields: the user's order of the fields (every id once). */
export const ExportSortFieldsRequestSchema = z.object({ fields: ExportFieldListSchema });
/** POST /download/addLastExportField: remembered as the next dialog's choice. */
export const ExportLastFieldsRequestSchema = z.object({ fields: ExportFieldListSchema });

// ---------------------------------------------------------------------------------------------
// Templates: POST /download/template (list, save), DELETE /download/template/{id}

export const ExportTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  fields: z.array(ExportFieldIdSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ExportTemplate = z.infer<typeof ExportTemplateSchema>;

export const ExportTemplateRequestSchema = z.discriminatedUnion('action', [
  z.object({ action: z.literal('list') }),
  /** Creates (no id) or replaces a template. Names are unique per user. */
  z.object({
    action: z.literal('save'),
    id: z.string().max(64).optional(),
    name: z.string().trim().min(1).max(MAX_EXPORT_TEMPLATE_NAME_LENGTH),
    fields: ExportFieldListSchema,
  }),
]);
export type ExportTemplateRequest = z.input<typeof ExportTemplateRequestSchema>;
export const ExportTemplateResponseSchema = z.object({
  templates: z.array(ExportTemplateSchema).optional(),
  template: ExportTemplateSchema.optional(),
});
export type ExportTemplateResponse = z.infer<typeof ExportTemplateResponseSchema>;

// ---------------------------------------------------------------------------------------------
// What is exported

/** A result page's search (a library folder is `set: {kind: 'library', key}`), as collect takes it. */
export const ExportQuerySchema = ResultSetQuerySchema;
export type ExportQuery = z.input<typeof ExportQuerySchema>;

/** Which rows of the result set: 1-based positions in its order. */
export const ExportRowsSchema = z.discriminatedUnion('mode', [
  /** The page the user sees. */
  z.object({ mode: z.literal('page'), page: z.number().int().min(1), pageSize: z.number().int().min(1).max(100) }),
  /** The first N. */
  z.object({ mode: z.literal('first'), count: z.number().int().min(1) }),
  /** "From … to …", both included; the end must exceed the start (spec 2 §5). */
  z.object({ mode: z.literal('range'), from: z.number().int().min(1), to: z.number().int().min(1) }),
]);
export type ExportRows = z.infer<typeof ExportRowsSchema>;

export const ExportTargetSchema = z.discriminatedUnion('kind', [
  /** Rows of a result set (search results, a library folder, a citation set…). */
  z.object({ kind: z.literal('results'), query: ExportQuerySchema, rows: ExportRowsSchema }),
  /** Chosen patents (the result page's selection, a detail page), in the order given. */
  z.object({
    kind: z.literal('patents'),
    publicationNumbers: z.array(z.string().trim().min(3).max(64)).min(1).max(MAX_EXPORT_ROWS),
  }),
]);
export type ExportTarget = z.input<typeof ExportTargetSchema>;

export const EXPORT_FORMATS = ['xlsx', 'csv', 'docx', 'pdf'] as const;
export const ExportFormatSchema = z.enum(EXPORT_FORMATS);
export type ExportFormat = z.infer<typeof ExportFormatSchema>;

/**
 * POST /export/excel (xlsx, csv) and POST /download/task (any format): an export. `filename`
 * without extension; absent: "patlas-<date>"; all spaces is refused (spec 2 §5).
 */
export const ExportRequestSchema = z.object({
  target: ExportTargetSchema,
  fields: ExportFieldListSchema,
  format: ExportFormatSchema,
  filename: z.string().max(MAX_EXPORT_FILENAME_LENGTH).optional(),
  /** What the user sees as the task's title (the expression, the library name…). */
  title: z.string().max(500).optional(),
});
export type ExportRequest = z.input<typeof ExportRequestSchema>;

/** POST /export/check: may this export run? Refusals carry the spec's messages (error codes EXPORT_*). */
export const ExportCheckResponseSchema = z.object({
  /** Rows the export will write. */
  rows: z.number().int(),
  /** true: answered at once by /export/excel; false: a download task. */
  direct: z.boolean(),
  quota: z.object({ used: z.number().int(), limit: z.number().int().nullable() }),
});
export type ExportCheckResponse = z.infer<typeof ExportCheckResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Download tasks: /download/task, /list, /cancel/{id}, /again/{id}, /draw/{id}, WS /download/progress/{id}

export const DOWNLOAD_STATES = TASK_STATES;
export const DownloadStateSchema = TaskStateSchema;
export type DownloadState = z.infer<typeof DownloadStateSchema>;

export const DownloadTaskSchema = z.object({
  id: z.string(),
  title: z.string(),
  format: ExportFormatSchema,
  /** The file's name as downloaded (with extension). */
  filename: z.string(),
  state: DownloadStateSchema,
  /** Rows written so far and in all: patents, or charts for an analysis export (`unit`). */
  done: z.number().int(),
  total: z.number().int(),
  unit: z.enum(['patents', 'charts']),
  /** 0–100. */
  progress: z.number(),
  /** done: bytes of the file. */
  size: z.number().int().nullable(),
  /** failed: why, in the user's language. */
  error: z.string().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  /** done: when the file goes; after it the task shows as expired and only "run again" remains. */
  expiresAt: z.string().nullable(),
  expired: z.boolean(),
  /** GET this (with the bearer token) to download; null until done or once expired. */
  downloadUrl: z.string().nullable(),
});
export type DownloadTask = z.infer<typeof DownloadTaskSchema>;

export const DownloadListRequestSchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  state: DownloadStateSchema.optional(),
});
export const DownloadListResponseSchema = z.object({
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  items: z.array(DownloadTaskSchema),
});
export type DownloadListResponse = z.infer<typeof DownloadListResponseSchema>;

/** One websocket message of /download/progress/{id} (also the answer of polling a task). */
export const DownloadProgressSchema = DownloadTaskSchema.pick({
  id: true,
  state: true,
  done: true,
  total: true,
  progress: true,
  size: true,
  error: true,
  downloadUrl: true,
});
export type DownloadProgress = z.infer<typeof DownloadProgressSchema>;

import { z } from 'zod';
import { MAX_IMPORT_FILES } from './limits.js';

/**
 * Patent imports by operators (issue 15 "Import through the web app too"): upload files, see the
 * format detected for each, start a run in the background, follow its progress and read its
 * report and refused lines. Under /api/platform/data/patents/import (the platform data area,
 * DESIGN.md "The API"); operators only (permission '/sys'). The spec shows none of it: ours.
 */

/** queued: waits for the run before it (one import at a time); interrupted: the server stopped or restarted during it. */
export const IMPORT_RUN_STATUSES = ['queued', 'running', 'done', 'failed', 'interrupted'] as const;
export const ImportRunStatusSchema = z.enum(IMPORT_RUN_STATUSES);
export type ImportRunStatus = z.infer<typeof ImportRunStatusSchema>;

/** An uploaded file waiting to be imported, with the import format its header matched (null: none). */
export const ImportUploadSchema = z.object({
  id: z.string(),
  /** The name the file was uploaded with. */
  name: z.string(),
  size: z.number().int(),
  /** Format id (`patlas formats` lists them); null when no format recognises the file. */
  format: z.string().nullable(),
});
export type ImportUpload = z.infer<typeof ImportUploadSchema>;

/** `POST /api/platform/data/patents/import/files` (multipart, one or more files). */
export const ImportUploadResponseSchema = z.object({ files: z.array(ImportUploadSchema) });
export type ImportUploadResponse = z.infer<typeof ImportUploadResponseSchema>;

/** `POST /api/platform/data/patents/import/runs`: imports these uploads, in this order. */
export const StartImportRequestSchema = z.object({
  fileIds: z.array(z.string().min(1).max(64)).min(1).max(MAX_IMPORT_FILES),
});
export type StartImportRequest = z.infer<typeof StartImportRequestSchema>;

const countsShape = {
  read: z.number().int(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Records (or whole files) refused, each with a refused line. */
  rejected: z.number().int(),
};

export const ImportRunFileReportSchema = z.object({ name: z.string(), format: z.string().nullable(), ...countsShape });
export type ImportRunFileReport = z.infer<typeof ImportRunFileReportSchema>;

export const ImportRunReportSchema = z.object({
  files: z.array(ImportRunFileReportSchema),
  totals: z.object(countsShape),
  elapsedMs: z.number().int(),
  /**
   * Issue 43: the data version the import wrote (its added and changed records open on the result
   * page as `set: { kind: 'importRun', key: run.id }`); absent before issue 43 and when nothing ran.
   */
  versionId: z.number().int().nullable().optional(),
});
export type ImportRunReport = z.infer<typeof ImportRunReportSchema>;

/** Where a running import is. Bytes cover the files in a recognised format. */
export const ImportRunProgressSchema = z.object({
  /** Name of the file being read; null before the first batch. */
  currentFile: z.string().nullable(),
  bytesRead: z.number(),
  bytesTotal: z.number(),
  /** Records read so far, and of them refused. */
  records: z.number().int(),
  rejected: z.number().int(),
});
export type ImportRunProgress = z.infer<typeof ImportRunProgressSchema>;

/** A refused record or file: line 0 is the whole file (format not recognised, unreadable). */
export const ImportRefusedLineSchema = z.object({
  file: z.string(),
  line: z.number().int(),
  reason: z.string(),
});
export type ImportRefusedLine = z.infer<typeof ImportRefusedLineSchema>;

export const ImportRunSummarySchema = z.object({
  id: z.string(),
  status: ImportRunStatusSchema,
  /** E-mail of the operator who started it. */
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  files: z.array(ImportUploadSchema),
  progress: ImportRunProgressSchema.nullable(),
  /** Once the run has ended (done, failed or interrupted: what was imported until then). */
  report: ImportRunReportSchema.nullable(),
  /** Every refused line, counted exactly. */
  refusedTotal: z.number().int(),
});
export type ImportRunSummary = z.infer<typeof ImportRunSummarySchema>;

/** `GET /api/platform/data/patents/import/runs/:id`: the run with its refused lines (at most MAX_IMPORT_REFUSED_LINES). */
export const ImportRunSchema = ImportRunSummarySchema.extend({ refused: z.array(ImportRefusedLineSchema) });
export type ImportRun = z.infer<typeof ImportRunSchema>;

/** `GET /api/platform/data/patents/import/runs`: the recent runs, newest first, and the upload limits. */
export const ImportRunListSchema = z.object({
  items: z.array(ImportRunSummarySchema),
  maxFileBytes: z.number(),
  maxFiles: z.number().int(),
});
export type ImportRunList = z.infer<typeof ImportRunListSchema>;

/** True while the run waits or works: the page keeps polling it. */
export function isImportRunActive(status: ImportRunStatus): boolean {
  return status === 'queued' || status === 'running';
}

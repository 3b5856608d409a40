import { z } from 'zod';
import { ExportTargetSchema, MAX_EXPORT_FILENAME_LENGTH } from './export.js';

/**
 * POST /export/adduceInfo (issue 18 "the citations of a set"): one row per (patent, cited or
 * citing document) of a result set or of chosen patents — the same targets as a table export —
 * as xlsx or csv. Small sets (at most EXPORT_DIRECT_MAX_ROWS patents) are answered with the file;
 * larger ones become a download task. The quota counts the patents whose citations are written.
 */
export const CITATION_EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export const CitationExportFormatSchema = z.enum(CITATION_EXPORT_FORMATS);

/** The columns of a citation export, in order. */
export const CITATION_COLUMNS = [
  'publicationNumber',
  'title',
  'direction',
  'otherNumber',
  'otherTitle',
  'otherApplicant',
  'otherDate',
  'category',
  'text',
] as const;
export type CitationColumnId = (typeof CITATION_COLUMNS)[number];

/** Which way a row points: the patent cites the other document, or is cited by it. */
export const CITATION_DIRECTIONS = ['cites', 'citedBy'] as const;
export type CitationDirection = (typeof CITATION_DIRECTIONS)[number];

export const CitationExportRequestSchema = z.object({
  target: ExportTargetSchema,
  format: CitationExportFormatSchema,
  filename: z.string().max(MAX_EXPORT_FILENAME_LENGTH).optional(),
  title: z.string().max(500).optional(),
});
export type CitationExportRequest = z.input<typeof CitationExportRequestSchema>;

import type { ExportFormat } from '@patlas/contracts';
import { openCsvWriter } from './csv.js';
import { openDocxWriter } from './patent-docx.js';
import { openPdfWriter } from './patent-pdf.js';
import type { OpenTableWriter, OpenWriter } from './writer.js';
import { openXlsxWriter } from './xlsx.js';

/** Each format's writer: every export, direct or a task, opens its file through here. */
export const WRITERS: Record<ExportFormat, OpenWriter> = {
  xlsx: openXlsxWriter,
  csv: openCsvWriter,
  docx: openDocxWriter,
  pdf: openPdfWriter,
};

/** The table formats' writers, which take any kind of row (patents, citations…). */
export const TABLE_WRITERS: Record<'xlsx' | 'csv', OpenTableWriter> = {
  xlsx: openXlsxWriter,
  csv: openCsvWriter,
};

/** The extension of a format's files. */
export function extensionOf(format: ExportFormat): string {
  return format;
}

/** The content type of a format's files. */
export const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  pdf: 'application/pdf',
};

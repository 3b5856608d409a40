import type { ExportFormat } from '@patlas/contracts';
import { AppError } from '../../../errors.js';
import { openCsvWriter } from './csv.js';
import type { OpenWriter } from './writer.js';
import { openXlsxWriter } from './xlsx.js';

/** The refusal of a format whose writer this build does not have. */
const unavailable =
  (format: ExportFormat): OpenWriter =>
  () =>
    Promise.reject(new AppError('EXPORT_FAILED', { reason: `${format} is not available in this build` }));

/** Each format's writer: every export, direct or a task, opens its file through here. */
export const WRITERS: Record<ExportFormat, OpenWriter> = {
  xlsx: openXlsxWriter,
  csv: openCsvWriter,
  docx: unavailable('docx'),
  pdf: unavailable('pdf'),
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

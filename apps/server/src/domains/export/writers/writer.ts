import type { ExportFieldId, Language, Patent } from '@patlas/contracts';

/** One exported column: a field of the record and its header in the user's language. */
export interface ExportColumn {
  id: ExportFieldId;
  label: string;
}

/**
 * What every format writer is given when it opens its file. Records arrive in export order, in
 * batches; `valueOf` is the one place a field's value is written as text (export-fields.ts), so
 * every format shows the same values.
 */
export interface WriterInput {
  /** The file to write (a temporary name; the task renames it when finish() resolves). */
  path: string;
  columns: readonly ExportColumn[];
  lang: Language;
  valueOf: (patent: Patent, field: ExportFieldId) => string;
  /** The bytes of a patent's first drawing (PNG or JPEG), for the document formats; undefined: none. */
  firstDrawing?: (patent: Patent) => Promise<{ data: Buffer; type: 'png' | 'jpg' } | undefined>;
  /** A title for the document formats' cover line (the expression, the library…). */
  title?: string;
}

/** A file being written: batches in, then finish (complete file) or abort (partial file removed). */
export interface ExportWriter {
  write(patents: readonly Patent[]): Promise<void>;
  finish(): Promise<void>;
  abort(): Promise<void>;
}

export type OpenWriter = (input: WriterInput) => Promise<ExportWriter>;

import type { ExportFieldId, Language, Patent } from '@patlas/contracts';

/** One exported column: a field of the record (or of another row kind) and its header in the user's language. */
export interface ExportColumn<Id extends string = ExportFieldId> {
  id: Id;
  label: string;
}

/**
 * What every format writer is given when it opens its file. Records arrive in export order, in
 * batches; `valueOf` is the one place a field's value is written as text (export-fields.ts), so
 * every format shows the same values.
 */
export interface WriterInput<Row = Patent, Id extends string = ExportFieldId> {
  /** The file to write (a temporary name; the task renames it when finish() resolves). */
  path: string;
  columns: readonly ExportColumn<Id>[];
  lang: Language;
  valueOf: (row: Row, field: Id) => string;
  /** The table formats' sheet name (default: patents, in the user's language). */
  sheetName?: string;
  /** The bytes of a patent's first drawing (PNG or JPEG), for the document formats; undefined: none. */
  firstDrawing?: (patent: Patent) => Promise<{ data: Buffer; type: 'png' | 'jpg' } | undefined>;
  /** A title for the document formats' cover line (the expression, the library…). */
  title?: string;
}

/** A file being written: batches in, then finish (complete file) or abort (partial file removed). */
export interface ExportWriter<Row = Patent> {
  write(rows: readonly Row[]): Promise<void>;
  finish(): Promise<void>;
  abort(): Promise<void>;
}

export type OpenWriter = (input: WriterInput) => Promise<ExportWriter>;

/** A table format's writer (xlsx, csv) takes any kind of row: patents, citations… */
export type OpenTableWriter = <Row, Id extends string>(input: WriterInput<Row, Id>) => Promise<ExportWriter<Row>>;

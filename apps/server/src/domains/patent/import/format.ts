import type { Patent } from '@patlas/contracts';

/** A drawing to convert for the browser at import: `path` is the source image, `file` the output name in record.drawings. */
export interface DrawingSource {
  file: string;
  path: string;
}

/** One item read from a source file: a record, or a bad record reported with its place. */
export type ImportItem =
  | { ok: true; record: Patent; file: string; line: number; drawingSources?: DrawingSource[] }
  | { ok: false; file: string; line: number; error: string };

/** The first rows of a workbook's first sheet, read at detection (an XLSX header is inside the zip). */
export interface WorkbookHead {
  sheetName: string;
  /** The first non-blank rows, cells as text. */
  rows: string[][];
}

/** What detection learnt from a file's first bytes beyond its text. */
export interface FileProbe {
  /** zip (XLSX), cfb (legacy Excel 97–2003 .xls and other OLE2 files) or anything else. */
  container: 'zip' | 'cfb' | 'other';
  /** For a zip that opens as a workbook: its first sheet's name and first rows. */
  workbook?: WorkbookHead;
}

/**
 * A source format. `read` must stream: memory stays bounded by one record whatever the file size.
 * Files ending in `.gz` are decompressed transparently by the caller's `openText`/`openBytes`.
 */
export interface PatentFormat {
  /** Stable id, used in data/demo/<source>/source.json and by `patlas import --format <id>`. */
  readonly id: string;
  /** What it reads, for `patlas import --help`. */
  readonly description: string;
  /**
   * True when this format recognises the file from its name (without .gz), its first bytes
   * (decoded as UTF-8) and, for workbooks, the first sheet's name and rows.
   */
  detect(fileName: string, head: string, probe?: FileProbe): boolean;
  /**
   * Reads the file, opening it through shared/open-text.ts or shared/cn-open.ts: the raw bytes
   * read are tracked there for the import's progress and ETA (shared/read-progress.ts).
   */
  read(file: string): AsyncIterable<ImportItem>;
}

/** Each source folder of data/demo has a source.json of this shape. */
export interface DemoSource {
  id: string;
  name: string;
  licence: string;
  origin: string;
  files: { path: string; format: string }[];
}

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

/**
 * A source format. `read` must stream: memory stays bounded by one record whatever the file size.
 * Files ending in `.gz` are decompressed transparently by the caller's `openText`/`openBytes`.
 */
export interface PatentFormat {
  /** Stable id, used in data/demo/<source>/source.json and by `patlas import --format <id>`. */
  readonly id: string;
  /** What it reads, for `patlas import --help`. */
  readonly description: string;
  /** True when this format recognises the file from its name (without .gz) and its first bytes (decoded as UTF-8). */
  detect(fileName: string, head: string): boolean;
  /**
   * Reads the file. `onBytes`, when given, is called with the number of raw (compressed) bytes
   * consumed so far, so the import can show progress and an ETA.
   */
  read(file: string, onBytes?: (bytesRead: number) => void): AsyncIterable<ImportItem>;
}

/** Each source folder of data/demo has a source.json of this shape. */
export interface DemoSource {
  id: string;
  name: string;
  licence: string;
  origin: string;
  files: { path: string; format: string }[];
}

import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Patent } from '@patlas/contracts';
import { canonicalPublicationNumber, type PatentRepository } from '../patent.repository.js';
import type { DrawingSource, PatentFormat } from './format.js';
import { fileBytesRead, forgetFileRead } from './shared/read-progress.js';

export interface ImportError {
  file: string;
  line: number;
  error: string;
}

export interface FileImportReport {
  file: string;
  format: string;
  read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
}

export interface ImportReport {
  files: FileImportReport[];
  /** Every rejected record with its file and line (bounded by `maxErrors`, the count is always exact). */
  errors: ImportError[];
  totals: { read: number; inserted: number; updated: number; unchanged: number; rejected: number };
  elapsedMs: number;
  /** The data version the import wrote (set by runImport). */
  versionId?: number;
}

export interface ImportProgress {
  file: string;
  fileIndex: number;
  fileCount: number;
  bytesRead: number;
  bytesTotal: number;
  records: number;
  rejected: number;
}

export interface ImportOptions {
  repository: PatentRepository;
  /** Force a format id for every file; otherwise each file's format is detected. */
  format?: string;
  /** Files listed with their format (the demo corpus manifest knows them). */
  formatsByFile?: Record<string, string>;
  /** Origin of each file's records (the demo corpus's source.json), stored on records that carry none. */
  sourcesByFile?: Record<string, { id: string; licence?: string; url?: string }>;
  formats: readonly PatentFormat[];
  detectFormat: (file: string) => Promise<PatentFormat | undefined>;
  drawingsDir: string;
  convertDrawing?: (src: string, out: string) => Promise<unknown>;
  /** Called with each stored batch (after merging), e.g. to update the search index. */
  onBatch?: (stored: Patent[], removed: string[]) => Promise<void>;
  onProgress?: (progress: ImportProgress) => void;
  onError?: (error: ImportError) => void;
  batchSize?: number;
  maxErrors?: number;
  /** Stops between batches (graceful shutdown); what was read so far is committed. */
  signal?: AbortSignal;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    (s) => s.isFile() && s.size > 0,
    () => false,
  );
}

/**
 * Streams every file through its format reader into the store, in batches: constant memory,
 * bad records reported with file and line while the rest are imported, upsert by publication
 * number so running it twice changes nothing.
 */
export async function importFiles(files: readonly string[], options: ImportOptions): Promise<ImportReport> {
  const started = Date.now();
  const batchSize = options.batchSize ?? 500;
  const maxErrors = options.maxErrors ?? 1000;
  const report: ImportReport = {
    files: [],
    errors: [],
    totals: { read: 0, inserted: 0, updated: 0, unchanged: 0, rejected: 0 },
    elapsedMs: 0,
  };
  const sizes = await Promise.all(
    files.map((f) =>
      stat(f).then(
        (s) => s.size,
        () => 0,
      ),
    ),
  );
  const bytesTotal = sizes.reduce((a, b) => a + b, 0);
  let bytesBefore = 0;
  await mkdir(options.drawingsDir, { recursive: true });

  for (const [fileIndex, file] of files.entries()) {
    if (options.signal?.aborted) break;
    const forced = options.format ?? options.formatsByFile?.[file];
    const format = forced ? options.formats.find((f) => f.id === forced) : await options.detectFormat(file);
    const fileReport: FileImportReport = {
      file,
      format: format?.id ?? 'unknown',
      read: 0,
      inserted: 0,
      updated: 0,
      unchanged: 0,
      rejected: 0,
    };
    report.files.push(fileReport);
    const reject = (error: ImportError) => {
      fileReport.rejected += 1;
      report.totals.rejected += 1;
      if (report.errors.length < maxErrors) report.errors.push(error);
      options.onError?.(error);
    };
    if (!format) {
      reject({
        file,
        line: 0,
        error: forced
          ? `unknown format "${forced}"`
          : 'format not recognised (see `patlas import --help` for the formats)',
      });
      bytesBefore += sizes[fileIndex] ?? 0;
      continue;
    }

    const progress = () =>
      options.onProgress?.({
        file,
        fileIndex,
        fileCount: files.length,
        bytesRead: bytesBefore + Math.min(sizes[fileIndex] ?? 0, fileBytesRead(file)),
        bytesTotal,
        records: report.totals.read,
        rejected: report.totals.rejected,
      });
    let batch: Patent[] = [];
    let drawings: DrawingSource[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      for (const drawing of drawings) {
        const out = path.join(options.drawingsDir, drawing.file);
        if (await exists(out)) continue;
        if (!options.convertDrawing) continue;
        await options.convertDrawing(drawing.path, out).catch((err: unknown) =>
          reject({
            file,
            line: 0,
            error: `drawing ${drawing.path}: ${err instanceof Error ? err.message : String(err)}`,
          }),
        );
      }
      const result = await options.repository.upsertMany(batch);
      fileReport.inserted += result.inserted;
      fileReport.updated += result.updated;
      fileReport.unchanged += result.unchanged;
      report.totals.inserted += result.inserted;
      report.totals.updated += result.updated;
      report.totals.unchanged += result.unchanged;
      if (options.onBatch && (result.stored.length > 0 || result.removed.length > 0)) {
        await options.onBatch(result.stored, result.removed);
      }
      batch = [];
      drawings = [];
      progress();
    };

    try {
      for await (const item of format.read(file)) {
        if (!item.ok) {
          reject({ file: item.file, line: item.line, error: item.error });
          continue;
        }
        fileReport.read += 1;
        report.totals.read += 1;
        const source = item.record.source ?? options.sourcesByFile?.[file];
        batch.push({
          ...item.record,
          publicationNumber: canonicalPublicationNumber(item.record.publicationNumber),
          ...(source ? { source } : {}),
        });
        if (item.drawingSources) drawings.push(...item.drawingSources);
        if (batch.length >= batchSize) {
          await flush();
          if (options.signal?.aborted) break;
        }
      }
      await flush();
    } catch (err) {
      // A file that cannot be read further (truncated gzip, I/O error): keep what was imported, report the file.
      await flush().catch(() => undefined);
      reject({ file, line: 0, error: err instanceof Error ? err.message : String(err) });
    }
    forgetFileRead(file);
    bytesBefore += sizes[fileIndex] ?? 0;
  }
  report.elapsedMs = Date.now() - started;
  return report;
}

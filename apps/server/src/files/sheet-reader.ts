import { SHEET_READ_QUEUE, SHEET_READ_TIMEOUT_MS, type Language } from '@patlas/contracts';
import { Piscina } from 'piscina';
import { AppError } from '../errors.js';
import type { SheetReading, SheetRefusal, SheetRequest } from './sheet-read.js';
import type { SheetTask, SheetTaskResult } from './sheet-worker.js';
import { XlsxFileError } from './spreadsheet.js';

export type { SheetColumns, SheetReading, SheetRequest, SheetRow } from './sheet-read.js';

/**
 * The spreadsheet imports' reader (issue 40): library, batch search, search and operation history.
 * A workbook is parsed in a worker thread, streamed row by row (files/sheet-read.ts), so the HTTP
 * thread stays free and the memory a file takes is bounded by the route's caps, not by the file.
 */
export interface SheetReader {
  /**
   * The first worksheet of an uploaded .xlsx, the columns `request` asks for. Refusals: a file that
   * is not an .xlsx or goes over a zip-bomb limit throws XlsxFileError (the caller words it); over
   * the route's caps, AppError IMPORT_TOO_MANY_ROWS / IMPORT_TOO_MANY_COLUMNS; a read past
   * SHEET_READ_TIMEOUT_MS IMPORT_READ_TIMEOUT, a full queue IMPORT_READER_BUSY.
   */
  read(file: Buffer, request: SheetRequest, lang: Language): Promise<SheetReading>;
  /** Stops the worker (the app's close); reads still waiting are refused. */
  close(): Promise<void>;
}

export interface SheetReaderOptions {
  /** Budget of one read, waiting included (default SHEET_READ_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Reads that may wait for the worker (default SHEET_READ_QUEUE). */
  maxQueue?: number;
  /** How long an idle worker is kept before it exits and gives its memory back (default 60 s). */
  idleTimeoutMs?: number;
}

/** Heap of the worker: above it the worker dies and the file is refused, never the server. */
const WORKER_HEAP_MB = 1024;

const TOO_LARGE: Record<Language, string> = {
  zh: '文件内容过多，无法读取，请拆分成较小的文件后再导入',
  en: 'the file holds too much to be read; split it into smaller files and import those',
};

function refusalError(refusal: SheetRefusal): Error {
  switch (refusal.kind) {
    case 'notXlsx':
      return new XlsxFileError(refusal.reason, true);
    case 'limit':
      return new XlsxFileError(refusal.reason);
    case 'rows':
      return new AppError('IMPORT_TOO_MANY_ROWS', { max: refusal.max.toLocaleString('en-US') });
    case 'columns':
      return new AppError('IMPORT_TOO_MANY_COLUMNS', { max: refusal.max });
  }
}

/**
 * One worker thread (Piscina), started at the first read and ended after a minute without one: a
 * read takes a core for at most a few seconds under the caps, and reads wait their turn rather than
 * take the cores that searches and the HTTP thread need.
 */
export function createSheetReader(options: SheetReaderOptions = {}): SheetReader {
  const timeoutMs = options.timeoutMs ?? SHEET_READ_TIMEOUT_MS;
  const fromSources = import.meta.url.endsWith('.ts');
  const pool = new Piscina<SheetTask, SheetTaskResult>({
    filename: new URL(fromSources ? './sheet-worker-source.mjs' : './sheet-worker.js', import.meta.url).href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: options.idleTimeoutMs ?? 60_000,
    maxQueue: options.maxQueue ?? SHEET_READ_QUEUE,
    concurrentTasksPerWorker: 1,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    // From sources (tests, tsx) the worker is TypeScript (sheet-worker-source.mjs), over workspace sources.
    ...(fromSources ? { execArgv: ['--conditions=@patlas/source'] } : {}),
  });

  return {
    async read(file, request, lang) {
      // A stopped read's worker is terminated (Piscina), so an endless parse frees its core.
      const signal = AbortSignal.timeout(timeoutMs);
      let result: SheetTaskResult;
      try {
        result = await pool.run({ file, request, lang }, { signal });
      } catch (err) {
        if (signal.aborted) throw new AppError('IMPORT_READ_TIMEOUT', { seconds: Math.round(timeoutMs / 100) / 10 });
        const message = err instanceof Error ? err.message : '';
        if (message === 'Task queue is at limit') throw new AppError('IMPORT_READER_BUSY');
        if ((err as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY') throw new XlsxFileError(TOO_LARGE[lang]);
        throw err;
      }
      if (!result.ok) throw refusalError(result.refusal);
      return result.reading;
    },
    close: () => pool.destroy(),
  };
}

/**
 * The labels that name each of `columns` in row 1, in both languages (a file exported in either
 * is read back), for a header-mode request.
 */
export function headerLabels<C extends string>(
  headers: Record<Language, Record<C, string>>,
  columns: readonly C[],
): string[][] {
  return columns.map((column) => [headers.zh[column], headers.en[column]]);
}

import { parse } from 'csv-parse';
import ExcelJS from 'exceljs';
import type { WorkbookHead } from '../format.js';
import { openCnBytes, openCnText } from './cn-open.js';
import { cellText as sharedCellText } from '../../../../files/spreadsheet.js';
import { checkXlsxFile, XlsxLimitError } from '../../../../files/xlsx-guard.js';

/** One row of a table file: its cells as text and the 1-based line (CSV) or row number (XLSX) where it starts. */
export interface TableRow {
  line: number;
  cells: string[];
}

const LINE_BREAKS = /\r\n|\n|\r/g;

/** Picks the separator of a header line: tab, semicolon or comma, whichever occurs most. */
export function detectDelimiter(headerLine: string): string {
  const counts = [',', '\t', ';'].map((d) => [d, headerLine.split(d).length - 1] as const);
  counts.sort((a, b) => b[1] - a[1]);
  const best = counts[0];
  return best && best[1] > 0 ? best[0] : ',';
}

/** Reads the first line of a (possibly gzipped) file without holding more than one chunk. */
export async function readFirstLine(file: string): Promise<string> {
  const stream = openCnText(file);
  let head = '';
  try {
    for await (const chunk of stream) {
      head += String(chunk);
      if (head.includes('\n') || head.length > 65_536) break;
    }
  } finally {
    stream.destroy();
  }
  return head.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';
}

/**
 * Streams the rows of a CSV file (BOM, quoted multi-line fields, ragged rows tolerated).
 * `line` is where the row starts, counted from each row's raw text, so a row after a
 * multi-line field still gets its own line right. A syntax error that cannot be skipped is thrown as
 * `TableSyntaxError` with its line.
 */
export async function* readCsvRows(file: string, options: { delimiter?: string } = {}): AsyncGenerator<TableRow> {
  const parser = openCnBytes(file).pipe(
    parse({
      bom: true,
      delimiter: options.delimiter ?? ',',
      raw: true,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
    }),
  );
  let line = 1;
  try {
    for await (const item of parser as AsyncIterable<{ record: string[]; raw: string }>) {
      yield { line, cells: item.record };
      // csv-parse's own line count counts a CRLF inside a quoted field twice, so count the raw text's breaks.
      line += item.raw.match(LINE_BREAKS)?.length ?? 0;
    }
  } catch (error) {
    throw new TableSyntaxError(line, error instanceof Error ? error.message : String(error));
  }
}

export class TableSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
    this.name = 'TableSyntaxError';
  }
}

/** The text a user sees in a cell, dates as YYYY-MM-DD (the shared reading of spreadsheet cells). */
export function cellText(value: unknown): string {
  return sharedCellText(value, (date) => date.toISOString().slice(0, 10));
}

/**
 * The name and first non-blank rows of an XLSX file's first worksheet, for detection: the
 * streaming reader stops after `maxRows` rows (it still reads the shared strings it needs).
 * Undefined when the file does not open as a workbook.
 */
export async function readXlsxHead(file: string, maxRows = 10): Promise<WorkbookHead | undefined> {
  // A zip bomb is not opened to be detected: its import then refuses it with the reason.
  if (
    !(await checkXlsxFile(file, 'en').then(
      () => true,
      () => false,
    ))
  )
    return undefined;
  const input = openCnBytes(file);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  try {
    for await (const worksheet of reader) {
      const rows: string[][] = [];
      for await (const row of worksheet) {
        const cells = Array.from(Array.isArray(row.values) ? row.values.slice(1) : [], cellText);
        if (cells.some((cell) => cell.trim() !== '')) rows.push(cells);
        if (rows.length >= maxRows) break;
      }
      // exceljs types the streamed sheet loosely; its name is read from the workbook part.
      return { sheetName: (worksheet as unknown as { name?: string }).name ?? '', rows };
    }
    return undefined;
  } catch {
    return undefined;
  } finally {
    input.destroy();
  }
}

/**
 * The zip-bomb check of a workbook on disk (xlsx-guard.ts checkXlsxFile: packing ratios and the
 * parts exceljs holds in memory). An import run has no one user's language: its reason is in both.
 */
async function guardXlsxFile(file: string): Promise<void> {
  try {
    await checkXlsxFile(file, 'zh');
  } catch (err) {
    if (!(err instanceof XlsxLimitError)) throw err;
    const en = await checkXlsxFile(file, 'en').catch((again: unknown) => again);
    throw new Error(`${err.reason} (${en instanceof XlsxLimitError ? en.reason : ''})`);
  }
}

/**
 * Streams the rows of the first worksheet of an XLSX file (or `.xlsx.gz`) with exceljs's
 * streaming reader; `line` is the sheet's row number. Blank rows are not emitted by exceljs.
 */
export async function* readXlsxRows(file: string): AsyncGenerator<TableRow> {
  await guardXlsxFile(file);
  const input = openCnBytes(file);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(input, {
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'cache',
    worksheets: 'emit',
    entries: 'ignore',
  });
  let isFirstSheet = true;
  for await (const worksheet of reader) {
    if (!isFirstSheet) {
      // Drain the other sheets: the zip must be read to its end for the stream to finish cleanly.
      for await (const _row of worksheet) void _row;
      continue;
    }
    isFirstSheet = false;
    for await (const row of worksheet) {
      const values = Array.isArray(row.values) ? row.values : [];
      // exceljs row.values is 1-based and sparse; Array.from turns holes into empty cells.
      yield { line: row.number, cells: Array.from(values.slice(1), cellText) };
    }
  }
}

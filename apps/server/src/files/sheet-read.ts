import { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import type { Language } from '@patlas/contracts';
import ExcelJS from 'exceljs';
import { cellText, joinedCells } from './spreadsheet.js';
import { openCheckedXlsx, XlsxLimitError, type CheckedXlsx } from './xlsx-guard.js';

/**
 * The streaming read of an uploaded spreadsheet's first worksheet (issue 40), as the sheet worker
 * (sheet-worker.ts) runs it: the rows one at a time, only the columns asked for kept, and a stop
 * at the first row over the route's cap. Nothing is unpacked that is not read (other sheets,
 * images), and the bomb guard (xlsx-guard.ts openCheckedXlsx) counts every byte that is.
 */

/** Which columns a route reads. */
export type SheetColumns =
  /** Fixed columns (1-based); a value is the cell's text as exceljs gives it (`cell.text`). */
  | { by: 'position'; columns: readonly number[] }
  /**
   * Columns named by row 1, each by any of its labels (zh and en); a value is cellText (dates as
   * ISO instants). `continued`: the label whose column runs on to the row's last cell (a long text
   * split over several cells, spreadsheet.ts cellPieces).
   */
  | { by: 'header'; labels: readonly (readonly string[])[]; continued?: number };

export interface SheetRequest {
  columns: SheetColumns;
  /** Rows after the first (which may be a header) over which the file is refused, at that row. */
  maxRows: number;
  /** Header mode: the widest a row may be (its last cell with a value), else the file is refused. */
  maxColumns?: number;
}

export interface SheetRow {
  /** The row's number in the sheet (its line, as reports give it). */
  line: number;
  /** One text per asked column (position) or label (header; '' when the header has none). */
  values: string[];
}

export interface SheetReading {
  /** False when the workbook has no worksheet (then no rows). */
  hasSheet: boolean;
  /** Header mode: the column each label was found in, or null. */
  columnsFound?: (number | null)[];
  /**
   * Position mode: the rows with text in an asked column. Header mode: every row after the first
   * that has a value anywhere (a row without data is then reported by the caller).
   */
  rows: SheetRow[];
}

/** Why a file is refused; the pool answers it as an AppError. */
export type SheetRefusal =
  | { kind: 'notXlsx'; reason: string }
  | { kind: 'limit'; reason: string }
  | { kind: 'rows'; max: number }
  | { kind: 'columns'; max: number };

export class SheetRefusedError extends Error {
  constructor(readonly refusal: SheetRefusal) {
    super(refusal.kind);
    this.name = 'SheetRefusedError';
  }
}

const NOT_XLSX: Record<Language, string> = { zh: '不是有效的 .xlsx 文件', en: 'not a valid .xlsx file' };

/**
 * exceljs 4.4.0's streaming reader (WorkbookReader) unzips its input in archive order and, as
 * Excel puts the shared strings after the worksheets, first copies every worksheet to a temporary
 * file. Its part parsers are fed here instead, in the order the sheet needs, from the checked
 * in-memory archive: the sheet streams straight from its inflater. (exceljs is pinned; these
 * methods are unchanged since 4.0 and the reader's tests cover them.)
 */
interface WorkbookParts {
  _parseRels(entry: Readable): Promise<void>;
  _parseWorkbook(entry: Readable): Promise<void>;
  _parseStyles(entry: Readable): Promise<void>;
  _parseSharedStrings(entry: Readable): AsyncIterable<unknown>;
  _parseWorksheet(
    iterator: AsyncIterable<string>,
    sheetNo: string,
  ): Iterable<{ eventType: string; value: AsyncIterable<ExcelJS.Row> }>;
  workbookRels?: { Id: string; Target: string }[];
  model?: { sheets?: { name: string; rId: string }[] };
}

/**
 * A part's text, decoded across chunk boundaries: exceljs decodes each chunk on its own, which
 * breaks a character whose UTF-8 bytes fall in two chunks (any Chinese text of some length).
 */
async function* textOf(part: AsyncIterable<Buffer>): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  for await (const chunk of part) yield decoder.write(chunk);
  const rest = decoder.end();
  if (rest) yield rest;
}

/** The archive name of the workbook's first sheet (tab order, as exceljs's `worksheets[0]`). */
function firstSheetPart(parts: WorkbookParts, xlsx: CheckedXlsx): string | undefined {
  const first = parts.model?.sheets?.[0];
  const target = first && parts.workbookRels?.find((rel) => rel.Id === first.rId)?.Target;
  if (target) {
    const name = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
    if (xlsx.has(name)) return name;
  }
  // No workbook part naming it: the lowest-numbered sheet.
  for (let n = 1; n <= 10_000; n += 1)
    if (xlsx.has(`xl/worksheets/sheet${n}.xml`)) return `xl/worksheets/sheet${n}.xml`;
  return undefined;
}

const ROW_START = /<(?:[\w.-]+:)?row(?=[\s>/])([^>]*?)(\/?)>/g;
const ROW_END = /<\/(?:[\w.-]+:)?row\s*>/g;
/** A value, an inline string or a formula: a row with one of these holds data. */
const HAS_VALUE = /<(?:[\w.-]+:)?(?:v|is|f)[\s>/]/;
const ROW_NUMBER = /\sr\s*=\s*["'](\d+)["']/;

/**
 * The number of the first row after `lastLine` holding a value, read from the worksheet's XML by
 * its row tags only (a row's `r` attribute, else the row after the last, as exceljs counts);
 * undefined when there is none. Stops reading at that row.
 */
export async function firstRowOver(
  xml: AsyncIterable<string> | Iterable<string>,
  lastLine: number,
): Promise<number | undefined> {
  let buffer = '';
  let line = 0;
  for await (const chunk of xml) {
    buffer += chunk;
    let pos = 0;
    for (;;) {
      ROW_START.lastIndex = pos;
      const start = ROW_START.exec(buffer);
      if (!start) {
        // Keep what may be the beginning of a row tag cut by the chunk's end.
        const open = buffer.lastIndexOf('<');
        pos = open >= pos ? open : buffer.length;
        break;
      }
      const number = ROW_NUMBER.exec(start[1] ?? '')?.[1];
      const rowLine = number === undefined ? line + 1 : Number(number);
      if (start[2] === '/') {
        line = rowLine;
        pos = ROW_START.lastIndex;
        continue;
      }
      ROW_END.lastIndex = ROW_START.lastIndex;
      const end = ROW_END.exec(buffer);
      if (!end) {
        // The row goes on in the next chunk.
        pos = start.index;
        break;
      }
      line = rowLine;
      if (line > lastLine && HAS_VALUE.test(buffer.slice(ROW_START.lastIndex, end.index))) return line;
      pos = ROW_END.lastIndex;
    }
    buffer = buffer.slice(pos);
  }
  return undefined;
}

/** The text of a header cell, as headerColumns (spreadsheet.ts) compares it. */
const labelOf = (cell: ExcelJS.Cell) => cellText(cell.value).trim();

/** The last column of `row` holding a value (0 for none). */
function lastValueColumn(row: ExcelJS.Row): number {
  let last = 0;
  row.eachCell((_, col) => {
    last = col;
  });
  return last;
}

/**
 * Reads the first worksheet of `file` as `request` asks. Throws SheetRefusedError when the file is
 * no .xlsx, goes over a zip-bomb limit or over the request's row or column cap.
 */
export async function readSheet(file: Buffer, request: SheetRequest, lang: Language): Promise<SheetReading> {
  try {
    return await readChecked(file, request, lang);
  } catch (err) {
    if (err instanceof SheetRefusedError) throw err;
    if (err instanceof XlsxLimitError) {
      throw new SheetRefusedError(
        err.isNotZip ? { kind: 'notXlsx', reason: err.reason } : { kind: 'limit', reason: err.reason },
      );
    }
    // exceljs's parse errors: a damaged part, a text that is not XML.
    throw new SheetRefusedError({ kind: 'notXlsx', reason: NOT_XLSX[lang] });
  }
}

async function readChecked(file: Buffer, request: SheetRequest, lang: Language): Promise<SheetReading> {
  const xlsx = openCheckedXlsx(file, lang);
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([]), {
    sharedStrings: 'cache',
    // Dates are numbers with a date format: the styles tell which.
    styles: 'cache',
    hyperlinks: 'ignore',
    worksheets: 'emit',
    entries: 'ignore',
  });
  const parts = reader as unknown as WorkbookParts;
  const stream = (name: string) => {
    const part = xlsx.part(name);
    return part ? Readable.from(textOf(part)) : undefined;
  };
  const rels = stream('xl/_rels/workbook.xml.rels');
  if (rels) await parts._parseRels(rels);
  const workbook = stream('xl/workbook.xml');
  if (workbook) await parts._parseWorkbook(workbook);
  const styles = stream('xl/styles.xml');
  if (styles) await parts._parseStyles(styles);
  const strings = stream('xl/sharedStrings.xml');
  if (strings) for await (const _ of parts._parseSharedStrings(strings)) void _;

  const sheetName = firstSheetPart(parts, xlsx);
  const firstPass = sheetName === undefined ? undefined : xlsx.part(sheetName);
  if (sheetName === undefined || !firstPass) return { hasSheet: false, rows: [] };
  const { columns, maxRows, maxColumns } = request;
  // Row 1 may be a header: rows up to maxRows + 1 may hold data.
  const lastLine = maxRows + 1;
  // The cap first, by a scan of the row tags (a few times faster than parsing them): a file over
  // it is refused at its first row past the cap, without the rows before it being parsed.
  if ((await firstRowOver(textOf(firstPass), lastLine)) !== undefined) {
    throw new SheetRefusedError({ kind: 'rows', max: maxRows });
  }
  const sheetNo = /(\d+)\.xml$/i.exec(sheetName)?.[1] ?? '1';
  let worksheet: AsyncIterable<ExcelJS.Row> | undefined;
  for (const event of parts._parseWorksheet(textOf(xlsx.part(sheetName)!), sheetNo)) worksheet = event.value;
  if (!worksheet) return { hasSheet: false, rows: [] };

  const rows: SheetRow[] = [];
  let columnsFound: (number | null)[] | undefined;
  const tooWide = (row: ExcelJS.Row) => maxColumns !== undefined && lastValueColumn(row) > maxColumns;
  for await (const row of worksheet) {
    // A safety net: the scan has refused such a file already.
    if (row.number > lastLine && row.hasValues) throw new SheetRefusedError({ kind: 'rows', max: maxRows });
    if (columns.by === 'position') {
      const values = columns.columns.map((col) => row.getCell(col).text ?? '');
      if (values.some((value) => value !== '')) rows.push({ line: row.number, values });
      continue;
    }
    if (row.number === 1) {
      if (tooWide(row)) throw new SheetRefusedError({ kind: 'columns', max: maxColumns! });
      columnsFound = columns.labels.map(() => null);
      // The first cell of row 1 carrying one of a column's labels is that column (headerColumns).
      row.eachCell((cell, col) => {
        const label = labelOf(cell);
        const index = columns.labels.findIndex((labels) => labels.includes(label));
        if (index >= 0 && columnsFound![index] === null) columnsFound![index] = col;
      });
      continue;
    }
    if (!row.hasValues) continue;
    if (tooWide(row)) throw new SheetRefusedError({ kind: 'columns', max: maxColumns! });
    const found = columnsFound ?? [];
    const values = columns.labels.map((_, index) => {
      const col = found[index];
      if (col === null || col === undefined) return '';
      return index === columns.continued ? joinedCells(row, col) : cellText(row.getCell(col).value);
    });
    rows.push({ line: row.number, values });
  }
  return columns.by === 'header'
    ? { hasSheet: true, columnsFound: columnsFound ?? columns.labels.map(() => null), rows }
    : { hasSheet: true, rows };
}

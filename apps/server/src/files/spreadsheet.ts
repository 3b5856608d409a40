import { PassThrough, type Readable } from 'node:stream';
import ExcelJS from 'exceljs';

/**
 * What every .xlsx export and import of the app shares (search history, operation history, patent
 * tables): the download headers, the text of a cell, server-local times, cells too long for Excel.
 * Imports read their sheet through sheet-reader.ts (streamed, in a worker thread).
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * `attachment` with an ASCII fallback name and the real (possibly Chinese) name encoded per
 * RFC 5987 / RFC 6266 (`filename*=UTF-8''…`), which every current browser prefers.
 */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  // encodeURIComponent throws on a lone surrogate (a name stored before such names were refused).
  const wellFormed = filename.replace(
    /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    '\ufffd',
  );
  const encoded = encodeURIComponent(wellFormed).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Server local time, as lists show it: YYYY-MM-DD HH:mm:ss. */
export function formatLocalTime(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** Server local date as YYYYMMDD (export file names). */
export function localDayStamp(now: Date): string {
  return `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
}

/** "YYYY-MM-DD HH:mm[:ss]" in server local time (as exported), or an ISO instant → ISO; else undefined. */
export function parseLocalTime(text: string): string | undefined {
  const trimmed = text.trim();
  const local = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(trimmed);
  if (local) {
    const [, y, mo, d, h, mi, s] = local;
    const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0));
    return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
  }
  const parsed = Date.parse(trimmed);
  return /^\d{4}-\d{2}-\d{2}T/.test(trimmed) && !Number.isNaN(parsed) ? new Date(parsed).toISOString() : undefined;
}

/** Excel refuses cells over 32,767 characters: a longer text continues in the next columns. */
export const CELL_MAX = 32_000;

/** `text` in pieces of at most CELL_MAX characters (one empty piece for an empty text). */
export function cellPieces(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += CELL_MAX) out.push(text.slice(i, i + CELL_MAX));
  return out.length > 0 ? out : [''];
}

/** A row's text from column `from` to its last cell: what cellPieces spread over several cells. */
export function joinedCells(row: ExcelJS.Row, from: number): string {
  let text = '';
  for (let col = from; col <= Math.max(row.cellCount, from); col += 1) text += cellText(row.getCell(col).value);
  return text;
}

/**
 * The text a user sees in a cell: rich text and hyperlinks flattened, formulas by result; dates as
 * `dateText` gives them (default: the ISO instant).
 */
export function cellText(value: unknown, dateText: (date: Date) => string = (date) => date.toISOString()): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return dateText(value);
  if (typeof value === 'object') {
    const cell = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; hyperlink?: string };
    if (Array.isArray(cell.richText)) return cell.richText.map((part) => part.text).join('');
    if (cell.result !== undefined) return cellText(cell.result, dateText);
    if (cell.text !== undefined) return cellText(cell.text, dateText);
    if (typeof cell.hyperlink === 'string') return cell.hyperlink;
    return '';
  }
  return String(value);
}

/** A problem with the whole file (not one row): the caller answers IMPORT_FILE_INVALID with this reason. */
export class XlsxFileError extends Error {
  constructor(
    readonly reason: string,
    /** The file is no .xlsx at all (an old binary .xls, a renamed file); some routes word that their own way. */
    readonly isNotXlsx = false,
  ) {
    super(reason);
    this.name = 'XlsxFileError';
  }
}

export interface ExportColumn {
  header: string;
  width: number;
}

export interface ExportRow {
  cells: readonly ExcelJS.CellValue[];
  data: string;
}

/**
 * An export a person reads and an import reads back: the readable columns, then the row's data
 * (JSON) in the data column, continued over further columns when longer than a cell holds.
 *
 * Streamed (issue 16 §2): exceljs's streaming writer writes each row as it comes, and `rows` is
 * read twice — once to count the data columns the header names, once to write — so an export of
 * MAX_EXPORT_ROWS rows holds one batch of rows at a time, never the workbook. The answer is the
 * file as a stream; a failure while writing breaks it off (the download is then incomplete).
 */
export function streamExportSheet(options: {
  sheetName: string;
  columns: readonly ExportColumn[];
  dataHeader: string;
  moreHeader: string;
  /** The rows, in order; called twice and must give the same rows each time. */
  rows: () => AsyncIterable<ExportRow>;
}): Readable {
  const out = new PassThrough();
  const write = async () => {
    let dataColumns = 1;
    for await (const row of options.rows()) {
      dataColumns = Math.max(dataColumns, Math.ceil(row.data.length / CELL_MAX));
    }
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
    workbook.creator = 'Patlas';
    const sheet = workbook.addWorksheet(options.sheetName);
    sheet.columns = [
      ...options.columns,
      { header: options.dataHeader, width: 40 },
      ...Array.from({ length: dataColumns - 1 }, () => ({ header: options.moreHeader, width: 20 })),
    ];
    const header = sheet.getRow(1);
    header.font = { bold: true };
    header.commit();
    for await (const row of options.rows()) {
      sheet.addRow([...row.cells, ...cellPieces(row.data)]).commit();
    }
    sheet.commit();
    await workbook.commit();
  };
  write().catch((err: unknown) => out.destroy(err instanceof Error ? err : new Error(String(err))));
  return out;
}

import ExcelJS from 'exceljs';
import type { Language, LibraryExportFormat, LibraryPatent } from '@patlas/contracts';
import { CELL_MAX, formatLocalTime, XLSX_TYPE } from '../../files/spreadsheet.js';

/**
 * The spreadsheet of a library (POST /archive/v2/export): one row per patent of each folder, the
 * folder's path first, in the user's language. Pure: rows in, file out.
 */

/** One patent of one folder, as exported. */
export interface LibraryExportRow {
  folder: string;
  patent: LibraryPatent;
}

const HEADERS = {
  zh: ['序号', '文件夹', '公开号', '标题', '申请人', '申请号', '申请日', '公开日', '标签', '收藏时间'],
  en: [
    'No.',
    'Folder',
    'Publication number',
    'Title',
    'Applicants',
    'Application number',
    'Application date',
    'Publication date',
    'Labels',
    'Collected at',
  ],
} as const;

const CSV_TYPE = 'text/csv; charset=utf-8';

function cellsOf(row: LibraryExportRow, no: number): (string | number)[] {
  const { patent } = row;
  return [
    no,
    row.folder,
    patent.publicationNumber,
    patent.title ?? '',
    patent.applicants.join('; '),
    patent.applicationNumber ?? '',
    patent.applicationDate ?? '',
    patent.publicationDate ?? '',
    patent.labels.map((l) => l.name).join('; '),
    formatLocalTime(patent.addedAt),
  ].map((cell) => (typeof cell === 'string' ? cell.slice(0, CELL_MAX) : cell));
}

function csvCell(cell: string | number): string {
  const text = String(cell);
  // A leading =, +, - or @ would run as a formula in Excel; quoted and prefixed, it stays text.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) || safe !== text ? `"${safe.replace(/"/g, '""')}"` : safe;
}

export async function writeLibraryExport(
  rows: readonly LibraryExportRow[],
  format: LibraryExportFormat,
  lang: Language,
): Promise<{ body: Buffer; contentType: string }> {
  const header = [...HEADERS[lang]];
  const lines = rows.map((row, i) => cellsOf(row, i + 1));
  if (format === 'csv') {
    const text = [header, ...lines].map((line) => line.map(csvCell).join(',')).join('\r\n');
    // The BOM tells Excel the file is UTF-8 (Chinese names and titles).
    return { body: Buffer.from(`\ufeff${text}\r\n`, 'utf8'), contentType: CSV_TYPE };
  }
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(lang === 'zh' ? '专利库' : 'Library');
  sheet.addRow(header).font = { bold: true };
  for (const line of lines) sheet.addRow(line);
  sheet.columns.forEach((column, i) => {
    column.width = [6, 24, 18, 48, 32, 20, 12, 12, 20, 20][i] ?? 16;
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  return { body: Buffer.from(await book.xlsx.writeBuffer()), contentType: XLSX_TYPE };
}

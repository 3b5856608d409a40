import type { HistoryAction, ImportReport, Language, SearchHistoryEntry } from '@patlas/contracts';
import ExcelJS from 'exceljs';
import { readEntryValue } from './history-entry.js';

/**
 * The search-history spreadsheet (POST /history/exportAll, read back by POST /history/import).
 * Readable columns in the user's language — No., time, expression, hits, operation, value — then
 * a data column holding `{"createdAt": ISO, "entry": {…}}`, the entry exactly as stored, which is
 * what an import reads (formatting in the readable columns never loses anything).
 * Pure: rows in, file out; file in, entries and line-numbered problems out.
 */

/** One exported row: the stored entry, its number and its time. */
export interface HistoryRecord {
  no: number;
  createdAt: string;
  entry: SearchHistoryEntry;
}

/** An imported row: the entry and the time it was first recorded (absent: now). */
export interface ImportedRecord {
  line: number;
  createdAt?: string;
  entry: SearchHistoryEntry;
}

/** Excel refuses cells over 32,767 characters: a longer JSON continues in the next columns. */
const CELL_MAX = 32_000;

const HEADERS = {
  zh: {
    no: '序号',
    time: '时间',
    expression: '检索式',
    total: '命中数',
    operation: '操作',
    value: '操作内容',
    data: '数据（导入用，请勿修改）',
    more: '数据（续）',
  },
  en: {
    no: 'No.',
    time: 'Time',
    expression: 'Expression',
    total: 'Hits',
    operation: 'Operation',
    value: 'Operation value',
    data: 'Data (for import, do not edit)',
    more: 'Data (continued)',
  },
} as const;

type Column = keyof (typeof HEADERS)['zh'];

/** The recording actions (contracts HISTORY_ACTIONS) as a person reads them. */
const OPERATION_LABELS: Record<Language, Record<HistoryAction, string>> = {
  zh: {
    search: '检索',
    jumpPage: '翻页',
    second: '二次检索',
    filterSingle: '筛选',
    filterMultiple: '多选筛选',
    collect: '收藏',
    pfe: '同族扩展',
    clearFilter: '清空筛选',
    delFilter: '删除筛选',
    refreshPage: '刷新',
    clearSecondExp: '清除二次检索',
    view: '切换视图',
    analysis: '分析',
    merge: '合并',
    detail: '查看详情',
    detailTab: '切换详情标签',
  },
  en: {
    search: 'Search',
    jumpPage: 'Page change',
    second: 'Search within results',
    filterSingle: 'Filter',
    filterMultiple: 'Multi-select filter',
    collect: 'Add to collection',
    pfe: 'Family expansion',
    clearFilter: 'Clear filters',
    delFilter: 'Remove a filter',
    refreshPage: 'Refresh',
    clearSecondExp: 'Clear search within results',
    view: 'Change view',
    analysis: 'Analysis',
    merge: 'Merge',
    detail: 'Open detail',
    detailTab: 'Detail tab',
  },
};

const SHEET_NAME: Record<Language, string> = { zh: '检索历史', en: 'Search history' };

const MESSAGES = {
  zh: {
    noData: '缺少数据列内容（导入只读取“数据”列）',
    json: '数据列不是有效的 JSON',
    entry: '历史记录内容无效：{reason}',
    time: '时间“{value}”无法识别',
    tooOld: '记录时间 {time} 已超过 {days} 天的保留期，未导入',
    future: '记录时间 {time} 晚于当前时间，未导入',
    notXlsx: '不是有效的 .xlsx 文件',
    noSheet: '文件中没有工作表',
    noHeader: '第 1 行不是检索历史导出文件的表头（请使用“导出”得到的文件）',
  },
  en: {
    noData: 'The data column is empty (import reads the "Data" column)',
    json: 'The data column is not valid JSON',
    entry: 'Invalid history entry: {reason}',
    time: 'Unrecognised time "{value}"',
    tooOld: 'Recorded at {time}, older than the {days}-day retention period: not imported',
    future: 'Recorded at {time}, later than now: not imported',
    notXlsx: 'not a valid .xlsx file',
    noSheet: 'the file has no worksheet',
    noHeader: 'row 1 is not the header of an exported search history (use a file made by "Export")',
  },
} as const;

type MessageKey = keyof (typeof MESSAGES)['zh'];

function message(lang: Language, key: MessageKey, params: Record<string, string | number> = {}): string {
  return MESSAGES[lang][key].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Server local time, as the list shows it: YYYY-MM-DD HH:mm:ss. */
export function formatLocalTime(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** `检索历史-20260115.xlsx` / `search-history-20260115.xlsx` (server local date). */
export function exportFilename(now: Date, lang: Language): string {
  const day = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}`;
  return lang === 'zh' ? `检索历史-${day}.xlsx` : `search-history-${day}.xlsx`;
}

/**
 * `attachment` with an ASCII fallback name and the real (possibly Chinese) name encoded per
 * RFC 5987 / RFC 6266 (`filename*=UTF-8''…`), which every current browser prefers.
 */
export function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

function chunks(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += CELL_MAX) out.push(text.slice(i, i + CELL_MAX));
  return out.length > 0 ? out : [''];
}

/** The .xlsx file of `records` (in the order given), headed in `lang`. */
export async function writeHistoryXlsx(records: readonly HistoryRecord[], lang: Language): Promise<Buffer> {
  const headers = HEADERS[lang];
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Patlas';
  const sheet = workbook.addWorksheet(SHEET_NAME[lang]);
  const jsonParts = records.map((r) => chunks(JSON.stringify({ createdAt: r.createdAt, entry: r.entry })));
  const dataColumns = Math.max(1, ...jsonParts.map((parts) => parts.length));
  sheet.columns = [
    { header: headers.no, width: 8 },
    { header: headers.time, width: 20 },
    { header: headers.expression, width: 60 },
    { header: headers.total, width: 12 },
    { header: headers.operation, width: 16 },
    { header: headers.value, width: 24 },
    { header: headers.data, width: 40 },
    ...Array.from({ length: dataColumns - 1 }, () => ({ header: headers.more, width: 20 })),
  ];
  sheet.getRow(1).font = { bold: true };
  records.forEach((record, index) => {
    const { entry } = record;
    sheet.addRow([
      record.no,
      formatLocalTime(record.createdAt),
      entry.searchExpression.slice(0, CELL_MAX),
      Number(entry.resultTotal),
      OPERATION_LABELS[lang][entry.operationName],
      (entry.operationValue ?? '').slice(0, CELL_MAX),
      ...(jsonParts[index] ?? []),
    ]);
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The text a user sees in a cell: rich text and hyperlinks flattened, formulas by result, dates as ISO. */
function cellText(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') {
    const cell = value as { richText?: { text: string }[]; text?: unknown; result?: unknown; hyperlink?: string };
    if (Array.isArray(cell.richText)) return cell.richText.map((part) => part.text).join('');
    if (cell.result !== undefined) return cellText(cell.result as ExcelJS.CellValue);
    if (cell.text !== undefined) return cellText(cell.text as ExcelJS.CellValue);
    if (typeof cell.hyperlink === 'string') return cell.hyperlink;
    return '';
  }
  return String(value);
}

/** The header cell → column, whichever language the file was exported in. */
function columnOf(header: string): Column | undefined {
  const text = header.trim();
  for (const lang of ['zh', 'en'] as const) {
    for (const [column, label] of Object.entries(HEADERS[lang])) if (label === text) return column as Column;
  }
  return undefined;
}

/** "YYYY-MM-DD HH:mm[:ss]" in server local time (as exported), or an ISO instant. */
function timeOf(text: string): string | undefined {
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

/** A problem with the whole file (not one row): the caller answers IMPORT_FILE_INVALID with this reason. */
export class XlsxFileError extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'XlsxFileError';
  }
}

export interface ReadOptions {
  lang: Language;
  now: Date;
  /** Entries recorded before this instant are refused (they would fall to retention at once). */
  oldest: Date;
  retentionDays: number;
}

/**
 * Reads an exported file back. Each row's data column is the entry (exact); the readable columns
 * are for people and are ignored, except the time column when the data has no `createdAt`. Each
 * bad row is reported with its spreadsheet line (row 1 is the header); the others are kept.
 */
export async function readHistoryXlsx(
  file: Buffer,
  options: ReadOptions,
): Promise<{ records: ImportedRecord[]; errors: ImportReport['errors'] }> {
  const { lang } = options;
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs's typings want an ArrayBuffer-backed Buffer; the bytes are the same.
    await workbook.xlsx.load(file as unknown as Parameters<typeof workbook.xlsx.load>[0]);
  } catch {
    throw new XlsxFileError(message(lang, 'notXlsx'));
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new XlsxFileError(message(lang, 'noSheet'));
  const columns = new Map<Column, number>();
  sheet.getRow(1).eachCell((cell, col) => {
    const column = columnOf(cellText(cell.value));
    if (column && column !== 'more' && !columns.has(column)) columns.set(column, col);
  });
  const dataCol = columns.get('data');
  if (dataCol === undefined) throw new XlsxFileError(message(lang, 'noHeader'));
  const timeCol = columns.get('time');

  const records: ImportedRecord[] = [];
  const errors: ImportReport['errors'] = [];
  for (let line = 2; line <= sheet.rowCount; line += 1) {
    const row = sheet.getRow(line);
    if (!row.hasValues) continue;
    let json = '';
    for (let col = dataCol; col <= Math.max(row.cellCount, dataCol); col += 1) json += cellText(row.getCell(col).value);
    if (!json.trim()) {
      errors.push({ line, message: message(lang, 'noData') });
      continue;
    }
    let data: unknown;
    try {
      data = JSON.parse(json);
    } catch {
      errors.push({ line, message: message(lang, 'json') });
      continue;
    }
    // `{createdAt, entry}` as exported; a bare entry (pasted by hand) is accepted too.
    const wrapped = data !== null && typeof data === 'object' && 'entry' in data;
    const reading = readEntryValue(wrapped ? (data as { entry: unknown }).entry : data, lang);
    if (!reading.ok) {
      errors.push({ line, message: message(lang, 'entry', { reason: reading.reason }) });
      continue;
    }
    const rawTime = wrapped ? (data as { createdAt?: unknown }).createdAt : undefined;
    const timeText =
      typeof rawTime === 'string' ? rawTime : timeCol === undefined ? '' : cellText(row.getCell(timeCol).value);
    let createdAt: string | undefined;
    if (timeText.trim()) {
      createdAt = timeOf(timeText);
      if (!createdAt) {
        errors.push({ line, message: message(lang, 'time', { value: timeText.slice(0, 50) }) });
        continue;
      }
      if (createdAt < options.oldest.toISOString()) {
        const time = formatLocalTime(createdAt);
        errors.push({ line, message: message(lang, 'tooOld', { time, days: options.retentionDays }) });
        continue;
      }
      if (createdAt > options.now.toISOString()) {
        errors.push({ line, message: message(lang, 'future', { time: formatLocalTime(createdAt) }) });
        continue;
      }
    }
    records.push({ line, entry: reading.entry, ...(createdAt ? { createdAt } : {}) });
  }
  return { records, errors };
}

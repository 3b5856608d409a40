import type { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  MAX_HISTORY_IMPORT_COLUMNS,
  MAX_HISTORY_IMPORT_ROWS,
  type HistoryAction,
  type ImportReport,
  type Language,
  type SearchHistoryEntry,
} from '@patlas/contracts';
import { headerLabels, type SheetReader } from '../../files/sheet-reader.js';
import {
  CELL_MAX,
  formatLocalTime,
  localDayStamp,
  parseLocalTime,
  streamExportSheet,
  XlsxFileError,
} from '../../files/spreadsheet.js';
import { ImportErrors } from '../../files/import-errors.js';
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
    noHeader: '第 1 行不是检索历史导出文件的表头（请使用“导出”得到的文件）',
  },
  en: {
    noData: 'The data column is empty (import reads the "Data" column)',
    json: 'The data column is not valid JSON',
    entry: 'Invalid history entry: {reason}',
    time: 'Unrecognised time "{value}"',
    tooOld: 'Recorded at {time}, older than the {days}-day retention period: not imported',
    future: 'Recorded at {time}, later than now: not imported',
    noHeader: 'row 1 is not the header of an exported search history (use a file made by "Export")',
  },
} as const;

type MessageKey = keyof (typeof MESSAGES)['zh'];

function message(lang: Language, key: MessageKey, params: Record<string, string | number> = {}): string {
  return MESSAGES[lang][key].replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** `检索历史-20260115.xlsx` / `search-history-20260115.xlsx` (server local date). */
export function exportFilename(now: Date, lang: Language): string {
  const day = localDayStamp(now);
  return lang === 'zh' ? `检索历史-${day}.xlsx` : `search-history-${day}.xlsx`;
}

/**
 * The .xlsx file of `records` (in the order given), headed in `lang`, as a stream: `records` is
 * read twice, one batch at a time (streamExportSheet), never held whole.
 */
export function writeHistoryXlsx(records: () => AsyncIterable<HistoryRecord>, lang: Language): Readable {
  const headers = HEADERS[lang];
  return streamExportSheet({
    sheetName: SHEET_NAME[lang],
    columns: [
      { header: headers.no, width: 8 },
      { header: headers.time, width: 20 },
      { header: headers.expression, width: 60 },
      { header: headers.total, width: 12 },
      { header: headers.operation, width: 16 },
      { header: headers.value, width: 24 },
    ],
    dataHeader: headers.data,
    moreHeader: headers.more,
    rows: async function* () {
      for await (const { no, createdAt, entry } of records()) {
        yield {
          cells: [
            no,
            formatLocalTime(createdAt),
            entry.searchExpression.slice(0, CELL_MAX),
            Number(entry.resultTotal),
            OPERATION_LABELS[lang][entry.operationName],
            (entry.operationValue ?? '').slice(0, CELL_MAX),
          ],
          data: JSON.stringify({ createdAt, entry }),
        };
      }
    },
  });
}

export interface ReadOptions {
  lang: Language;
  now: Date;
  /** Entries recorded before this instant are refused (they would fall to retention at once). */
  oldest: Date;
  retentionDays: number;
}

/** Rows checked between two turns of the event loop: a long import never holds the HTTP thread. */
const ROWS_PER_TURN = 500;

/**
 * Reads an exported file back. Each row's data column is the entry (exact); the readable columns
 * are for people and are ignored, except the time column when the data has no `createdAt`. Each
 * bad row is reported with its spreadsheet line (row 1 is the header); the others are kept. The
 * sheet is read off the HTTP thread, refused past MAX_HISTORY_IMPORT_ROWS rows or
 * MAX_HISTORY_IMPORT_COLUMNS columns.
 */
export async function readHistoryXlsx(
  file: Buffer,
  sheets: SheetReader,
  options: ReadOptions,
): Promise<{ records: ImportedRecord[]; errors: ImportReport['errors']; errorsOmitted: number }> {
  const { lang } = options;
  const sheet = await sheets.read(
    file,
    {
      // The data column runs on over the cells its text needs (cellPieces).
      columns: { by: 'header', labels: headerLabels(HEADERS, ['data', 'time']), continued: 0 },
      maxRows: MAX_HISTORY_IMPORT_ROWS,
      maxColumns: MAX_HISTORY_IMPORT_COLUMNS,
    },
    lang,
  );
  if (!sheet.hasSheet) throw new XlsxFileError(lang === 'zh' ? '文件中没有工作表' : 'the file has no worksheet');
  if (sheet.columnsFound?.[0] == null) throw new XlsxFileError(message(lang, 'noHeader'));

  const records: ImportedRecord[] = [];
  const errors = new ImportErrors<ImportReport['errors'][number]>();
  for (const [index, { line, values }] of sheet.rows.entries()) {
    if (index > 0 && index % ROWS_PER_TURN === 0) await nextTurn();
    const [json = '', timeCell = ''] = values;
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
    const timeText = typeof rawTime === 'string' ? rawTime : timeCell;
    let createdAt: string | undefined;
    if (timeText.trim()) {
      createdAt = parseLocalTime(timeText);
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
  return { records, errors: errors.list(lang, {}), errorsOmitted: errors.omittedCount };
}

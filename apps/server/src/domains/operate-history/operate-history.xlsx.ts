import type { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import {
  MAX_HISTORY_IMPORT_COLUMNS,
  MAX_HISTORY_IMPORT_ROWS,
  SaveOperateHistoryRequestSchema,
  type ImportReport,
  type Language,
  type RecordType,
} from '@patlas/contracts';
import { z } from 'zod';
import { ImportErrors } from '../../files/import-errors.js';
import { headerLabels, type SheetReader } from '../../files/sheet-reader.js';
import {
  CELL_MAX,
  formatLocalTime,
  parseLocalTime,
  streamExportSheet,
  XlsxFileError,
} from '../../files/spreadsheet.js';

/**
 * The operation-history spreadsheet: readable columns in the user's language, then a data column
 * holding the row as JSON, which is what an import reads back (so nothing is lost to formatting).
 * Pure: rows in, file out; file in, rows and line-numbered problems out.
 */

/** One row as exported and imported: the saved operation plus its creation time. */
export const OperateHistoryRecordSchema = SaveOperateHistoryRequestSchema.extend({
  createdAt: z.iso.datetime({ offset: true }),
});
export type OperateHistoryRecord = z.infer<typeof OperateHistoryRecordSchema>;

const HEADERS = {
  zh: {
    no: '序号',
    type: '类型',
    title: '标题',
    total: '结果数',
    time: '时间',
    router: '链接',
    data: '数据（导入用，请勿修改）',
    more: '数据（续）',
  },
  en: {
    no: 'No.',
    type: 'Type',
    title: 'Title',
    total: 'Results',
    time: 'Time',
    router: 'Link',
    data: 'Data (for import, do not edit)',
    more: 'Data (continued)',
  },
} as const;

type Column = keyof (typeof HEADERS)['zh'];

const TYPE_LABELS: Record<Language, Record<RecordType, string>> = {
  zh: { 1: '检索', 2: '分析', 3: '导出', 4: '收藏' },
  en: { 1: 'Search', 2: 'Analysis', 3: 'Export', 4: 'Favourite' },
};

const SHEET_NAME: Record<Language, string> = { zh: '操作历史', en: 'Operation history' };

const MESSAGES = {
  zh: {
    json: '数据列不是有效的 JSON',
    field: '{field} 不合法：{reason}',
    missing: '缺少类型或标题',
    type: '无法识别的类型「{value}」',
    time: '无法识别的时间「{value}」',
    noHeader: '第 1 行不是导出文件的表头（请使用“导出”得到的文件）',
  },
  en: {
    json: 'The data column is not valid JSON',
    field: '{field} is invalid: {reason}',
    missing: 'Type or title is missing',
    type: 'Unknown type "{value}"',
    time: 'Unrecognised time "{value}"',
    noHeader: 'row 1 is not the header of an exported file (use a file made by "Export")',
  },
} as const;

/** A zod issue as a short reason in the user's language (zod's own messages are English). */
const REASONS: Record<Language, Record<string, string>> = {
  zh: {
    invalid_type: '类型不正确或缺失',
    too_small: '过短、过小或为空',
    too_big: '过长或过大',
    invalid_format: '格式不正确',
    invalid_value: '取值不在允许范围内',
    invalid_union: '取值不在允许范围内',
    // the one refinement of a record: its link must stay in the app (issue 41)
    custom: '不是站内链接',
  },
  en: {
    invalid_type: 'has the wrong type or is missing',
    too_small: 'is too short, too small or empty',
    too_big: 'is too long or too large',
    invalid_format: 'has an invalid format',
    invalid_value: 'is not an allowed value',
    invalid_union: 'is not an allowed value',
    custom: 'is not an in-app link',
  },
};

function message(lang: Language, key: keyof (typeof MESSAGES)['zh'], params: Record<string, string> = {}): string {
  return MESSAGES[lang][key].replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? '');
}

/** The .xlsx file of `records` (newest first as given), headed in `lang`, as a stream (read in batches, twice). */
export function writeOperateHistoryXlsx(records: () => AsyncIterable<OperateHistoryRecord>, lang: Language): Readable {
  const headers = HEADERS[lang];
  return streamExportSheet({
    sheetName: SHEET_NAME[lang],
    columns: [
      { header: headers.no, width: 8 },
      { header: headers.type, width: 10 },
      { header: headers.title, width: 60 },
      { header: headers.total, width: 12 },
      { header: headers.time, width: 20 },
      { header: headers.router, width: 40 },
    ],
    dataHeader: headers.data,
    moreHeader: headers.more,
    rows: async function* () {
      let index = 0;
      for await (const record of records()) {
        index += 1;
        yield {
          cells: [
            index,
            TYPE_LABELS[lang][record.recordType],
            record.title.slice(0, CELL_MAX),
            record.resultTotal === undefined ? '' : Number(record.resultTotal),
            formatLocalTime(record.createdAt),
            (record.router ?? '').slice(0, CELL_MAX),
          ],
          data: JSON.stringify(record),
        };
      }
    },
  });
}

function recordTypeOf(text: string): RecordType | undefined {
  const trimmed = text.trim();
  if (/^[1-4]$/.test(trimmed)) return Number(trimmed) as RecordType;
  for (const lang of ['zh', 'en'] as const) {
    for (const [type, label] of Object.entries(TYPE_LABELS[lang])) {
      if (label.toLowerCase() === trimmed.toLowerCase()) return Number(type) as RecordType;
    }
  }
  return undefined;
}

export interface ParsedSheet {
  records: OperateHistoryRecord[];
  errors: ImportReport['errors'];
  errorsOmitted: number;
}

/** The columns an import reads, the data column first (it runs on over further cells). */
const READ_COLUMNS = ['data', 'type', 'title', 'total', 'time', 'router'] as const satisfies readonly Column[];

/** Rows checked between two turns of the event loop: a long import never holds the HTTP thread. */
const ROWS_PER_TURN = 500;

/**
 * Reads an exported file back. A row's data column wins (exact); a row without one is read from
 * the readable columns (type, title, results, time, link), so a hand-made row imports too. Each
 * bad row is reported with its spreadsheet line (row 1 is the header); the others are kept. The
 * sheet is read off the HTTP thread, refused past MAX_HISTORY_IMPORT_ROWS rows or
 * MAX_HISTORY_IMPORT_COLUMNS columns.
 */
export async function readOperateHistoryXlsx(
  file: Buffer,
  sheets: SheetReader,
  lang: Language,
  now: Date,
): Promise<ParsedSheet> {
  const sheet = await sheets.read(
    file,
    {
      columns: { by: 'header', labels: headerLabels(HEADERS, READ_COLUMNS), continued: 0 },
      maxRows: MAX_HISTORY_IMPORT_ROWS,
      maxColumns: MAX_HISTORY_IMPORT_COLUMNS,
    },
    lang,
  );
  if (!sheet.hasSheet) throw new XlsxFileError(lang === 'zh' ? '文件中没有工作表' : 'the file has no worksheet');
  const has = (column: Column) => sheet.columnsFound?.[(READ_COLUMNS as readonly Column[]).indexOf(column)] != null;
  if (!has('data') && !(has('type') && has('title'))) {
    throw new XlsxFileError(message(lang, 'noHeader'));
  }

  const records: OperateHistoryRecord[] = [];
  const errors = new ImportErrors<ImportReport['errors'][number]>();
  for (const [index, { line, values }] of sheet.rows.entries()) {
    if (index > 0 && index % ROWS_PER_TURN === 0) await nextTurn();
    const at = (column: Column) => values[(READ_COLUMNS as readonly Column[]).indexOf(column)] ?? '';
    const json = at('data');
    let candidate: unknown;
    if (json.trim()) {
      try {
        candidate = JSON.parse(json);
      } catch {
        errors.push({ line, message: message(lang, 'json') });
        continue;
      }
    } else {
      const typeText = at('type');
      const title = at('title');
      if (!typeText.trim() || !title.trim()) {
        errors.push({ line, message: message(lang, 'missing') });
        continue;
      }
      const recordType = recordTypeOf(typeText);
      if (!recordType) {
        errors.push({ line, message: message(lang, 'type', { value: typeText.slice(0, 50) }) });
        continue;
      }
      const timeText = at('time');
      const createdAt = timeText.trim() ? parseLocalTime(timeText) : now.toISOString();
      if (!createdAt) {
        errors.push({ line, message: message(lang, 'time', { value: timeText.slice(0, 50) }) });
        continue;
      }
      const total = at('total').trim();
      const router = at('router').trim();
      candidate = {
        recordType,
        title,
        createdAt,
        data: {},
        ...(total ? { resultTotal: total } : {}),
        ...(router ? { router } : {}),
      };
    }
    const parsed = OperateHistoryRecordSchema.safeParse(candidate);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      errors.push({
        line,
        message: message(lang, 'field', {
          field: issue?.path.join('.') || 'data',
          reason: REASONS[lang][issue?.code ?? ''] ?? (lang === 'zh' ? '不合法' : 'is invalid'),
        }),
      });
      continue;
    }
    records.push(parsed.data);
  }
  return { records, errors: errors.list(lang, {}), errorsOmitted: errors.omittedCount };
}

import { MAX_COMPANY_INFO_ROWS, type Language } from '@patlas/contracts';
import { AppError } from '../../errors.js';
import { ImportErrors } from '../../files/import-errors.js';
import type { SheetReader, SheetReading } from '../../files/sheet-reader.js';
import { XlsxFileError } from '../../files/spreadsheet.js';
import { companyKey } from './company-names.js';
import { decodeCsv, readCsvRecords } from './csv-records.js';

/** One company read from the operators' company information file ("企业信息表"). */
export interface CompanyInfoEntry {
  key: string;
  name: string;
  listed: boolean;
  board: string | null;
  stockCode: string | null;
  type: string | null;
  region: string | null;
  line: number;
}

export interface CompanyInfoLineError {
  line: number;
  message: string;
}

export interface CompanyInfoReading {
  entries: CompanyInfoEntry[];
  errors: CompanyInfoLineError[];
}

type Column = 'name' | 'listed' | 'board' | 'code' | 'type' | 'region';

/** Header cells naming each column (zh/en); without a header the columns are in this order. */
const HEADERS: Record<Column, RegExp> = {
  name: /^(企业名称|公司名称|企业|公司|名称|申请人|company|company name|name)$/i,
  listed: /^(是否上市|上市|上市情况|listed|is listed)$/i,
  board: /^(上市板块|板块|上市地|交易所|board|market|exchange)$/i,
  code: /^(股票代码|证券代码|代码|stock code|ticker|code)$/i,
  type: /^(企业类型|公司类型|类型|company type|type)$/i,
  region: /^(地区|所在地区|省份|地区\/省份|region|province)$/i,
};
const ORDER: readonly Column[] = ['name', 'listed', 'board', 'code', 'type', 'region'];

const YES = /^(是|y|yes|true|1|listed|上市|已上市)$/i;
const NO = /^(否|n|no|false|0|unlisted|not listed|未上市|非上市)$/i;

const MESSAGES = {
  zh: {
    name: '企业名称为空',
    listed: (v: string) => (v ? `是否上市“${v}”应为 是 或 否` : '是否上市为空（应为 是 或 否）'),
    twice: (first: number) => `该企业已在第 ${first} 行出现`,
    syntax: (m: string) => `无法读取 CSV：${m}`,
    none: '文件中没有企业行',
  },
  en: {
    name: 'the company name is empty',
    listed: (v: string) => (v ? `listed "${v}" must be yes or no (是/否)` : 'listed is empty (yes or no, 是/否)'),
    twice: (first: number) => `this company is already on line ${first}`,
    syntax: (m: string) => `cannot read the CSV: ${m}`,
    none: 'the file holds no companies',
  },
} as const;

interface SourceRow {
  line: number;
  cells: string[];
}

function clean(cell: string | undefined): string {
  return (cell ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * The companies of the rows (an optional header row naming the columns, any order; else 企业名称,
 * 是否上市, 上市板块, 股票代码, 企业类型, 地区). A malformed row is reported with its line and left out;
 * the others are kept. A company written twice keeps its first line.
 */
export function readCompanyInfoRows(rows: readonly SourceRow[], lang: Language): CompanyInfoReading {
  const m = MESSAGES[lang];
  const errors = new ImportErrors<CompanyInfoLineError>();
  let columns: Record<Column, number> = Object.fromEntries(ORDER.map((c, i) => [c, i])) as Record<Column, number>;
  let body = rows;
  const first = rows[0];
  if (
    first &&
    first.cells.some((c) => HEADERS.name.test(clean(c))) &&
    first.cells.some((c) => HEADERS.listed.test(clean(c)))
  ) {
    const headerCells = first.cells.map(clean);
    columns = Object.fromEntries(
      ORDER.map((c) => [c, headerCells.findIndex((cell) => HEADERS[c].test(cell))]),
    ) as Record<Column, number>;
    body = rows.slice(1);
  }
  const cell = (row: SourceRow, column: Column) => (columns[column] >= 0 ? clean(row.cells[columns[column]]) : '');
  const entries: CompanyInfoEntry[] = [];
  const seen = new Map<string, number>();
  for (const row of body) {
    if (row.cells.every((c) => !clean(c))) continue;
    const name = cell(row, 'name');
    if (!name) {
      errors.push({ line: row.line, message: m.name });
      continue;
    }
    const listedText = cell(row, 'listed').normalize('NFKC');
    const listed = YES.test(listedText) ? true : NO.test(listedText) ? false : undefined;
    if (listed === undefined) {
      errors.push({ line: row.line, message: m.listed(listedText) });
      continue;
    }
    const key = companyKey(name);
    const known = seen.get(key);
    if (known !== undefined) {
      errors.push({ line: row.line, message: m.twice(known) });
      continue;
    }
    seen.set(key, row.line);
    entries.push({
      key,
      name,
      listed,
      board: cell(row, 'board') || null,
      stockCode: cell(row, 'code') || null,
      type: cell(row, 'type') || null,
      region: cell(row, 'region') || null,
      line: row.line,
    });
  }
  if (entries.length === 0 && errors.omittedCount === 0 && body.length === 0) errors.push({ line: 1, message: m.none });
  return { entries, errors: errors.list(lang, {}) };
}

/** A CSV (comma, semicolon or tab separated; UTF-8 or GB18030), as the company tree's import reads it. */
export function readCompanyInfoCsv(file: Buffer, lang: Language): CompanyInfoReading {
  const text = decodeCsv(file);
  const read = readCsvRecords(text);
  if (!read.ok) return { entries: [], errors: [{ line: read.line, message: MESSAGES[lang].syntax(read.reason) }] };
  const records = read.records;
  if (records.length > MAX_COMPANY_INFO_ROWS + 1)
    throw new AppError('IMPORT_TOO_MANY_ROWS', { max: MAX_COMPANY_INFO_ROWS.toLocaleString('en-US') });
  return readCompanyInfoRows(records, lang);
}

/** An .xlsx: its first worksheet, read off the HTTP thread by the sheet worker (files/sheet-reader.ts). */
export async function readCompanyInfoXlsx(
  file: Buffer,
  lang: Language,
  sheets: SheetReader,
): Promise<CompanyInfoReading> {
  let sheet: SheetReading;
  try {
    sheet = await sheets.read(
      file,
      { columns: { by: 'position', columns: [1, 2, 3, 4, 5, 6, 7, 8] }, maxRows: MAX_COMPANY_INFO_ROWS },
      lang,
    );
  } catch (err) {
    if (!(err instanceof XlsxFileError)) throw err;
    throw new AppError('IMPORT_FILE_INVALID', {
      reason: !err.isNotXlsx
        ? err.reason
        : lang === 'zh'
          ? '请另存为 .xlsx 后重新上传'
          : 'please save it as .xlsx and upload again',
    });
  }
  return readCompanyInfoRows(
    sheet.rows.map((row) => ({ line: row.line, cells: row.values })),
    lang,
  );
}

import type { BatchImportResponse, BatchMode, Language } from '@patlas/contracts';
import { MAX_BATCH_APPLICANTS, MAX_BATCH_IMPORT_ROWS, MAX_BATCH_NUMBERS } from '@patlas/contracts';
import { AppError } from '../../errors.js';
import { ImportErrors } from '../../files/import-errors.js';
import type { SheetReader, SheetReading } from '../../files/sheet-reader.js';
import { XlsxFileError } from '../../files/spreadsheet.js';
import { splitBatchApplicants, splitBatchNumbers } from '@patlas/contracts';
import { numberProblem } from '../../kernel/batch-input.js';

const PROBLEM_TEXT: Record<'tooLong' | 'notANumber' | 'overLimit', Record<Language, string>> = {
  tooLong: { zh: '内容过长，不是公开号或申请号', en: 'Too long to be a publication or application number' },
  notANumber: { zh: '不是有效的公开号或申请号', en: 'Not a valid publication or application number' },
  overLimit: { zh: '超出单次检索数量上限 {max}', en: 'Beyond the limit of {max} per search' },
};

/** One line of the file: its number (1-based, as an editor shows it) and its text. */
interface SourceLine {
  line: number;
  text: string;
}

/**
 * Reads the values of the lines: every value of a good line is kept; a line holding a value that
 * cannot be a number is reported by its line number with the rest imported. Values beyond the
 * per-search limit are reported too, so the user knows where the list was cut.
 */
export function collectValues(lines: readonly SourceLine[], mode: BatchMode, lang: Language): BatchImportResponse {
  const max = mode === 'number' ? MAX_BATCH_NUMBERS : MAX_BATCH_APPLICANTS;
  const values: string[] = [];
  const seen = new Set<string>();
  const errors = new ImportErrors<BatchImportResponse['errors'][number]>();
  for (const { line, text } of lines) {
    const found = mode === 'number' ? splitBatchNumbers(text) : splitBatchApplicants(text);
    for (const value of found) {
      const problem = mode === 'number' ? numberProblem(value) : undefined;
      if (problem) {
        errors.push({ line, value, message: PROBLEM_TEXT[problem][lang] });
        continue;
      }
      const key = value.toUpperCase();
      if (seen.has(key)) continue;
      if (values.length >= max) {
        errors.push({ line, value, message: PROBLEM_TEXT.overLimit[lang].replace('{max}', String(max)) });
        continue;
      }
      seen.add(key);
      values.push(value);
    }
  }
  return {
    values,
    errors: errors.list(lang, { value: '…' }),
    ...(errors.omittedCount > 0 ? { errorsOmitted: errors.omittedCount } : {}),
  };
}

/** A .txt file: UTF-8 (a BOM is dropped), one or more values per line. */
export function parseTxt(file: Buffer, mode: BatchMode, lang: Language): BatchImportResponse {
  const text = file.toString('utf8').replace(/^\uFEFF/, '');
  if (text.includes('\u0000')) throw new AppError('IMPORT_FILE_TYPE', { types: '.txt' });
  const lines = text.split(/\r?\n/).map((line, index) => ({ line: index + 1, text: line }));
  return collectValues(lines, mode, lang);
}

/**
 * A spreadsheet: the key column is the first one (spec 1 §7); a header row without digits is
 * skipped in number mode. Read off the HTTP thread, streamed, and refused at its first row past
 * MAX_BATCH_IMPORT_ROWS (the zip-bomb limits are checked as it unpacks).
 */
export async function parseWorkbook(
  file: Buffer,
  mode: BatchMode,
  lang: Language,
  sheets: SheetReader,
): Promise<BatchImportResponse> {
  let sheet: SheetReading;
  try {
    sheet = await sheets.read(
      file,
      { columns: { by: 'position', columns: [1] }, maxRows: MAX_BATCH_IMPORT_ROWS },
      lang,
    );
  } catch (err) {
    if (!(err instanceof XlsxFileError)) throw err;
    // exceljs reads .xlsx only; an old binary .xls (or anything else) lands here.
    throw new AppError('IMPORT_FILE_INVALID', {
      reason: !err.isNotXlsx
        ? err.reason
        : lang === 'zh'
          ? '请另存为 .xlsx 后重新上传'
          : 'please save it as .xlsx and upload again',
    });
  }
  const lines: SourceLine[] = [];
  for (const { line, values } of sheet.rows) {
    const text = (values[0] ?? '').trim();
    if (!text) continue;
    if (line === 1 && mode === 'number' && !/\d/.test(text)) continue;
    if (line === 1 && mode === 'applicant' && /^(申请人|applicants?|name)$/i.test(text)) continue;
    lines.push({ line, text });
  }
  return collectValues(lines, mode, lang);
}

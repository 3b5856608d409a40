import {
  MAX_LIBRARY_IMPORT_ROWS,
  MAX_LIBRARY_LABEL_NAME_LENGTH,
  splitBatchNumbers,
  type Language,
} from '@patlas/contracts';
import { AppError } from '../../errors.js';
import type { SheetReader, SheetReading } from '../../files/sheet-reader.js';
import { XlsxFileError } from '../../files/spreadsheet.js';
import { numberProblem } from '../../kernel/batch-input.js';

/** One number read from an import file, with the line it came from and the labels of that line. */
export interface ImportedNumber {
  line: number;
  value: string;
  labels: string[];
}

/** What a file holds: its numbers in order (each written form once) and the values that are no number. */
export interface ImportReading {
  numbers: ImportedNumber[];
  problems: { line: number; value: string; problem: 'tooLong' | 'notANumber' }[];
}

/** Labels of a spreadsheet's second column: separated like numbers, spaces kept inside a label. */
const LABEL_SEPARATORS = /[,，;；、\r\n]+/;

function readLine(line: number, text: string, labels: string[], reading: ImportReading, seen: Set<string>): void {
  for (const value of splitBatchNumbers(text)) {
    const problem = numberProblem(value);
    if (problem) {
      reading.problems.push({ line, value, problem });
      continue;
    }
    const key = value.toUpperCase();
    if (seen.has(key)) continue;
    seen.add(key);
    reading.numbers.push({ line, value, labels });
  }
}

/**
 * A .txt import (UTF-8, a BOM dropped): numbers separated by commas, spaces, semicolons and line
 * breaks (spec 2 §5 "semicolon in library import"), in any written form batch search reads.
 */
export function readTxtImport(file: Buffer): ImportReading {
  const text = file.toString('utf8').replace(/^\uFEFF/, '');
  if (text.includes('\u0000')) throw new AppError('IMPORT_FILE_TYPE', { types: '.txt / .xlsx' });
  const reading: ImportReading = { numbers: [], problems: [] };
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((line, index) => readLine(index + 1, line, [], reading, seen));
  return reading;
}

/**
 * A spreadsheet import: the numbers in the first column (spec 2 §5 "the key column first"), the
 * indexing labels of each row in the second (optional). A header row without digits is skipped.
 * Read off the HTTP thread, streamed, and refused at its first row past MAX_LIBRARY_IMPORT_ROWS
 * (the zip-bomb limits are checked as it unpacks).
 */
export async function readWorkbookImport(file: Buffer, lang: Language, sheets: SheetReader): Promise<ImportReading> {
  let sheet: SheetReading;
  try {
    sheet = await sheets.read(
      file,
      { columns: { by: 'position', columns: [1, 2] }, maxRows: MAX_LIBRARY_IMPORT_ROWS },
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
  const reading: ImportReading = { numbers: [], problems: [] };
  const seen = new Set<string>();
  for (const { line, values } of sheet.rows) {
    const text = (values[0] ?? '').trim();
    if (!text) continue;
    if (line === 1 && !/\d/.test(text)) continue;
    const labels = [
      ...new Set(
        (values[1] ?? '')
          .split(LABEL_SEPARATORS)
          // A longer label is kept by its first MAX_LIBRARY_LABEL_NAME_LENGTH characters.
          .map((l) => l.trim().slice(0, MAX_LIBRARY_LABEL_NAME_LENGTH))
          .filter(Boolean),
      ),
    ];
    readLine(line, text, labels, reading, seen);
  }
  return reading;
}

import ExcelJS from 'exceljs';
import { MAX_LIBRARY_LABEL_NAME_LENGTH, splitBatchNumbers, type Language } from '@patlas/contracts';
import { AppError } from '../../errors.js';
import { checkXlsxBuffer, XlsxLimitError } from '../../files/xlsx-guard.js';
import { numberProblem } from '../batch-search/batch-input.js';

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
 * The zip-bomb limits are checked before exceljs unpacks the file.
 */
export async function readWorkbookImport(file: Buffer, lang: Language): Promise<ImportReading> {
  const notXlsx = () =>
    new AppError('IMPORT_FILE_INVALID', {
      reason: lang === 'zh' ? '请另存为 .xlsx 后重新上传' : 'please save it as .xlsx and upload again',
    });
  try {
    await checkXlsxBuffer(file, lang);
  } catch (err) {
    if (err instanceof XlsxLimitError)
      throw err.isNotZip ? notXlsx() : new AppError('IMPORT_FILE_INVALID', { reason: err.reason });
    throw err;
  }
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw notXlsx();
  }
  const reading: ImportReading = { numbers: [], problems: [] };
  const seen = new Set<string>();
  workbook.worksheets[0]?.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const text = (row.getCell(1).text ?? '').trim();
    if (!text) return;
    if (rowNumber === 1 && !/\d/.test(text)) return;
    const labels = [
      ...new Set(
        (row.getCell(2).text ?? '')
          .split(LABEL_SEPARATORS)
          // A longer label is kept by its first MAX_LIBRARY_LABEL_NAME_LENGTH characters.
          .map((l) => l.trim().slice(0, MAX_LIBRARY_LABEL_NAME_LENGTH))
          .filter(Boolean),
      ),
    ];
    readLine(rowNumber, text, labels, reading, seen);
  });
  return reading;
}

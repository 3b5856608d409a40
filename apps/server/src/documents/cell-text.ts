import { EXPORT_TRUNCATION_MARK, XLSX_MAX_CELL_LENGTH } from '@patlas/contracts';

/** Characters XML 1.0 cannot hold (a workbook with one does not open). */
// eslint-disable-next-line no-control-regex
const XML_ILLEGAL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/g;

/**
 * A cell's text as a workbook can hold it: characters XML cannot carry removed, line breaks as
 * Excel writes them (LF: an XML reader turns CRLF into LF anyway), and a text longer
 * than Excel's cell limit cut so that, with EXPORT_TRUNCATION_MARK at its end, it fits exactly.
 * A cut never splits a surrogate pair (a rare CJK extension character stays whole or goes).
 */
export function xlsxCellText(value: string): string {
  const text = value.replace(XML_ILLEGAL, '').replace(/\r\n?/g, '\n');
  if (text.length <= XLSX_MAX_CELL_LENGTH) return text;
  let end = XLSX_MAX_CELL_LENGTH - EXPORT_TRUNCATION_MARK.length;
  const last = text.charCodeAt(end - 1);
  if (last >= 0xd800 && last <= 0xdbff) end -= 1;
  return text.slice(0, end) + EXPORT_TRUNCATION_MARK;
}

/**
 * A text that a spreadsheet program would run as a formula when it opens a CSV: one starting with
 * `=`, `+`, `-` or `@` (OWASP "CSV injection"), or with a tab or carriage return (some programs
 * skip those and read what follows). Such a text gets a leading `'`, which Excel and LibreOffice
 * show as text and never evaluate (issue 41 §4). xlsx needs none of this: its cells are typed, and
 * the table writers store every text as a string cell, never as a formula.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

import type { ImportItem, PatentFormat } from '../format.js';
import { stripGzName } from '../shared/cn-open.js';
import { readCanonicalTable } from '../shared/csv-canonical.js';
import { readXlsxRows } from '../shared/csv-table.js';

/**
 * The canonical table format as an Excel workbook: the first worksheet, a header row with
 * English or Chinese column names, one patent per row; `line` is the sheet's row number.
 */
export const canonicalXlsxFormat: PatentFormat = {
  id: 'canonical-xlsx',
  description: 'Canonical XLSX (first sheet) with a header row (publicationNumber/公开号, title/标题…)',
  detect(fileName, head) {
    // An xlsx is a zip: its columns cannot be seen in the first bytes, only the zip signature.
    return /\.xlsx$/i.test(stripGzName(fileName)) && (head.startsWith('PK') || /\.gz$/i.test(fileName));
  },
  async *read(file): AsyncGenerator<ImportItem> {
    try {
      yield* readCanonicalTable(readXlsxRows(file), file);
    } catch (error) {
      yield { ok: false, file, line: 1, error: `not a readable XLSX workbook: ${(error as Error).message}` };
    }
  },
};

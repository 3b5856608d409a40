import type { ImportItem, PatentFormat } from '../format.js';
import { stripGzName } from '../shared/cn-open.js';
import { readCanonicalTable } from '../shared/csv-canonical.js';
import { mapCanonicalHeader } from '../shared/csv-columns.js';
import { detectDelimiter, readCsvRows, readFirstLine, TableSyntaxError } from '../shared/csv-table.js';

/**
 * The canonical table format as CSV (docs/import-formats.md): a header row with English or
 * Chinese column names (incoPat, PatSnap, CNIPA exports), one patent per row. Comma, tab or
 * semicolon separated, UTF-8 with or without BOM.
 */
export const canonicalCsvFormat: PatentFormat = {
  id: 'canonical-csv',
  description: 'Canonical CSV/TSV with a header row (publicationNumber/公开号, title/标题, applicants/申请人…)',
  detect(fileName, head) {
    if (!/\.(csv|tsv|txt)$/i.test(stripGzName(fileName))) return false;
    const lines = head
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)
      .slice(0, 10);
    return lines.some((line) =>
      mapCanonicalHeader(line.split(detectDelimiter(line)).map((c) => c.replace(/^"|"$/g, ''))).columns.includes(
        'publicationNumber',
      ),
    );
  },
  async *read(file): AsyncGenerator<ImportItem> {
    const delimiter = /\.tsv$/i.test(stripGzName(file)) ? '\t' : detectDelimiter(await readFirstLine(file));
    try {
      yield* readCanonicalTable(readCsvRows(file, { delimiter }), file);
    } catch (error) {
      if (!(error instanceof TableSyntaxError)) throw error;
      yield { ok: false, file, line: error.line, error: `CSV syntax error, rest of file skipped: ${error.message}` };
    }
  },
};

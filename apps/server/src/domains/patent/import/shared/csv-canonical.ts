import type { ImportItem } from '../format.js';
import { validateRecord } from './cn-validate.js';
import { buildCanonicalRecord, type CanonicalColumn, type CanonicalHeader, mapCanonicalHeader } from './csv-columns.js';
import type { TableRow } from './csv-table.js';

/** Exports often open with a title or query line before the header; look this far for it. */
const HEADER_SEARCH_ROWS = 10;

/**
 * Turns the rows of a canonical CSV or XLSX table into import items: the header is the first
 * row (within the first ten) that names a publication-number column; each later row becomes a
 * record or a bad item with its line. Fully blank rows are skipped. `onHeader` receives the
 * mapped header once (unknown columns are ignored; the caller may warn about them).
 */
export async function* readCanonicalTable(
  rows: AsyncIterable<TableRow>,
  file: string,
  onHeader?: (header: CanonicalHeader) => void,
): AsyncGenerator<ImportItem> {
  let header: CanonicalHeader | undefined;
  const index = new Map<CanonicalColumn, number>();
  let firstLine: number | undefined;
  for await (const { line, cells } of rows) {
    if (cells.every((cell) => cell.trim() === '')) continue;
    if (!header) {
      firstLine ??= line;
      const candidate = mapCanonicalHeader(cells);
      if (candidate.columns.includes('publicationNumber')) {
        header = candidate;
        header.columns.forEach((column, i) => column && index.set(column, i));
        onHeader?.(header);
      } else if (line - firstLine + 1 >= HEADER_SEARCH_ROWS) {
        yield {
          ok: false,
          file,
          line: firstLine,
          error: 'no header row with a publication number column (publicationNumber, 公开号, 公开(公告)号…)',
        };
        return;
      }
      continue;
    }
    const result = buildCanonicalRecord((column) => cells[index.get(column) ?? -1] ?? '');
    if ('error' in result) yield { ok: false, file, line, error: result.error };
    else yield validateRecord(result.record, file, line);
  }
  if (!header && firstLine !== undefined) {
    yield {
      ok: false,
      file,
      line: firstLine,
      error: 'no header row with a publication number column (publicationNumber, 公开号, 公开(公告)号…)',
    };
  }
}

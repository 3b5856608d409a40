import { parse } from 'csv-parse/sync';

/** A CSV row with the (1-based) line it ends on, as an editor shows it. */
export interface CsvRecord {
  cells: string[];
  line: number;
}

/** The operators' CSV uploads (company tree, company information): UTF-8 (with or without BOM), else GB18030. */
export function decodeCsv(file: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(file).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('gb18030').decode(file);
  }
}

/**
 * The rows of a CSV separated by commas, semicolons, tabs or full-width commas (whichever splits its
 * first line most), or the line and first sentence of the parser's complaint.
 */
export function readCsvRecords(
  text: string,
):
  | { readonly ok: true; readonly records: CsvRecord[] }
  | { readonly ok: false; readonly line: number; readonly reason: string } {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = [',', ';', '\t', '，'].reduce((best, d) =>
    firstLine.split(d).length > firstLine.split(best).length ? d : best,
  );
  try {
    const records = parse(text, {
      delimiter,
      relax_column_count: true,
      skip_empty_lines: true,
      info: true,
      bom: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return { ok: true, records: records.map(({ record, info }) => ({ cells: record, line: info.lines })) };
  } catch (err) {
    return {
      ok: false,
      line: (err as { lines?: number }).lines ?? 1,
      reason: (err as Error).message.split('\n')[0] ?? '',
    };
  }
}

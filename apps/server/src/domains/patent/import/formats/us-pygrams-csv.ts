import { basename } from 'node:path';
import { parse } from 'csv-parse';
import type { ImportItem, PatentFormat } from '../format.js';
import { openText, plainName } from '../shared/open-text.js';
import { toErrorItem, toImportItem } from '../shared/validate-record.js';
import type { PygramsRow } from './us-pygrams-jsonl.js';
import { mapPygramsRow } from './us-pygrams-jsonl.js';

async function* readPygramsCsv(file: string): AsyncGenerator<ImportItem> {
  const input = openText(file);
  const parser = input.pipe(parse({ columns: true, info: true, relax_column_count: true, bom: true }));
  // csv-parse tells the last line of each record; a record starts one line after the previous one ended.
  let lastLine = 1;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: PygramsRow; info: { lines: number } }>) {
      const line = lastLine + 1;
      lastLine = info.lines;
      try {
        yield toImportItem(mapPygramsRow(record), file, line);
      } catch (err) {
        yield toErrorItem(err, file, line);
      }
    }
  } catch (err) {
    yield toErrorItem(
      new Error(`CSV not readable: ${err instanceof Error ? err.message : String(err)}`),
      file,
      lastLine + 1,
    );
  } finally {
    input.destroy();
  }
}

export const usPygramsCsvFormat: PatentFormat = {
  id: 'us-pygrams-csv',
  description: 'USPTO random sample (pyGrams) as CSV: patent_id, abstract, classifications_cpc, publication_date.',
  detect(fileName: string, head: string): boolean {
    return (
      /\.csv$/i.test(plainName(basename(fileName))) && /^[^\n]*\bpatent_id\b[^\n]*\bclassifications_cpc\b/.test(head)
    );
  },
  read: readPygramsCsv,
};

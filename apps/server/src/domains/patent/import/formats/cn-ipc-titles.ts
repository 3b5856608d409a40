import type { Patent } from '@patlas/contracts';
import type { ImportItem, PatentFormat } from '../format.js';
import { stripGzName } from '../shared/cn-open.js';
import { parsePublicationNumber, patentTypeFromCnKind } from '../shared/cn-number.js';
import { compact, validateRecord } from '../shared/cn-validate.js';
import { readCsvRows, TableSyntaxError } from '../shared/csv-table.js';

const REQUIRED = ['publication_numbers', 'patent_title', 'true_subclasses_all'] as const;

/**
 * lxingy3/chinese-patent-ipc-classifier `oof_predictions.csv`: CN number, title and the true
 * IPC subclasses (`A01M|G06F`). `predicted_subclasses` is a model's guess and is ignored.
 */
export const cnIpcTitlesFormat: PatentFormat = {
  id: 'cn-ipc-titles',
  description: 'CN titles with IPC subclasses (CSV: publication_numbers,patent_title,true_subclasses_all…)',
  detect(fileName, head) {
    const header = head.replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';
    return /\.csv$/i.test(stripGzName(fileName)) && REQUIRED.every((name) => header.split(',').includes(name));
  },
  async *read(file): AsyncGenerator<ImportItem> {
    let columns: Map<string, number> | undefined;
    try {
      for await (const { line, cells } of readCsvRows(file)) {
        if (!columns) {
          columns = new Map(cells.map((name, index) => [name.trim(), index]));
          const missing = REQUIRED.filter((name) => !columns?.has(name));
          if (missing.length > 0) {
            yield { ok: false, file, line, error: `header lacks ${missing.join(', ')}` };
            return;
          }
          continue;
        }
        const cell = (name: string) => cells[columns?.get(name) ?? -1]?.trim() ?? '';
        if (cells.every((c) => c.trim() === '')) continue;
        const number = parsePublicationNumber(cell('publication_numbers'));
        if (!number) {
          yield { ok: false, file, line, error: `no valid publication number ("${cell('publication_numbers')}")` };
          continue;
        }
        const ipc = [
          ...new Set(
            cell('true_subclasses_all')
              .split('|')
              .map((s) => s.trim())
              .filter(Boolean),
          ),
        ];
        const title = cell('patent_title');
        const record: Patent = compact({
          publicationNumber: number.publicationNumber,
          country: number.country,
          kind: number.kind,
          patentType: number.country === 'CN' ? patentTypeFromCnKind(number.kind) : undefined,
          title: title ? { lang: 'zh', text: title } : undefined,
          classifications: ipc.length > 0 ? { ipc } : undefined,
        });
        yield validateRecord(record, file, line);
      }
    } catch (error) {
      if (!(error instanceof TableSyntaxError)) throw error;
      yield { ok: false, file, line: error.line, error: `CSV syntax error, rest of file skipped: ${error.message}` };
    }
  },
};

import type { ImportItem, PatentFormat } from '../format.js';
import { readCnLines, stripGzName } from '../shared/cn-open.js';
import { validateRecord } from '../shared/cn-validate.js';

/**
 * The canonical JSON Lines format: one `Patent` object (packages/contracts/src/patent.ts) per
 * line, as the product's own exports and the bench generator write it. Blank lines are skipped;
 * unknown fields are dropped by the schema.
 */
export const canonicalJsonlFormat: PatentFormat = {
  id: 'canonical-jsonl',
  description: 'Canonical JSON Lines: one Patent object per line ({"publicationNumber":…,"country":…})',
  detect(fileName, head) {
    return (
      /\.(jsonl|ndjson)$/i.test(stripGzName(fileName)) &&
      /^\uFEFF?\s*\{/.test(head) &&
      head.includes('"publicationNumber"')
    );
  },
  async *read(file): AsyncGenerator<ImportItem> {
    for await (const { line, text } of readCnLines(file)) {
      if (!text.trim()) continue;
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        yield { ok: false, file, line, error: `invalid JSON: ${(error as Error).message}` };
        continue;
      }
      if (value === null || typeof value !== 'object' || Array.isArray(value)) {
        yield { ok: false, file, line, error: 'the line is not a JSON object' };
        continue;
      }
      yield validateRecord(value, file, line);
    }
  },
};

import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ImportItem } from '../format.js';
import { canonicalJsonlFormat } from './canonical-jsonl.js';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../../../../test/fixtures/import/canonical/${name}`, import.meta.url));

async function collect(items: AsyncIterable<ImportItem>): Promise<ImportItem[]> {
  const out: ImportItem[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('canonical-jsonl format', () => {
  it('reads one Patent per line and reports bad lines with their number', async () => {
    for (const name of ['patents.jsonl', 'patents.jsonl.gz']) {
      const items = await collect(canonicalJsonlFormat.read(fixture(name)));
      expect(items.map((i) => [i.ok, i.line])).toEqual([
        [true, 1],
        [true, 2],
        [false, 4],
        [false, 5],
        [true, 6],
      ]);
      const first = items[0];
      expect(first?.ok && first.record.inventors?.map((p) => p.name)).toEqual(['李育超', '于泽溪', '魏璐璐', '黄根清']);
      const badDate = items[2];
      expect(!badDate?.ok && badDate?.error).toBe('applicationDate: YYYY-MM-DD (got "2018/07/20")');
      const badJson = items[3];
      expect(!badJson?.ok && badJson?.error).toMatch(/^invalid JSON/);
    }
  });

  it('detects JSON Lines of Patent objects', () => {
    expect(canonicalJsonlFormat.detect('export.jsonl.gz', '{"publicationNumber":"CN1A","country":"CN"}\n')).toBe(true);
    expect(canonicalJsonlFormat.detect('export.jsonl', '{"patent_id":"1"}\n')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { readAll, recordsOf, usFixture } from '../shared/us-test-helpers.js';
import { parsePythonList, usPygramsJsonlFormat } from './us-pygrams-jsonl.js';
import { usPygramsCsvFormat } from './us-pygrams-csv.js';

describe('us-pygrams-jsonl', () => {
  it('maps patent_id to number and date, keeps abstract and CPC, invents no title', async () => {
    const items = await readAll(usPygramsJsonlFormat, usFixture('random10k-head.jsonl'));
    expect(items.map((i) => i.ok)).toEqual([true, true, true, false, true, true]);
    const first = items[0]?.ok ? items[0].record : undefined;
    expect(first).toMatchObject({ publicationNumber: 'US6836996', country: 'US', publicationDate: '2005-01-04' });
    expect(first?.abstract?.text.startsWith('A modular hook assembly')).toBe(true);
    expect(first?.title).toBeUndefined();
  });

  it('reports the broken line with its number', async () => {
    const items = await readAll(usPygramsJsonlFormat, usFixture('random10k-head.jsonl'));
    expect(items[3]).toMatchObject({ ok: false, line: 4 });
    expect(items[3]?.ok === false && items[3].error).toMatch(/invalid JSON/);
    expect(items[4]?.line).toBe(5);
  });

  it('detects the JSONL by its first key', () => {
    expect(usPygramsJsonlFormat.detect('USPTO-random-10000.jsonl.gz', '{"patent_id": "US06836996-20050104"')).toBe(
      true,
    );
    expect(usPygramsJsonlFormat.detect('x.jsonl', '{"publicationNumber": "CN1"}')).toBe(false);
  });
});

describe('us-pygrams-csv', () => {
  it('reads the CSV rows with their CPC lists and start lines', async () => {
    const items = await readAll(usPygramsCsvFormat, usFixture('random-100-head.csv'));
    const records = recordsOf(items);
    expect(records).toHaveLength(4);
    expect(items[0]?.line).toBe(2);
    expect(records[0]).toMatchObject({ publicationNumber: 'US6841689', publicationDate: '2005-01-11' });
    expect(records[0]?.classifications).toBeUndefined();
    expect(records.some((r) => (r.classifications?.cpc?.length ?? 0) > 0)).toBe(true);
  });

  it('parses Python list reprs', () => {
    expect(parsePythonList("['B05D3/02', 'H05K1/00']")).toEqual(['B05D3/02', 'H05K1/00']);
    expect(parsePythonList('[]')).toEqual([]);
  });
});

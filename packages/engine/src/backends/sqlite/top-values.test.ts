import { describe, expect, it } from 'vitest';
import { DocColumns, topValues } from './doc-columns.js';
import type { DocColumnValues } from './index-tokens.js';

/** What countFacet answered before: every counted value sorted, the first `limit`. */
function sortedAll(counts: Int32Array, values: readonly string[], limit: number) {
  const all: { value: string; count: number }[] = [];
  for (let v = 1; v < counts.length; v++)
    if ((counts[v] as number) > 0) all.push({ value: values[v]!, count: counts[v]! });
  return all.sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0)).slice(0, limit);
}

describe('topValues', () => {
  it('answers exactly what sorting every value answers, ties by value, on random counts', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    for (let round = 0; round < 200; round++) {
      const size = 1 + Math.floor(random() * 3000);
      const values = Array.from({ length: size }, (_, i) => (i === 0 ? '' : `v${Math.floor(random() * 5000)}-${i}`));
      const counts = new Int32Array(size);
      const skew = random() < 0.5 ? 3 : 200;
      for (let v = 1; v < size; v++) counts[v] = random() < 0.3 ? 0 : Math.floor(random() * random() * skew);
      const limit = 1 + Math.floor(random() * 60);
      expect(topValues(counts, values, limit)).toEqual(sortedAll(counts, values, limit));
    }
  });

  it('keeps the first values by name among many tied at the last count that makes the top', () => {
    // Eleven counted values for a top 2: past the small-set path, into the histogram's.
    const values = ['', 'k', 'c', 'a', 'b', 'top', 'd', 'e', 'j', 'i', 'h', 'g'];
    const counts = Int32Array.from([0, 1, 1, 1, 1, 9, 1, 1, 1, 1, 1, 1]);
    expect(topValues(counts, values, 2)).toEqual([
      { value: 'top', count: 9 },
      { value: 'a', count: 1 },
    ]);
  });
});

/** A facet counted plainly: each hit's values, the most frequent first, ties by value. */
function countedTop(hits: Int32Array, docs: readonly string[][], limit: number) {
  const counts = new Map<string, number>();
  for (const id of hits) for (const value of docs[id]!) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts]
    .map(([value, count]) => ({ value, count }))
    .sort((a, b) => b.count - a.count || (a.value < b.value ? -1 : a.value > b.value ? 1 : 0))
    .slice(0, limit);
}

describe('countFacet', () => {
  it('counts each call from zero (its scratch counts are cleared) and equals sorting every value', () => {
    const columns = new DocColumns();
    let seed = 11;
    const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648;
    const names = Array.from({ length: 300 }, (_, i) => `申请人${i}`);
    const docs: string[][] = [];
    for (let id = 1; id <= 2000; id++) {
      const applicants = [
        ...new Set(
          Array.from({ length: 1 + Math.floor(random() * 3) }, () => names[Math.floor(random() * random() * 300)]!),
        ),
      ];
      docs[id] = applicants;
      columns.set(id, {
        applicants,
        inventors: [],
        ipcSubclasses: [],
        country: 'CN',
        year: `${2000 + (id % 20)}`,
      } as unknown as DocColumnValues);
    }
    for (let round = 0; round < 20; round++) {
      const hits = Int32Array.from(Array.from({ length: 2000 }, (_, i) => i + 1).filter(() => random() < 0.4));
      const expected = countedTop(hits, docs, 10);
      expect(columns.countFacet('applicant', hits, 10)).toEqual(expected);
      const years = columns.countFacet('year', hits, 50);
      expect(years.reduce((sum, y) => sum + y.count, 0)).toBe(hits.length);
    }
  });

  it('meets thousands of values in one call (its scratch of values met grows) and counts a smaller facet after it', () => {
    const columns = new DocColumns();
    const docs: string[][] = [];
    for (let id = 1; id <= 3000; id++) {
      // Three inventors a document, ~4,000 distinct: past the scratch's first 1,024 values met.
      const inventors = [`发明人${id}`, `发明人${(id * 7) % 1000}`, `发明人${5000 + (id % 37)}`];
      docs[id] = inventors;
      columns.set(id, {
        applicants: [`申请人${id % 5}`],
        inventors,
        ipcSubclasses: [],
        country: 'CN',
        year: '2020',
      } as unknown as DocColumnValues);
    }
    const hits = Int32Array.from({ length: 3000 }, (_, i) => i + 1);
    const expected = countedTop(hits, docs, 40);
    expect(new Set(docs.flat()).size).toBeGreaterThan(2048);
    expect(columns.countFacet('inventor', hits, 40)).toEqual(expected);
    expect(columns.countFacet('applicant', hits, 10)).toEqual(
      [0, 1, 2, 3, 4].map((k) => ({ value: `申请人${k}`, count: 600 })),
    );
    expect(columns.countFacet('inventor', hits, 40)).toEqual(expected);
  });
});

import { describe, expect, it } from 'vitest';
import { intersect, unionAll } from './id-sets.js';

/** Ascending distinct ids drawn from [0, range) with a seeded generator. */
function randomList(seed: number, count: number, range: number): Int32Array {
  let x = seed;
  const ids = new Set<number>();
  while (ids.size < count) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    ids.add(x % range);
  }
  return Int32Array.from([...ids].sort((a, b) => a - b));
}

function reference(lists: readonly Int32Array[]): number[] {
  return [...new Set(lists.flatMap((l) => [...l]))].sort((a, b) => a - b);
}

describe('unionAll', () => {
  it('unites dense lists (marks) and sparse ones (merged two by two) exactly, overlaps and empties included', () => {
    for (const [count, range, k] of [
      [2_000, 4_000, 3], // dense: marks
      [50, 1_000_000, 5], // sparse: merged
      [10, 1_000_000, 2],
      [300, 30_000, 7], // at the edge
    ] as const) {
      const lists = Array.from({ length: k }, (_, i) => randomList(i + 1, count, range));
      // A shared part, an empty list and a duplicate list.
      lists.push(lists[0]!.subarray(0, 5), new Int32Array(0), lists[1]!);
      const out = unionAll(lists);
      expect([...out]).toEqual(reference(lists));
      // A union of several lists is a list of its own: a kept input is never handed out to be changed.
      for (const l of lists) expect(out.buffer).not.toBe(l.buffer);
    }
  });

  it('keeps every list of an odd number of sparse ones', () => {
    const lists = [Int32Array.from([5, 900_000]), Int32Array.from([7]), Int32Array.from([1, 6, 800_000])];
    expect([...unionAll(lists)]).toEqual([1, 5, 6, 7, 800_000, 900_000]);
  });

  it('returns a lone list as it is, and nothing for no lists', () => {
    const only = Int32Array.from([3, 9, 400_000]);
    expect(unionAll([only])).toBe(only);
    expect([...unionAll([])]).toEqual([]);
    expect([...unionAll([new Int32Array(0), new Int32Array(0)])]).toEqual([]);
  });
});

describe('intersect', () => {
  it('keeps the ids in both lists, by a merge or by seeks in a much longer list, in either order', () => {
    const cases: [number, number, number, number][] = [
      [1, 300, 2, 300],
      [3, 5, 4, 80_000],
      [5, 40, 6, 159],
      [7, 2_000, 8, 9_000],
      [9, 1, 10, 500],
    ];
    for (const [seedA, countA, seedB, countB] of cases) {
      const a = randomList(seedA, countA, 100_000);
      // Half of the short list's ids put into the long one, so the lists share some.
      const b = Int32Array.from(
        new Set([...randomList(seedB, countB, 100_000), ...[...a].filter((_, i) => i % 2 === 0)]),
      ).sort();
      const inB = new Set(b);
      const want = [...a].filter((id) => inB.has(id));
      expect(want.length).toBeGreaterThan(0);
      expect([...intersect(a, b)]).toEqual(want);
      expect([...intersect(b, a)]).toEqual(want);
    }
    expect([...intersect(new Int32Array(0), randomList(1, 50, 1000))]).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { unionAll } from './id-sets.js';

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

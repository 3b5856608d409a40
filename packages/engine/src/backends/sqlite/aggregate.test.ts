import { describe, expect, it } from 'vitest';
import { buildUnits, topValues } from './aggregate.js';

/** A small deterministic generator (the test must not depend on Math.random). */
function lcg(seed: number): () => number {
  let x = seed;
  return () => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return x / 2 ** 31;
  };
}

describe('topValues', () => {
  it('equals sorting every value by count then key, with many ties at the cut', () => {
    const rand = lcg(7);
    for (const [size, maxCount, limit] of [
      [2000, 3, 50],
      [5000, 40, 20],
      [300, 2, 500],
      [50, 1, 10],
    ] as const) {
      const keys = ['', ...Array.from({ length: size }, (_, i) => `k${Math.floor(rand() * 1e6)}-${i}`)];
      const counts = Int32Array.from(keys, (_, v) => (v === 0 ? 0 : Math.floor(rand() * (maxCount + 1))));
      const reference = keys
        .map((k, v) => ({ v, k, c: counts[v]! }))
        .filter((x) => x.v > 0 && x.c > 0)
        .sort((a, b) => b.c - a.c || (a.k < b.k ? -1 : a.k > b.k ? 1 : 0))
        .slice(0, limit)
        .map((x) => x.v);
      expect(topValues(counts, keys, limit)).toEqual(reference);
    }
  });
});

describe('buildUnits', () => {
  it('groups hits by group id in id order, ungrouped documents after, each unit in hit order', () => {
    const groups = Int32Array.from([0, 2, 0, 1, 2, 0, 1, 3]);
    const units = buildUnits(Int32Array.from([1, 2, 3, 4, 5, 6]), groups);
    const listed = Array.from({ length: units.count }, (_, u) =>
      Array.from(units.order.subarray(units.start[u], units.start[u + 1])),
    );
    expect(listed).toEqual([[3, 6], [1, 4], [2], [5]]);
  });
});

// Ascending id lists: the hits of conditions, combined without sets or per-id objects.

/** A list this many times longer than the other is sought in (seekId) instead of walked. */
const GALLOP_RATIO = 4;

/**
 * The ids in both ascending lists: a merge, or, when one is much longer (a few hits against a
 * character's 800,000 documents at 1M), a seek in it for each id of the shorter.
 */
export function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  const out = new Int32Array(short.length);
  let n = 0;
  if (long.length >= short.length * GALLOP_RATIO) {
    for (let i = 0, j = 0; i < short.length && j < long.length; i++) {
      const id = short[i] as number;
      j = seekId(long, j, id);
      if (long[j] === id) out[n++] = id;
    }
    return out.slice(0, n);
  }
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) {
      out[n++] = x;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return out.slice(0, n);
}

/** The first index >= `from` whose id is >= target (galloping: cheap for both short and long jumps). */
export function seekId(ids: Int32Array, from: number, target: number): number {
  if (from >= ids.length || (ids[from] as number) >= target) return from;
  let lo = from;
  let hi = from + 1;
  let step = 1;
  while (hi < ids.length && (ids[hi] as number) < target) {
    lo = hi;
    step *= 2;
    hi = from + step;
  }
  if (hi > ids.length) hi = ids.length;
  // ids[lo] < target; hi is the end or ids[hi] >= target.
  while (lo + 1 < hi) {
    const mid = (lo + hi) >>> 1;
    if ((ids[mid] as number) < target) lo = mid;
    else hi = mid;
  }
  return hi;
}

export function union(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length || j < b.length) {
    const x = i < a.length ? (a[i] as number) : Infinity;
    const y = j < b.length ? (b[j] as number) : Infinity;
    if (x === y) {
      out[n++] = x;
      i++;
      j++;
    } else if (x < y) {
      out[n++] = x;
      i++;
    } else {
      out[n++] = y;
      j++;
    }
  }
  return out.slice(0, n);
}

export function difference(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length);
  let j = 0;
  let n = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    while (j < b.length && (b[j] as number) < x) j++;
    if (j >= b.length || b[j] !== x) out[n++] = x;
  }
  return out.slice(0, n);
}

/**
 * Fewer ids than an eighth of the largest: merged two by two (log k passes over the ids) rather than
 * marked, since a mark per id up to the largest is allocated, cleared and scanned. The 2000-character
 * expression at 300k united 249 such sets a search (one per word and its columns), 74 MB of marks for
 * 11 M ids.
 */
const SPARSE_UNION = 8;

function mergeAll(lists: readonly Int32Array[]): Int32Array {
  let level = lists;
  while (level.length > 1) {
    const next: Int32Array[] = [];
    for (let i = 0; i < level.length; i += 2) {
      const a = level[i] as Int32Array;
      const b = level[i + 1];
      next.push(b ? union(a, b) : a);
    }
    level = next;
  }
  return level[0] as Int32Array;
}

/**
 * Ascending ids of several ascending lists, through a mark per id (linear in ids and in the largest
 * id), or merged two by two when they are sparse (SPARSE_UNION).
 */
export function unionAll(lists: readonly Int32Array[]): Int32Array {
  if (lists.length === 1) return lists[0] as Int32Array;
  let max = -1;
  let total = 0;
  for (const l of lists) {
    if (l.length > 0) max = Math.max(max, l[l.length - 1] as number);
    total += l.length;
  }
  if (total * SPARSE_UNION < max) return mergeAll(lists);
  const mark = new Uint8Array(max + 1);
  let count = 0;
  for (const l of lists) {
    for (let i = 0; i < l.length; i++) {
      const id = l[i] as number;
      if (mark[id] === 0) {
        mark[id] = 1;
        count++;
      }
    }
  }
  const out = new Int32Array(count);
  for (let id = 0, k = 0; k < count; id++) if (mark[id] === 1) out[k++] = id;
  return out;
}

export function filterIds(ids: Int32Array, keep: (id: number) => boolean): Int32Array {
  const out = new Int32Array(ids.length);
  let n = 0;
  for (let i = 0; i < ids.length; i++) if (keep(ids[i] as number)) out[n++] = ids[i] as number;
  return out.slice(0, n);
}

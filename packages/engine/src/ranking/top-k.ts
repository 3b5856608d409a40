/**
 * Page selection without a cost that grows with the offset: quickselect places the page's first
 * and last ranks in O(n) on average, then only the page itself is sorted. Page 100000 costs the
 * same as page 1 for a given number of hits.
 */
export type Compare = (a: number, b: number) => number;

function swap(arr: Int32Array, i: number, j: number): void {
  const t = arr[i] as number;
  arr[i] = arr[j] as number;
  arr[j] = t;
}

/** Rearranges arr[lo..hi] so that arr[k] holds the element of rank k, smaller ones before it. */
export function nthElement(arr: Int32Array, k: number, cmp: Compare, lo = 0, hi = arr.length - 1): void {
  while (hi > lo) {
    if (hi - lo < 16) {
      for (let i = lo + 1; i <= hi; i++) {
        for (let j = i; j > lo && cmp(arr[j - 1] as number, arr[j] as number) > 0; j--) swap(arr, j, j - 1);
      }
      return;
    }
    const mid = (lo + hi) >>> 1;
    // Median of three as pivot, moved to hi.
    if (cmp(arr[mid] as number, arr[lo] as number) < 0) swap(arr, mid, lo);
    if (cmp(arr[hi] as number, arr[lo] as number) < 0) swap(arr, hi, lo);
    if (cmp(arr[mid] as number, arr[hi] as number) < 0) swap(arr, mid, hi);
    const pivot = arr[hi] as number;
    let store = lo;
    for (let i = lo; i < hi; i++) {
      if (cmp(arr[i] as number, pivot) < 0) swap(arr, i, store++);
    }
    swap(arr, store, hi);
    if (store === k) return;
    if (k < store) hi = store - 1;
    else lo = store + 1;
  }
}

/** The elements of ranks [from, to) in order; `arr` is reordered in place. */
export function selectPage(arr: Int32Array, from: number, to: number, cmp: Compare): Int32Array {
  const end = Math.min(to, arr.length);
  if (from >= end) return new Int32Array(0);
  nthElement(arr, from, cmp);
  if (end - 1 > from) nthElement(arr, end - 1, cmp, from + 1);
  return arr.slice(from, end).sort(cmp);
}

import type { Compare } from '../../ranking/top-k.js';
import type { SortSpec } from '../../search-engine.js';
import { columnsOf } from './engine-columns.js';
import type { SqliteEngineState } from './engine-state.js';

/** The order of hits under a sort: missing values last, ties by newest publication, then newest id. */
export function comparator(state: SqliteEngineState, sort: SortSpec, scores: Float64Array | undefined): Compare {
  const pd = columnsOf(state).ranges.pd;
  const tie = (a: number, b: number): number => (pd[b] as number) - (pd[a] as number) || b - a;
  const dir = sort.order === 'asc' ? 1 : -1;
  const keyed = (arr: Int32Array | Float64Array, missing: (v: number) => boolean): Compare => {
    return (a, b) => {
      const x = arr[a] as number;
      const y = arr[b] as number;
      const mx = missing(x);
      const my = missing(y);
      if (mx || my) return mx === my ? tie(a, b) : mx ? 1 : -1;
      return x === y ? tie(a, b) : (x < y ? -1 : 1) * dir;
    };
  };
  const r = columnsOf(state).ranges;
  switch (sort.field) {
    case 'relevance':
      return scores ? (a, b) => (scores[b] as number) - (scores[a] as number) || tie(a, b) : tie;
    case 'AD':
      return keyed(r.ad, (v) => v === 0);
    case 'PD':
      return keyed(r.pd, (v) => v === 0);
    case 'GD':
      return keyed(r.gd, (v) => v === 0);
    case 'PRD':
      return keyed(r.prd, (v) => v === 0);
    case 'citedBy':
      return keyed(r.citedn, (v) => v < 0);
    case 'familySize':
      return keyed(r.famn, (v) => v < 0);
    case 'value':
      return keyed(r.pv, (v) => Number.isNaN(v));
  }
}

/** One representative per group (the best under `cmp`); documents without a key stand alone. */
export function mergeHits(state: SqliteEngineState, hits: Int32Array, merge: number, cmp: Compare): Int32Array {
  if (!merge) return hits;
  const groups = merge === 1 ? columnsOf(state).anGroup : columnsOf(state).famGroup;
  const best = new Map<number, number>();
  const out: number[] = [];
  for (const id of hits) {
    const g = groups[id] as number;
    if (g === 0) {
      out.push(id);
      continue;
    }
    const cur = best.get(g);
    if (cur === undefined || cmp(id, cur) < 0) best.set(g, id);
  }
  for (const id of best.values()) out.push(id);
  return Int32Array.from(out).sort();
}

/** Hits merged by application (1) or family (2), each group's newest publication kept. */
export function mergedByPd(state: SqliteEngineState, hits: Int32Array, merge: number): Int32Array {
  return mergeHits(state, hits, merge, comparator(state, { field: 'PD' }, undefined));
}

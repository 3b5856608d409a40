import { matchAllTerm, type QueryNode } from '@patlas/query';
import type { ClauseCount, ClauseCounts, ClauseSpec, CountOptions } from '../../search-engine.js';
import { compileQuery } from './compile-query.js';
import { columnsOf, refresh } from './engine-columns.js';
import { checkStop, type SqliteEngineState } from './engine-state.js';
import { evaluate, hitsOf } from './match-evaluation.js';

// Issue 48: every clause's own hits and what the whole expression does without it, in one pass.
// Each leaf is evaluated once (as `count` would evaluate it) into a bitset of the index's ids (15 KB
// at 123k documents); the rest is worked out in a single sweep over those bitsets (countAll): per
// word of 32 documents, each clause's bits, what each clause's siblings make together, and the whole
// expression without each clause along its path to the root — a few machine operations per clause
// and level, with no set built per clause and nothing allocated in the sweep.

/** Bit i in word i >> 5. Int32 words: read as small integers, never boxed as a Uint32Array's can be. */
type Bits = Int32Array;

function bitsOf(ids: Int32Array, words: number): Bits {
  const bits = new Int32Array(words);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] as number;
    bits[id >>> 5] = (bits[id >>> 5] as number) | (1 << (id & 31));
  }
  return bits;
}

function popcount32(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** The clauses checked: pre-order, each parent before its children, AND/OR with children, NOT with one. */
function childrenOf(clauses: readonly ClauseSpec[]): number[][] {
  const children: number[][] = clauses.map(() => []);
  clauses.forEach((clause, i) => {
    if (i === 0 ? clause.parent !== -1 : clause.parent < 0 || clause.parent >= i)
      throw new Error(`clause ${i}: parent ${clause.parent} is not an earlier clause`);
    if (i > 0) {
      const parent = clauses[clause.parent]!;
      if (parent.op === 'leaf') throw new Error(`clause ${i}: its parent is a leaf`);
      children[clause.parent]!.push(i);
    }
  });
  clauses.forEach((clause, i) => {
    const n = children[i]!.length;
    if (clause.op === 'not' ? n !== 1 : clause.op !== 'leaf' && n === 0)
      throw new Error(`clause ${i}: ${clause.op} with ${n} children`);
  });
  return children;
}

/** The whole expression the clauses write (compiled once for the guards a search runs). */
function wholeOf(clauses: readonly ClauseSpec[], children: readonly number[][], i = 0): QueryNode {
  const clause = clauses[i]!;
  const span = { start: 0, end: 0 };
  if (clause.op === 'leaf') return clause.ast;
  const parts = children[i]!.map((c) => wholeOf(clauses, children, c));
  if (clause.op === 'not') return { kind: 'Not', child: parts[0]!, span };
  return { kind: clause.op === 'and' ? 'And' : 'Or', children: parts, span };
}

export async function clauseCounts(
  state: SqliteEngineState,
  clauses: readonly ClauseSpec[],
  options: Omit<CountOptions, 'merge'> = {},
): Promise<ClauseCounts> {
  refresh(state);
  if (clauses.length === 0) return { total: 0, clauses: [] };
  const children = childrenOf(clauses);
  // The cost guards of the whole expression (truncations expanding too far) refuse it as a search would.
  compileQuery(wholeOf(clauses, children), state.ctx);

  const allIds = columnsOf(state).allIds();
  const leafIds = new Map<number, Int32Array>();
  clauses.forEach((clause, i) => {
    if (clause.op !== 'leaf') return;
    checkStop(state);
    leafIds.set(i, evaluate(state, compileQuery(clause.ast, state.ctx)));
  });
  const scoped = hitsOf(state, matchAllTerm(), options).hits;
  let maxId = -1;
  for (const ids of [allIds, scoped, ...leafIds.values()]) if (ids.length > 0) maxId = Math.max(maxId, ids.at(-1)!);
  const words = (maxId >>> 5) + 1;
  const leafBits = new Map<number, Bits>();
  for (const [i, ids] of leafIds) leafBits.set(i, bitsOf(ids, words));
  const { own, without } = countAll(state, clauses, children, leafBits, bitsOf(allIds, words), bitsOf(scoped, words));
  const counts: ClauseCount[] = clauses.map((_, i) => ({
    own: own[i] as number,
    without: (without[i] as number) < 0 ? null : (without[i] as number),
  }));
  return { total: counts[0]!.own, clauses: counts };
}

const LEAF = 0;
const AND = 1;
const OR = 2;
const NOT = 3;

/**
 * Each clause's hits, and the whole expression's hits without it (-1: nothing would be left),
 * within `base`, in one sweep over the words of the leaves' bitsets.
 *
 * Clause x removed leaves its parent with what x's siblings make together (`others[x]`); a NOT, or an
 * AND / OR whose only clause x is, goes with it, so the removal moves up to the parent: x's anchor
 * is the first clause on the way up that has siblings. The anchor's parent then holds the anchor's
 * siblings' bits, which are carried up to the root: a NOT complements them, an AND / OR combines
 * them with the bits of the siblings of the clause they pass through.
 */
function countAll(
  state: SqliteEngineState,
  clauses: readonly ClauseSpec[],
  children: readonly number[][],
  leafBits: ReadonlyMap<number, Bits>,
  all: Bits,
  base: Bits,
): { own: Float64Array; without: Float64Array } {
  const n = clauses.length;
  const op = Int8Array.from(clauses, (c) => (c.op === 'leaf' ? LEAF : c.op === 'and' ? AND : c.op === 'or' ? OR : NOT));
  const parent = Int32Array.from(clauses, (c) => c.parent);
  const kidStart = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) kidStart[i + 1] = (kidStart[i] as number) + children[i]!.length;
  const kids = Int32Array.from(children.flat());
  const kidCount = (i: number): number => (kidStart[i + 1] as number) - (kidStart[i] as number);
  const leaves: Bits[] = clauses.map((_, i) => leafBits.get(i) ?? all);
  const anchor = new Int32Array(n).fill(-1);
  for (let x = 0; x < n; x++) {
    for (let a = x, p = parent[a] as number; p >= 0; a = p, p = parent[a] as number) {
      if (op[p] !== NOT && kidCount(p) > 1) {
        anchor[x] = a;
        break;
      }
    }
  }
  let widest = 0;
  for (let i = 0; i < n; i++) widest = Math.max(widest, kidCount(i));

  const own = new Float64Array(n);
  const without = new Float64Array(n);
  for (let x = 0; x < n; x++) if ((anchor[x] as number) < 0) without[x] = -1;
  // One word's bits: each clause's, and what each clause's siblings make together.
  const bits = new Int32Array(n);
  const others = new Int32Array(n);
  const suffix = new Int32Array(widest + 1);
  for (let w = 0; w < base.length; w++) {
    if ((w & 255) === 0) checkStop(state);
    const b = base[w] as number;
    // Nothing to count in a word with no document of the data sources.
    if (b === 0) continue;
    const everyone = all[w] as number;
    for (let i = n - 1; i >= 0; i--) {
      const o = op[i] as number;
      let v: number;
      if (o === LEAF) v = (leaves[i] as Bits)[w] as number;
      else if (o === NOT) v = everyone & ~(bits[kids[kidStart[i] as number] as number] as number);
      else {
        const end = kidStart[i + 1] as number;
        v = o === AND ? -1 : 0;
        for (let k = kidStart[i] as number; k < end; k++) {
          const c = bits[kids[k] as number] as number;
          v = o === AND ? v & c : v | c;
        }
      }
      bits[i] = v;
      own[i] = (own[i] as number) + popcount32(v & b);
    }
    for (let p = 0; p < n; p++) {
      const o = op[p] as number;
      const count = kidCount(p);
      if (o === NOT || count < 2) continue;
      // Prefix and suffix runs: each child's siblings without combining them again for each child.
      const from = kidStart[p] as number;
      const identity = o === AND ? -1 : 0;
      suffix[count] = identity;
      for (let j = count - 1; j >= 0; j--) {
        const v = bits[kids[from + j] as number] as number;
        suffix[j] = o === AND ? v & (suffix[j + 1] as number) : v | (suffix[j + 1] as number);
      }
      let prefix = identity;
      for (let j = 0; j < count; j++) {
        const c = kids[from + j] as number;
        others[c] = o === AND ? prefix & (suffix[j + 1] as number) : prefix | (suffix[j + 1] as number);
        prefix = o === AND ? prefix & (bits[c] as number) : prefix | (bits[c] as number);
      }
    }
    for (let x = 0; x < n; x++) {
      const a = anchor[x] as number;
      if (a < 0) continue;
      let v = others[a] as number;
      for (let at = parent[a] as number, p = parent[at] as number; p >= 0; at = p, p = parent[at] as number) {
        const o = op[p] as number;
        if (o === NOT) v = everyone & ~v;
        else if (kidCount(p) > 1) v = o === AND ? v & (others[at] as number) : v | (others[at] as number);
      }
      without[x] = (without[x] as number) + popcount32(v & b);
    }
  }
  return { own, without };
}

/**
 * The hit ids of costly FTS5 conditions (one MATCH string, one proximity check), kept between the
 * statements of one connection while the index stays the same: what Lucene's query cache does for
 * the clauses users repeat. A result page is searched again for its next page, another order, a
 * facet filter, an analysis chart or a report over the same expression, and common conditions
 * (一种, 方法, an IPC class) recur across users; each would otherwise walk the same doclists again
 * (100–300 ns per posting: ~150 ms for a term in 670,000 documents at 1M).
 *
 * - **Valid for one index generation.** The change-log position moves with every index write, on
 *   any connection; a new one drops every entry (the engine passes it before each read).
 * - **Only what was costly is kept** (`minCostMs`): a rare term is cheaper to find again than to
 *   hold.
 * - **Bounded by bytes**, least recently used out first. A single entry larger than a quarter of
 *   the budget is not kept.
 * - **Copies out.** `idsOf` returns a copy of what it keeps, so a caller that sorts or selects in place cannot change
 *   what the next query reads (a copy costs ~0.3 ms per million ids).
 */
export interface ClauseCacheOptions {
  /** The byte budget (0: nothing is kept). */
  readonly maxBytes: number;
  /** Results computed faster than this are not kept. */
  readonly minCostMs: number;
}

export interface ClauseCacheStats {
  readonly entries: number;
  readonly bytes: number;
  readonly hits: number;
  readonly misses: number;
}

/** An entry's share of the budget: its ids and its key (UTF-16). */
function entryBytes(key: string, ids: Int32Array): number {
  return ids.byteLength + key.length * 2;
}

/** Counts kept at most (a few bytes each with their key). */
const MAX_COUNTS = 10_000;

export class ClauseCache {
  private readonly entries = new Map<string, Int32Array>();
  /** Counts of conditions whose ids were not collected (a single term's page counts, then ranks its newest). */
  private readonly counts = new Map<string, number>();
  private bytes = 0;
  private generation: number | undefined;
  private hits = 0;
  private misses = 0;

  constructor(private readonly options: ClauseCacheOptions) {}

  /** The index generation the next reads see; a different one from the entries' drops them all. */
  useGeneration(generation: number): void {
    if (generation === this.generation) return;
    this.clear();
    this.generation = generation;
  }

  clear(): void {
    this.entries.clear();
    this.counts.clear();
    this.bytes = 0;
  }

  /** The ids kept under `key` (a copy), or computes them with `compute` and keeps them if that was costly. */
  idsOf(key: string, compute: () => Int32Array): Int32Array {
    const kept = this.entries.get(key);
    if (kept) {
      this.hits++;
      // Most recently used last: Map iteration order is insertion order.
      this.entries.delete(key);
      this.entries.set(key, kept);
      return kept.slice();
    }
    this.misses++;
    const { value: ids, costly } = this.timed(compute);
    if (costly) this.keep(key, ids);
    return ids;
  }

  /** How many ids `key` holds: from its kept ids or count, or counted by `compute` and kept if that was costly. */
  countOf(key: string, compute: () => number): number {
    const known = this.entries.get(key)?.length ?? this.counts.get(key);
    if (known !== undefined) {
      this.hits++;
      return known;
    }
    this.misses++;
    const { value: count, costly } = this.timed(compute);
    if (costly && this.options.maxBytes > 0) {
      if (this.counts.size >= MAX_COUNTS) this.counts.delete(this.counts.keys().next().value as string);
      this.counts.set(key, count);
    }
    return count;
  }

  stats(): ClauseCacheStats {
    return { entries: this.entries.size, bytes: this.bytes, hits: this.hits, misses: this.misses };
  }

  /** Runs `compute`, and says whether it took long enough to be worth keeping. */
  private timed<T>(compute: () => T): { value: T; costly: boolean } {
    const started = performance.now();
    const value = compute();
    return { value, costly: performance.now() - started >= this.options.minCostMs };
  }

  private keep(key: string, ids: Int32Array): void {
    const size = entryBytes(key, ids);
    if (size > this.options.maxBytes / 4) return;
    for (const [oldKey, old] of this.entries) {
      if (this.bytes + size <= this.options.maxBytes) break;
      this.entries.delete(oldKey);
      this.bytes -= entryBytes(oldKey, old);
    }
    // A copy: the caller goes on with `ids` and may reorder it.
    this.entries.set(key, ids.slice());
    this.bytes += size;
  }
}

import type { Prng } from './prng.js';

/** Walker's alias method: O(1) draws from a weighted list, so a 20k-word vocabulary costs one table lookup per token. */
export class AliasTable<T> {
  private readonly prob: Float64Array;
  private readonly alias: Int32Array;

  constructor(
    readonly values: readonly T[],
    weights: readonly number[],
  ) {
    const n = values.length;
    if (n === 0 || weights.length !== n) throw new Error('AliasTable needs one weight per value');
    this.prob = new Float64Array(n);
    this.alias = new Int32Array(n);
    let total = 0;
    for (const w of weights) total += w;
    const scaled = weights.map((w) => (w * n) / total);
    const small: number[] = [];
    const large: number[] = [];
    scaled.forEach((p, i) => (p < 1 ? small : large).push(i));
    while (small.length > 0 && large.length > 0) {
      const s = small.pop() as number;
      const l = large.pop() as number;
      this.prob[s] = scaled[s] ?? 0;
      this.alias[s] = l;
      scaled[l] = (scaled[l] ?? 0) + (scaled[s] ?? 0) - 1;
      ((scaled[l] ?? 0) < 1 ? small : large).push(l);
    }
    for (const i of [...small, ...large]) this.prob[i] = 1;
  }

  sampleIndex(rng: Prng): number {
    const u = rng.next() * this.values.length;
    const i = Math.floor(u);
    return u - i < (this.prob[i] ?? 1) ? i : (this.alias[i] ?? i);
  }

  sample(rng: Prng): T {
    return this.values[this.sampleIndex(rng)] as T;
  }
}

/** Draw from a distribution given by 101 percentiles (0 %, 1 % … 100 %), interpolating linearly inside each band. */
export function sampleQuantiles(q: readonly number[], rng: Prng, maxU = 1): number {
  if (q.length === 0) return 0;
  const pos = rng.next() * maxU * (q.length - 1);
  const i = Math.floor(pos);
  const lo = q[i] ?? 0;
  const hi = q[Math.min(i + 1, q.length - 1)] ?? lo;
  return lo + (hi - lo) * (pos - i);
}

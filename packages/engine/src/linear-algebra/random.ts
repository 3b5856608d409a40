/** Seeded random draws (mulberry32): the same input and seed give the same sample, clusters and SVD sketch. */
export function createRandom(seed: number): () => number {
  let a = seed >>> 0 || 0x9e3779b9;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box–Muller) from a uniform source. */
export function gaussian(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/**
 * `k` distinct indexes of 0..n-1 drawn uniformly (partial Fisher–Yates), ascending. The same n, k
 * and seed give the same indexes.
 */
export function sampleIndexes(n: number, k: number, seed: number): Int32Array {
  if (k >= n) return Int32Array.from({ length: n }, (_, i) => i);
  const random = createRandom(seed);
  const pool = new Int32Array(n);
  for (let i = 0; i < n; i++) pool[i] = i;
  for (let i = 0; i < k; i++) {
    const j = i + Math.floor(random() * (n - i));
    const t = pool[i] as number;
    pool[i] = pool[j] as number;
    pool[j] = t;
  }
  return pool.slice(0, k).sort();
}

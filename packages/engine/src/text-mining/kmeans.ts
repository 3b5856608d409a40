import { createRandom } from '../linear-algebra/random.js';

export interface KMeansResult {
  /** Cluster of each row; -1 for a zero row (a document with no kept term). */
  readonly assignment: Int32Array;
  /** k × d unit centroids. */
  readonly centroids: Float64Array;
  /** Cosine of each row to its centroid. */
  readonly similarity: Float64Array;
  readonly k: number;
}

function dot(a: Float64Array, i: number, b: Float64Array, j: number, d: number): number {
  let s = 0;
  for (let c = 0; c < d; c++) s += (a[i * d + c] as number) * (b[j * d + c] as number);
  return s;
}

/**
 * Spherical k-means (cosine) on unit rows (rows × d): `restarts` runs from k-means++ seedings of a
 * seeded PRNG, the one with the highest total similarity kept (one seeding alone often merges two
 * topics and splits a third). The same input and seed give the same clusters.
 */
export function sphericalKMeans(
  vectors: Float64Array,
  d: number,
  k: number,
  seed: number,
  restarts = vectors.length / d > 1000 ? 2 : 4,
): KMeansResult {
  let best: KMeansResult | undefined;
  let bestScore = -Infinity;
  for (let r = 0; r < restarts; r++) {
    const run = kMeansRun(vectors, d, k, seed + r * 7919);
    let score = 0;
    for (let i = 0; i < run.assignment.length; i++)
      if ((run.assignment[i] as number) >= 0) score += run.similarity[i] as number;
    if (score > bestScore + 1e-9) {
      best = run;
      bestScore = score;
    }
  }
  return best as KMeansResult;
}

/** One Lloyd run from a k-means++ seeding, until no row moves. */
function kMeansRun(vectors: Float64Array, d: number, k: number, seed: number, maxIter = 25): KMeansResult {
  const n = vectors.length / d;
  const live: number[] = [];
  for (let i = 0; i < n; i++) if (dot(vectors, i, vectors, i, d) > 1e-12) live.push(i);
  const kk = Math.max(1, Math.min(k, live.length));
  const centroids = new Float64Array(kk * d);
  const assignment = new Int32Array(n).fill(-1);
  const similarity = new Float64Array(n);
  if (live.length === 0) return { assignment, centroids, similarity, k: 0 };
  const random = createRandom(seed);
  // k-means++ with distance 1 - cos: each next seed drawn in proportion to its squared distance.
  const nearest = new Float64Array(n).fill(Infinity);
  let pick = live[Math.floor(random() * live.length)] as number;
  for (let c = 0; c < kk; c++) {
    for (let j = 0; j < d; j++) centroids[c * d + j] = vectors[pick * d + j] as number;
    let total = 0;
    for (const i of live) {
      const dist = Math.max(0, 1 - dot(vectors, i, centroids, c, d));
      if (dist * dist < (nearest[i] as number)) nearest[i] = dist * dist;
      total += nearest[i] as number;
    }
    if (total <= 0) break;
    let r = random() * total;
    for (const i of live) {
      r -= nearest[i] as number;
      if (r <= 0) {
        pick = i;
        break;
      }
    }
  }
  const sums = new Float64Array(kk * d);
  const sizes = new Int32Array(kk);
  for (let iter = 0; iter < maxIter; iter++) {
    let moved = 0;
    for (const i of live) {
      let best = 0;
      let bestSim = -Infinity;
      const base = i * d;
      for (let c = 0; c < kk; c++) {
        const cb = c * d;
        let s = 0;
        for (let j = 0; j < d; j++) s += (vectors[base + j] as number) * (centroids[cb + j] as number);
        if (s > bestSim) {
          bestSim = s;
          best = c;
        }
      }
      if (assignment[i] !== best) moved++;
      assignment[i] = best;
      similarity[i] = bestSim;
    }
    // Converged when (almost) no row moves: the last 0.1 % change no label or map.
    if (iter > 0 && moved <= Math.floor(live.length / 1000)) break;
    sums.fill(0);
    sizes.fill(0);
    for (const i of live) {
      const c = assignment[i] as number;
      sizes[c] = (sizes[c] as number) + 1;
      for (let j = 0; j < d; j++) sums[c * d + j] = (sums[c * d + j] as number) + (vectors[i * d + j] as number);
    }
    for (let c = 0; c < kk; c++) {
      if (sizes[c] === 0) {
        // An empty cluster restarts at the row farthest from its own centroid.
        let worst = live[0] as number;
        for (const i of live) if ((similarity[i] as number) < (similarity[worst] as number)) worst = i;
        for (let j = 0; j < d; j++) centroids[c * d + j] = vectors[worst * d + j] as number;
        similarity[worst] = 1;
        continue;
      }
      let norm = 0;
      for (let j = 0; j < d; j++) norm += (sums[c * d + j] as number) ** 2;
      norm = Math.sqrt(norm) || 1;
      for (let j = 0; j < d; j++) centroids[c * d + j] = (sums[c * d + j] as number) / norm;
    }
  }
  return { assignment, centroids, similarity, k: kk };
}

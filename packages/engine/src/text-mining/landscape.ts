import { symmetricEigen } from '../linear-algebra/symmetric-eigen.js';
import { LSA_DIMENSIONS } from './clustering.js';
import { sphericalKMeans } from './kmeans.js';
import { distinctiveTerms, labelOf, type LabelTerm } from './labels.js';
import type { DocTerms } from './terms.js';
import { buildTermSpace, latentSemanticVectors, type TermSpace } from './vectors.js';

export interface LandscapePeak {
  readonly x: number;
  readonly y: number;
  /** Smoothed density at the peak (documents per grid cell). */
  readonly density: number;
  /** Documents within PEAK_RADIUS of the peak. */
  readonly count: number;
  readonly label: string;
  readonly terms: LabelTerm[];
}

export interface LandscapeGrid {
  /** Cells per side; values are row-major, row 0 at y = 0. */
  readonly size: number;
  readonly extent: number;
  readonly values: number[];
}

export interface Landscape {
  /** Coordinates in [0, EXTENT]; NaN for a document without a kept term (not placed). */
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly grid: LandscapeGrid;
  readonly peaks: LandscapePeak[];
  readonly space: TermSpace;
}

/** The map is EXTENT × EXTENT units; points stay 5 units inside. */
export const LANDSCAPE_EXTENT = 100;
/** Radius (map units) of "the documents around a peak". */
export const PEAK_RADIUS = 8;

/**
 * Places documents on a 2-D map where textual neighbours are close (the "patent landscape"):
 * 1. TF-IDF → LSA (32 dimensions) → spherical k-means into up to 20 fine topics;
 * 2. topic centroids laid out by classical MDS of their cosine distances, refined by SMACOF
 *    stress majorisation (distances on the map follow distances in text space);
 * 3. each document at the similarity-weighted mean of its nearest topics' positions (so documents
 *    between two topics sit between their islands), plus its offset within its topic along the
 *    topic's two main axes of variation (so an island has shape, not one point);
 * 4. a kernel density grid (Gaussian, σ = 1.5 cells) for the contours, local maxima as peaks,
 *    each labelled by the distinctive terms of the documents within PEAK_RADIUS.
 * Deterministic for the same documents and seed.
 */
export function layoutLandscape(
  docs: readonly DocTerms[],
  options: { seed?: number; gridSize?: number; maxPeaks?: number } = {},
): Landscape {
  const seed = options.seed ?? 1;
  const gridSize = options.gridSize ?? 64;
  const n = docs.length;
  const space = buildTermSpace(docs);
  const { vectors, d } = latentSemanticVectors(space.matrix, LSA_DIMENSIONS, seed);
  const topicCount = Math.max(1, Math.min(20, Math.round(Math.sqrt(n) / 1.5)));
  const km = sphericalKMeans(vectors, d, topicCount, seed);
  const k = km.k;
  const centre = layoutCentroids(km.centroids, k, d);

  const x = new Float64Array(n).fill(Number.NaN);
  const y = new Float64Array(n).fill(Number.NaN);
  const sims = new Float64Array(k);
  // Offsets within each topic along its two main axes of variation.
  const axes = topicAxes(vectors, d, km.assignment, km.centroids, k, seed);
  const spread = new Float64Array(k);
  for (let c = 0; c < k; c++) {
    let nearest = Infinity;
    for (let o = 0; o < k; o++) {
      if (o !== c)
        nearest = Math.min(
          nearest,
          Math.hypot(centre[2 * c]! - centre[2 * o]!, centre[2 * c + 1]! - centre[2 * o + 1]!),
        );
    }
    spread[c] = Number.isFinite(nearest) ? nearest * 0.3 : 1;
  }
  for (let i = 0; i < n; i++) {
    const c = km.assignment[i] as number;
    if (c < 0) continue;
    for (let o = 0; o < k; o++) {
      let s = 0;
      for (let j = 0; j < d; j++) s += vectors[i * d + j]! * km.centroids[o * d + j]!;
      sims[o] = s;
    }
    // The three nearest topics, weighted by similarity to the 8th power (the own topic dominates).
    const top = Array.from({ length: k }, (_, o) => o)
      .sort((a, b) => sims[b]! - sims[a]!)
      .slice(0, 3);
    let wx = 0;
    let wy = 0;
    let wsum = 0;
    for (const o of top) {
      const w = Math.max(sims[o]!, 0) ** 8;
      wx += w * centre[2 * o]!;
      wy += w * centre[2 * o + 1]!;
      wsum += w;
    }
    const [ox, oy] = axes.offset(i, c);
    x[i] = (wsum > 0 ? wx / wsum : centre[2 * c]!) + ox * spread[c]!;
    y[i] = (wsum > 0 ? wy / wsum : centre[2 * c + 1]!) + oy * spread[c]!;
  }
  normaliseToExtent(x, y);
  const grid = densityGrid(x, y, gridSize);
  const peaks = findPeaks(grid, options.maxPeaks ?? 10).map((p) => {
    const members: number[] = [];
    for (let i = 0; i < n; i++) if (Math.hypot(x[i]! - p.x, y[i]! - p.y) <= PEAK_RADIUS) members.push(i);
    const terms = distinctiveTerms(space, members, 5);
    return { ...p, count: members.length, label: labelOf(terms), terms };
  });
  return { x, y, grid, peaks, space };
}

/** 2-D positions of k unit centroids: classical MDS, then SMACOF on the chord distances. */
function layoutCentroids(centroids: Float64Array, k: number, d: number): Float64Array {
  const pos = new Float64Array(2 * k);
  if (k === 1) return pos;
  const dist = new Float64Array(k * k);
  for (let a = 0; a < k; a++) {
    for (let b = 0; b < k; b++) {
      let s = 0;
      for (let j = 0; j < d; j++) s += centroids[a * d + j]! * centroids[b * d + j]!;
      dist[a * k + b] = Math.sqrt(Math.max(0, 2 - 2 * s));
    }
  }
  // Classical MDS: double-centred squared distances, top two eigenvectors.
  const b = new Float64Array(k * k);
  const rowMean = new Float64Array(k);
  let all = 0;
  for (let a = 0; a < k; a++) {
    for (let c = 0; c < k; c++) rowMean[a] = rowMean[a]! + dist[a * k + c]! ** 2 / k;
    all += rowMean[a]! / k;
  }
  for (let a = 0; a < k; a++)
    for (let c = 0; c < k; c++) b[a * k + c] = -0.5 * (dist[a * k + c]! ** 2 - rowMean[a]! - rowMean[c]! + all);
  const { values, vectors } = symmetricEigen(b, k);
  for (let a = 0; a < k; a++) {
    pos[2 * a] = vectors[a * k]! * Math.sqrt(Math.max(values[0]!, 1e-9));
    pos[2 * a + 1] = (k > 1 ? vectors[a * k + 1]! : 0) * Math.sqrt(Math.max(values[1] ?? 0, 1e-9));
  }
  // SMACOF (Guttman transform, unit weights): lowers the stress the two kept dimensions leave.
  const next = new Float64Array(2 * k);
  for (let iter = 0; iter < 200; iter++) {
    next.fill(0);
    for (let a = 0; a < k; a++) {
      for (let c = 0; c < k; c++) {
        if (a === c) continue;
        const dx = pos[2 * a]! - pos[2 * c]!;
        const dy = pos[2 * a + 1]! - pos[2 * c + 1]!;
        const e = Math.hypot(dx, dy);
        const ratio = e > 1e-12 ? dist[a * k + c]! / e : 0;
        next[2 * a] = next[2 * a]! + ratio * dx + pos[2 * c]!;
        next[2 * a + 1] = next[2 * a + 1]! + ratio * dy + pos[2 * c + 1]!;
      }
      next[2 * a] = next[2 * a]! / k;
      next[2 * a + 1] = next[2 * a + 1]! / k;
    }
    let change = 0;
    for (let i = 0; i < 2 * k; i++) change += Math.abs(next[i]! - pos[i]!);
    pos.set(next);
    if (change < 1e-7) break;
  }
  return pos;
}

/** Per topic, its two main axes of variation (power iteration on the residuals' covariance). */
function topicAxes(
  vectors: Float64Array,
  d: number,
  assignment: Int32Array,
  centroids: Float64Array,
  k: number,
  seed: number,
): { offset(i: number, c: number): [number, number] } {
  const members: number[][] = Array.from({ length: k }, () => []);
  assignment.forEach((c, i) => c >= 0 && members[c]!.push(i));
  const axes: Float64Array[][] = [];
  const scale = new Float64Array(k);
  const residual = (i: number, c: number, out: Float64Array): void => {
    for (let j = 0; j < d; j++) out[j] = vectors[i * d + j]! - centroids[c * d + j]!;
  };
  const r = new Float64Array(d);
  for (let c = 0; c < k; c++) {
    const found: Float64Array[] = [];
    for (let axis = 0; axis < 2; axis++) {
      let v = Float64Array.from({ length: d }, (_, j) => Math.sin(seed + 7.13 * (j + 1) * (axis + 1)));
      for (let iter = 0; iter < 25; iter++) {
        const w = new Float64Array(d);
        for (const i of members[c]!) {
          residual(i, c, r);
          for (const u of found) {
            let p = 0;
            for (let j = 0; j < d; j++) p += r[j]! * u[j]!;
            for (let j = 0; j < d; j++) r[j] = r[j]! - p * u[j]!;
          }
          let p = 0;
          for (let j = 0; j < d; j++) p += r[j]! * v[j]!;
          for (let j = 0; j < d; j++) w[j] = w[j]! + p * r[j]!;
        }
        let norm = 0;
        for (let j = 0; j < d; j++) norm += w[j]! ** 2;
        norm = Math.sqrt(norm);
        if (norm < 1e-12) break;
        v = w.map((x) => x / norm);
      }
      found.push(v);
    }
    axes.push(found);
    // The root mean square residual length: offsets are expressed in units of it.
    let sum = 0;
    for (const i of members[c]!) {
      residual(i, c, r);
      for (let j = 0; j < d; j++) sum += r[j]! ** 2;
    }
    scale[c] = Math.sqrt(sum / Math.max(1, members[c]!.length)) || 1;
  }
  return {
    offset(i, c) {
      residual(i, c, r);
      const [u1, u2] = axes[c]!;
      let p1 = 0;
      let p2 = 0;
      for (let j = 0; j < d; j++) {
        p1 += r[j]! * u1![j]!;
        p2 += r[j]! * u2![j]!;
      }
      return [p1 / scale[c]!, p2 / scale[c]!];
    },
  };
}

/** Scales placed points into [5, EXTENT − 5] on both axes, keeping the aspect ratio. */
function normaliseToExtent(x: Float64Array, y: Float64Array): void {
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (let i = 0; i < x.length; i++) {
    if (Number.isNaN(x[i])) continue;
    minX = Math.min(minX, x[i]!);
    maxX = Math.max(maxX, x[i]!);
    minY = Math.min(minY, y[i]!);
    maxY = Math.max(maxY, y[i]!);
  }
  if (!Number.isFinite(minX)) return;
  const span = Math.max(maxX - minX, maxY - minY, 1e-9);
  const inner = LANDSCAPE_EXTENT - 10;
  const padX = (inner - ((maxX - minX) / span) * inner) / 2;
  const padY = (inner - ((maxY - minY) / span) * inner) / 2;
  for (let i = 0; i < x.length; i++) {
    if (Number.isNaN(x[i])) continue;
    x[i] = Math.round((5 + padX + ((x[i]! - minX) / span) * inner) * 100) / 100;
    y[i] = Math.round((5 + padY + ((y[i]! - minY) / span) * inner) * 100) / 100;
  }
}

/** Points per cell smoothed by a separable Gaussian (σ = 1.5 cells). */
function densityGrid(x: Float64Array, y: Float64Array, size: number): LandscapeGrid {
  const cell = LANDSCAPE_EXTENT / size;
  const counts = new Float64Array(size * size);
  for (let i = 0; i < x.length; i++) {
    if (Number.isNaN(x[i])) continue;
    const cx = Math.min(size - 1, Math.floor(x[i]! / cell));
    const cy = Math.min(size - 1, Math.floor(y[i]! / cell));
    counts[cy * size + cx] = counts[cy * size + cx]! + 1;
  }
  const sigma = 1.5;
  const radius = Math.ceil(3 * sigma);
  const kernel = Array.from({ length: 2 * radius + 1 }, (_, t) => Math.exp(-((t - radius) ** 2) / (2 * sigma * sigma)));
  const ksum = kernel.reduce((a, b) => a + b, 0);
  const tmp = new Float64Array(size * size);
  const out = new Float64Array(size * size);
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      let s = 0;
      for (let t = -radius; t <= radius; t++) {
        const cc = col + t;
        if (cc >= 0 && cc < size) s += counts[row * size + cc]! * kernel[t + radius]!;
      }
      tmp[row * size + col] = s / ksum;
    }
  }
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      let s = 0;
      for (let t = -radius; t <= radius; t++) {
        const rr = row + t;
        if (rr >= 0 && rr < size) s += tmp[rr * size + col]! * kernel[t + radius]!;
      }
      out[row * size + col] = s / ksum;
    }
  }
  return { size, extent: LANDSCAPE_EXTENT, values: Array.from(out, (v) => Math.round(v * 1000) / 1000) };
}

/** Local maxima (5 × 5) above a tenth of the highest, at least 2·PEAK_RADIUS apart, highest first. */
function findPeaks(grid: LandscapeGrid, max: number): { x: number; y: number; density: number }[] {
  const { size, values } = grid;
  const cell = grid.extent / size;
  let top = 0;
  for (const v of values) top = Math.max(top, v);
  const candidates: { x: number; y: number; density: number }[] = [];
  for (let row = 0; row < size; row++) {
    for (let col = 0; col < size; col++) {
      const v = values[row * size + col]!;
      if (v <= 0 || v < top * 0.1) continue;
      let isMax = true;
      for (let dr = -2; dr <= 2 && isMax; dr++) {
        for (let dc = -2; dc <= 2; dc++) {
          const r = row + dr;
          const c = col + dc;
          if ((dr || dc) && r >= 0 && r < size && c >= 0 && c < size) {
            const w = values[r * size + c]!;
            // Ties go to the first cell in row-major order, so a plateau yields one peak.
            if (w > v || (w === v && r * size + c < row * size + col)) {
              isMax = false;
              break;
            }
          }
        }
      }
      if (isMax) candidates.push({ x: (col + 0.5) * cell, y: (row + 0.5) * cell, density: v });
    }
  }
  candidates.sort((a, b) => b.density - a.density || a.y - b.y || a.x - b.x);
  const kept: typeof candidates = [];
  for (const p of candidates) {
    if (kept.every((q) => Math.hypot(p.x - q.x, p.y - q.y) >= 2 * PEAK_RADIUS)) kept.push(p);
    if (kept.length >= max) break;
  }
  return kept;
}

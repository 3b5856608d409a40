import { randomizedSvd, type SparseMatrix } from '../linear-algebra/randomized-svd.js';
import type { DocTerms } from './terms.js';

export interface TermSpace {
  /** Term keys by column. */
  readonly terms: string[];
  /** A display form per column (the most frequent written form). */
  readonly forms: string[];
  /** Documents of the sample containing each term. */
  readonly df: Int32Array;
  /** L2-normalised TF-IDF rows ((1 + ln tf) · ln(n / df)); a row is empty when no term was kept. */
  readonly matrix: SparseMatrix;
}

/**
 * The TF-IDF space of a sample: terms in at least `minDf` documents and at most `maxDfShare` of
 * them, the `maxTerms` most frequent kept. IDF is taken within the sample: what separates topics
 * of this set is what matters for clustering and the map.
 */
export function buildTermSpace(
  docs: readonly DocTerms[],
  options: { minDf?: number; maxDfShare?: number; maxTerms?: number } = {},
): TermSpace {
  const n = docs.length;
  const minDf = options.minDf ?? (n >= 50 ? 2 : 1);
  const maxDf = Math.max(minDf, Math.floor(n * (options.maxDfShare ?? 0.5)));
  const df = new Map<string, number>();
  const formCounts = new Map<string, Map<string, number>>();
  for (const d of docs) {
    for (const key of d.counts.keys()) df.set(key, (df.get(key) ?? 0) + 1);
    for (const [key, form] of d.forms) {
      let m = formCounts.get(key);
      if (!m) formCounts.set(key, (m = new Map()));
      m.set(form, (m.get(form) ?? 0) + 1);
    }
  }
  const kept = [...df]
    .filter(([, c]) => c >= minDf && c <= maxDf)
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
    .slice(0, options.maxTerms ?? 3000);
  const terms = kept.map(([t]) => t);
  const column = new Map(terms.map((t, i) => [t, i]));
  const dfArr = Int32Array.from(kept, ([, c]) => c);
  const forms = terms.map((t) => mostFrequentForm(formCounts.get(t)) ?? t);
  const rowPtr = new Int32Array(n + 1);
  const cols: number[] = [];
  const vals: number[] = [];
  docs.forEach((d, i) => {
    const start = cols.length;
    let norm = 0;
    const entries: [number, number][] = [];
    for (const [key, tf] of d.counts) {
      const j = column.get(key);
      if (j === undefined) continue;
      const w = (1 + Math.log(tf)) * Math.log(n / (dfArr[j] as number) + 1);
      entries.push([j, w]);
      norm += w * w;
    }
    entries.sort((a, b) => a[0] - b[0]);
    norm = Math.sqrt(norm);
    for (const [j, w] of entries) {
      cols.push(j);
      vals.push(w / norm);
    }
    rowPtr[i + 1] = start + entries.length;
  });
  return {
    terms,
    forms,
    df: dfArr,
    matrix: { rows: n, cols: terms.length, rowPtr, colIdx: Int32Array.from(cols), values: Float64Array.from(vals) },
  };
}

export function mostFrequentForm(forms: Map<string, number> | undefined): string | undefined {
  let best: string | undefined;
  let bestCount = -1;
  for (const [form, count] of forms ?? []) {
    if (count > bestCount || (count === bestCount && best !== undefined && form < best)) {
      best = form;
      bestCount = count;
    }
  }
  return best;
}

/**
 * Latent semantic analysis: the documents in the top `dims` singular directions of the TF-IDF
 * matrix (U Σ of the randomised SVD, linear-algebra/randomized-svd.ts), each row L2-normalised so
 * that dot products are cosines. Returns rows × d (d ≤ dims).
 */
export function latentSemanticVectors(
  a: SparseMatrix,
  dims: number,
  seed: number,
): { vectors: Float64Array; d: number } {
  const { u, singular, d } = randomizedSvd(a, Math.min(dims, a.rows - 1, a.cols - 1), seed, { right: false });
  const out = new Float64Array(a.rows * d);
  for (let i = 0; i < a.rows; i++) {
    let norm = 0;
    for (let c = 0; c < d; c++) {
      const x = (u[i * d + c] as number) * (singular[c] as number);
      out[i * d + c] = x;
      norm += x * x;
    }
    norm = Math.sqrt(norm);
    if (norm > 1e-12) for (let c = 0; c < d; c++) out[i * d + c] = (out[i * d + c] as number) / norm;
  }
  return { vectors: out, d };
}

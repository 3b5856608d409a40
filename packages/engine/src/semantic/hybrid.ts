import { extractTerms } from '../text-mining/terms.js';

/**
 * The pure parts of semantic search: key terms of a text, per-field vectors, weighted similarity
 * and the fusion of the keyword (BM25) and vector rankings.
 */

/** Vector fields, in the order of a stored field-vector blob; the description is searched by keywords only. */
export const VECTOR_FIELDS = ['ti', 'ab', 'clm'] as const;
export type VectorField = (typeof VECTOR_FIELDS)[number];

/** Title, abstract, claims, description weights (spec 1 §3 "3,3,3,3"). */
export type FieldWeights = readonly [number, number, number, number];

/** Counts of a text's key terms (jieba words, English stems) and the first written form of each. */
export function termCounts(text: string): { counts: Map<string, number>; forms: Map<string, string> } {
  const counts = new Map<string, number>();
  const forms = new Map<string, string>();
  for (const { key, form } of extractTerms(text)) {
    counts.set(key, (counts.get(key) ?? 0) + 1);
    if (!forms.has(key)) forms.set(key, form);
  }
  return { counts, forms };
}

export interface KeyTerm {
  readonly key: string;
  readonly form: string;
  readonly weight: number;
}

/** The `max` terms of a text by TF-IDF (idf from the model; terms it does not know get `unknownIdf`). */
export function keyTermsOf(
  text: string,
  idfOf: (key: string, form: string) => number | undefined,
  max: number,
  unknownIdf = 1,
): KeyTerm[] {
  const { counts, forms } = termCounts(text);
  return [...counts]
    .map(([key, tf]) => {
      const form = forms.get(key) ?? key;
      return { key, form, weight: (1 + Math.log(tf)) * (idfOf(key, form) ?? unknownIdf) };
    })
    .sort((a, b) => b.weight - a.weight || (a.key < b.key ? -1 : 1))
    .slice(0, max);
}

/** Field vectors as one int8 blob (unit vectors × 127; a missing field is all zeros). */
export function packFieldVectors(vectors: readonly (Float32Array | undefined)[], dims: number): Buffer {
  const out = new Int8Array(VECTOR_FIELDS.length * dims);
  vectors.forEach((v, f) => {
    if (!v) return;
    for (let c = 0; c < dims; c++)
      out[f * dims + c] = Math.max(-127, Math.min(127, Math.round((v[c] as number) * 127)));
  });
  return Buffer.from(out.buffer);
}

export function unpackFieldVectors(blob: Buffer, dims: number): (Int8Array | undefined)[] {
  const all = new Int8Array(blob.buffer, blob.byteOffset, blob.byteLength);
  return VECTOR_FIELDS.map((_, f) => {
    const v = all.subarray(f * dims, (f + 1) * dims);
    return v.some((x) => x !== 0) ? v : undefined;
  });
}

/** The mean of the present field vectors, normalised: what the nearest-neighbour index holds. */
export function combinedVector(
  vectors: readonly (ArrayLike<number> | undefined)[],
  dims: number,
): Float32Array | undefined {
  const sum = new Float64Array(dims);
  let present = 0;
  for (const v of vectors) {
    if (!v) continue;
    present++;
    for (let c = 0; c < dims; c++) sum[c] = (sum[c] as number) + (v[c] as number);
  }
  if (present === 0) return undefined;
  let norm = 0;
  for (let c = 0; c < dims; c++) norm += (sum[c] as number) ** 2;
  norm = Math.sqrt(norm);
  return norm < 1e-12 ? undefined : Float32Array.from(sum, (x) => x / norm);
}

function cosine(q: Float32Array, v: Int8Array): number {
  let dot = 0;
  let norm = 0;
  for (let c = 0; c < q.length; c++) {
    const x = v[c] as number;
    dot += (q[c] as number) * x;
    norm += x * x;
  }
  return norm === 0 ? 0 : dot / Math.sqrt(norm);
}

/**
 * Similarity of a query vector to a patent under the user's weights: the weighted mean of the
 * cosines with its title, abstract and claims vectors, over the fields the patent has. Only the
 * description weight is left out (the description is not kept as a vector); with weight 0 on every
 * vector field, the plain mean is used.
 */
export function weightedSimilarity(
  query: Float32Array,
  fields: readonly (Int8Array | undefined)[],
  weights: FieldWeights,
): number {
  let sum = 0;
  let weight = 0;
  let plain = 0;
  let present = 0;
  fields.forEach((v, f) => {
    if (!v) return;
    const s = cosine(query, v);
    plain += s;
    present++;
    const w = weights[f] as number;
    sum += w * s;
    weight += w;
  });
  if (present === 0) return 0;
  return weight > 0 ? sum / weight : plain / present;
}

/**
 * Reciprocal rank fusion (Cormack et al. 2009): Σ w / (k + rank) over the lists that hold an id,
 * each list with its weight (1 when not given).
 */
export function reciprocalRankFusion(
  lists: readonly (readonly number[])[],
  k = 60,
  weights: readonly number[] = [],
): Map<number, number> {
  const fused = new Map<number, number>();
  lists.forEach((list, l) => {
    const w = weights[l] ?? 1;
    list.forEach((id, rank) => fused.set(id, (fused.get(id) ?? 0) + w / (k + rank + 1)));
  });
  return fused;
}

import { randomizedSvdInSlices } from '../linear-algebra/randomized-svd.js';
import type { DocTerms } from '../text-mining/terms.js';
import { buildTermSpace } from '../text-mining/vectors.js';

/**
 * The default semantic vectors: latent semantic analysis learned from the indexed corpus itself
 * (no multilingual embedding model ships inside an npm package, and none may be downloaded at run
 * time). Terms are jieba words and English stems (text-mining/terms.ts); a text's vector is its
 * TF-IDF row folded into the LSA space (x · V) and L2-normalised, so a dot product is a cosine.
 * Texts added after training fold in with the same basis: the index grows without retraining.
 */
export interface LsaModel {
  readonly dims: number;
  /** Term keys by row of `termVectors`. */
  readonly terms: readonly string[];
  readonly idf: Float32Array;
  /** terms × dims, row-major. */
  readonly termVectors: Float32Array;
  /** Documents of the training sample. */
  readonly trainedOn: number;
}

export interface LsaTrainingOptions {
  /** Dimensions of the space (default 128). */
  readonly dims?: number;
  /** Vocabulary size, most frequent terms first (default 40000). */
  readonly maxTerms?: number;
  readonly seed?: number;
}

export const DEFAULT_LSA_DIMENSIONS = 128;

/**
 * Learns the space: V of the TF-IDF matrix A ≈ U Σ Vᵀ (terms × dims), so that any TF-IDF row x
 * folds into the document space as x · V. Learning from 20000 patents takes seconds, so the SVD
 * hands the event loop back about every 25 ms and the server keeps answering meanwhile.
 */
export async function trainLsaModel(docs: readonly DocTerms[], options: LsaTrainingOptions = {}): Promise<LsaModel> {
  const space = buildTermSpace(docs, {
    minDf: docs.length >= 50 ? 2 : 1,
    maxDfShare: 0.3,
    maxTerms: options.maxTerms ?? 40_000,
  });
  const dims = options.dims ?? DEFAULT_LSA_DIMENSIONS;
  const a = space.matrix;
  const { v: termVectors, d } = await randomizedSvdInSlices(
    a,
    Math.min(dims, a.rows - 1, a.cols - 1),
    options.seed ?? 1,
    {
      left: false,
      sliceMs: 25,
    },
  );
  const n = docs.length;
  return {
    dims: d,
    terms: space.terms,
    idf: Float32Array.from(space.df, (df) => Math.log(n / df + 1)),
    termVectors: Float32Array.from(termVectors),
    trainedOn: n,
  };
}

/** Row of each term key, built once per model. */
const TERM_ROWS = new WeakMap<LsaModel, Map<string, number>>();

export function termRow(model: LsaModel, key: string): number | undefined {
  let rows = TERM_ROWS.get(model);
  if (!rows) {
    rows = new Map(model.terms.map((t, i) => [t, i]));
    TERM_ROWS.set(model, rows);
  }
  return rows.get(key);
}

/**
 * The unit vector of a text given as term counts, or undefined when none of its terms is in the
 * model's vocabulary (nothing to say about its meaning).
 */
export function embedTerms(model: LsaModel, counts: ReadonlyMap<string, number>): Float32Array | undefined {
  const d = model.dims;
  const v = new Float64Array(d);
  let known = 0;
  for (const [key, tf] of counts) {
    const row = termRow(model, key);
    if (row === undefined) continue;
    known++;
    const w = (1 + Math.log(tf)) * (model.idf[row] as number);
    const base = row * d;
    for (let c = 0; c < d; c++) v[c] = (v[c] as number) + w * (model.termVectors[base + c] as number);
  }
  if (known === 0) return undefined;
  let norm = 0;
  for (let c = 0; c < d; c++) norm += (v[c] as number) ** 2;
  norm = Math.sqrt(norm);
  if (norm < 1e-12) return undefined;
  return Float32Array.from(v, (x) => x / norm);
}

/** The model as bytes and back (stored in the engine's own SQLite file). */
export function serialiseLsaModel(model: LsaModel): { meta: string; idf: Buffer; vectors: Buffer } {
  return {
    meta: JSON.stringify({ dims: model.dims, trainedOn: model.trainedOn, terms: model.terms }),
    idf: Buffer.from(model.idf.buffer, model.idf.byteOffset, model.idf.byteLength),
    vectors: Buffer.from(model.termVectors.buffer, model.termVectors.byteOffset, model.termVectors.byteLength),
  };
}

export function deserialiseLsaModel(meta: string, idf: Buffer, vectors: Buffer): LsaModel {
  const m = JSON.parse(meta) as { dims: number; trainedOn: number; terms: string[] };
  const floats = (b: Buffer) => new Float32Array(b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength));
  return { dims: m.dims, trainedOn: m.trainedOn, terms: m.terms, idf: floats(idf), termVectors: floats(vectors) };
}

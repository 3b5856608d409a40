import { symmetricEigen, type SparseMatrix } from '../text-mining/vectors.js';
import { createRandom, gaussian } from '../text-mining/random.js';

/**
 * The term side of latent semantic analysis, computed cooperatively: V of A ≈ U Σ Vᵀ (cols × d,
 * row-major), so that any TF-IDF row x folds into the document space as x · V. Randomised SVD
 * (Halko et al.: Gaussian sketch, two power iterations, the small eigenproblem of B Bᵀ), like
 * text-mining's latentSemanticVectors, but every loop hands the event loop back about every
 * SLICE_MS: learning from 20000 patents takes seconds, and the server must keep answering meanwhile.
 */
const SLICE_MS = 25;

/** Resolves at once while the slice lasts, else after the event loop has run. */
function pacer(): () => Promise<void> | undefined {
  let start = performance.now();
  return () => {
    if (performance.now() - start < SLICE_MS) return undefined;
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        start = performance.now();
        resolve();
      }),
    );
  };
}

type Pace = ReturnType<typeof pacer>;

/** A · B, B dense (cols × l) → rows × l. */
async function multiply(a: SparseMatrix, b: Float64Array, l: number, pace: Pace): Promise<Float64Array> {
  const out = new Float64Array(a.rows * l);
  for (let i = 0; i < a.rows; i++) {
    const o = i * l;
    for (let p = a.rowPtr[i] as number; p < (a.rowPtr[i + 1] as number); p++) {
      const v = a.values[p] as number;
      const r = (a.colIdx[p] as number) * l;
      for (let j = 0; j < l; j++) out[o + j] = (out[o + j] as number) + v * (b[r + j] as number);
    }
    if (i % 256 === 0) await pace();
  }
  return out;
}

/** Aᵀ · Y, Y dense (rows × l) → cols × l. */
async function multiplyTransposed(a: SparseMatrix, y: Float64Array, l: number, pace: Pace): Promise<Float64Array> {
  const out = new Float64Array(a.cols * l);
  for (let i = 0; i < a.rows; i++) {
    const o = i * l;
    for (let p = a.rowPtr[i] as number; p < (a.rowPtr[i + 1] as number); p++) {
      const v = a.values[p] as number;
      const r = (a.colIdx[p] as number) * l;
      for (let j = 0; j < l; j++) out[r + j] = (out[r + j] as number) + v * (y[o + j] as number);
    }
    if (i % 256 === 0) await pace();
  }
  return out;
}

/** Modified Gram–Schmidt on the l columns of a row-major rows × l matrix, in place (columns copied out: contiguous loops). */
async function orthonormalise(m: Float64Array, rows: number, l: number, pace: Pace): Promise<void> {
  const cols: Float64Array[] = [];
  for (let j = 0; j < l; j++) {
    const c = new Float64Array(rows);
    for (let i = 0; i < rows; i++) c[i] = m[i * l + j] as number;
    cols.push(c);
  }
  for (let j = 0; j < l; j++) {
    const cj = cols[j] as Float64Array;
    for (let k = 0; k < j; k++) {
      const ck = cols[k] as Float64Array;
      let dot = 0;
      for (let i = 0; i < rows; i++) dot += (cj[i] as number) * (ck[i] as number);
      for (let i = 0; i < rows; i++) cj[i] = (cj[i] as number) - dot * (ck[i] as number);
      await pace();
    }
    let norm = 0;
    for (let i = 0; i < rows; i++) norm += (cj[i] as number) ** 2;
    norm = Math.sqrt(norm);
    for (let i = 0; i < rows; i++) cj[i] = norm > 1e-12 ? (cj[i] as number) / norm : 0;
  }
  for (let j = 0; j < l; j++) {
    const c = cols[j] as Float64Array;
    for (let i = 0; i < rows; i++) m[i * l + j] = c[i] as number;
  }
}

export async function latentSemanticBasis(
  a: SparseMatrix,
  dims: number,
  seed: number,
): Promise<{ termVectors: Float64Array; d: number; singular: Float64Array }> {
  const pace = pacer();
  const d = Math.max(1, Math.min(dims, a.rows - 1, a.cols - 1));
  const l = Math.min(d + 8, a.rows, a.cols);
  if (a.cols === 0 || a.rows === 0 || l <= 0) {
    return { termVectors: new Float64Array(a.cols), d: 1, singular: new Float64Array(1) };
  }
  const random = createRandom(seed);
  const omega = new Float64Array(a.cols * l);
  for (let i = 0; i < omega.length; i++) omega[i] = gaussian(random);
  let q = await multiply(a, omega, l, pace);
  await orthonormalise(q, a.rows, l, pace);
  for (let iter = 0; iter < 2; iter++) {
    const z = await multiplyTransposed(a, q, l, pace);
    await orthonormalise(z, a.cols, l, pace);
    q = await multiply(a, z, l, pace);
    await orthonormalise(q, a.rows, l, pace);
  }
  // Z = Aᵀ Q = Bᵀ with B = Qᵀ A; B Bᵀ = Zᵀ Z = Ub Σ² Ubᵀ and V = Z Ub Σ⁻¹.
  const z = await multiplyTransposed(a, q, l, pace);
  const gram = new Float64Array(l * l);
  for (let r = 0; r < a.cols; r++) {
    for (let i = 0; i < l; i++) {
      const zi = z[r * l + i] as number;
      if (zi === 0) continue;
      for (let j = i; j < l; j++) gram[i * l + j] = (gram[i * l + j] as number) + zi * (z[r * l + j] as number);
    }
    if (r % 256 === 0) await pace();
  }
  for (let i = 0; i < l; i++) for (let j = 0; j < i; j++) gram[i * l + j] = gram[j * l + i] as number;
  // The l × l eigenproblem (l = dims + 8) is small: text-mining's Jacobi, in one piece.
  const { values, vectors: ub } = symmetricEigen(gram, l);
  const dd = Math.min(d, l);
  const singular = Float64Array.from({ length: dd }, (_, c) => Math.sqrt(Math.max(values[c] as number, 0)));
  const termVectors = new Float64Array(a.cols * dd);
  for (let r = 0; r < a.cols; r++) {
    for (let c = 0; c < dd; c++) {
      const sv = singular[c] as number;
      if (sv < 1e-12) continue;
      let x = 0;
      for (let k = 0; k < l; k++) x += (z[r * l + k] as number) * (ub[k * l + c] as number);
      termVectors[r * dd + c] = x / sv;
    }
    if (r % 256 === 0) await pace();
  }
  return { termVectors, d: dd, singular };
}

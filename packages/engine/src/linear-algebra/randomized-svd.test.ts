import { describe, expect, it } from 'vitest';
import { createRandom, gaussian } from './random.js';
import { randomizedSvd, randomizedSvdInSlices, type SparseMatrix, type TruncatedSvd } from './randomized-svd.js';
import { symmetricEigen } from './symmetric-eigen.js';

/** Row-major dense rows × cols → compressed rows (zeros left out). */
function sparse(dense: Float64Array, rows: number, cols: number): SparseMatrix {
  const rowPtr = new Int32Array(rows + 1);
  const colIdx: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < cols; j++) {
      const x = dense[i * cols + j] as number;
      if (x === 0) continue;
      colIdx.push(j);
      values.push(x);
    }
    rowPtr[i + 1] = colIdx.length;
  }
  return { rows, cols, rowPtr, colIdx: Int32Array.from(colIdx), values: Float64Array.from(values) };
}

/** rows × k with orthonormal columns (Gram–Schmidt of Gaussian columns), row-major. */
function orthonormalColumns(rows: number, k: number, seed: number): Float64Array {
  const random = createRandom(seed);
  const cols = Array.from({ length: k }, () => Float64Array.from({ length: rows }, () => gaussian(random)));
  cols.forEach((c, j) => {
    for (let p = 0; p < j; p++) {
      const prev = cols[p] as Float64Array;
      const dot = c.reduce((s, x, i) => s + x * (prev[i] as number), 0);
      c.forEach((x, i) => (c[i] = x - dot * (prev[i] as number)));
    }
    const norm = Math.hypot(...c);
    c.forEach((x, i) => (c[i] = x / norm));
  });
  const out = new Float64Array(rows * k);
  for (let i = 0; i < rows; i++) for (let j = 0; j < k; j++) out[i * k + j] = (cols[j] as Float64Array)[i] as number;
  return out;
}

/** U diag(s) Vᵀ, U rows × k and V cols × k row-major. */
function compose(u: Float64Array, s: ArrayLike<number>, v: Float64Array, rows: number, cols: number): Float64Array {
  const k = s.length;
  const out = new Float64Array(rows * cols);
  for (let i = 0; i < rows; i++)
    for (let j = 0; j < cols; j++) {
      let x = 0;
      for (let c = 0; c < k; c++) x += (u[i * k + c] as number) * (s[c] as number) * (v[j * k + c] as number);
      out[i * cols + j] = x;
    }
  return out;
}

/** Largest |MᵀM − I| over the d columns of a row-major rows × d matrix. */
function orthonormalityError(m: Float64Array, rows: number, d: number): number {
  let worst = 0;
  for (let p = 0; p < d; p++)
    for (let q = 0; q < d; q++) {
      let dot = 0;
      for (let i = 0; i < rows; i++) dot += (m[i * d + p] as number) * (m[i * d + q] as number);
      worst = Math.max(worst, Math.abs(dot - (p === q ? 1 : 0)));
    }
  return worst;
}

const maxAbsDiff = (a: ArrayLike<number>, b: ArrayLike<number>): number =>
  Array.from(a).reduce((m, x, i) => Math.max(m, Math.abs(x - (b[i] as number))), 0);

/** Largest relative error of the singular values found against the true ones. */
const singularError = (svd: TruncatedSvd, truth: ArrayLike<number>): number =>
  Array.from(svd.singular).reduce(
    (m, s, i) => Math.max(m, Math.abs(s - (truth[i] as number)) / (truth[i] as number)),
    0,
  );

describe('randomised SVD', () => {
  it('recovers a matrix of known low rank: singular values, orthonormal bases, the matrix itself', () => {
    const rows = 60;
    const cols = 40;
    const s = [10, 7, 5, 3, 1];
    const dense = compose(orthonormalColumns(rows, 5, 1), s, orthonormalColumns(cols, 5, 2), rows, cols);
    const svd = randomizedSvd(sparse(dense, rows, cols), 5, 7);
    expect(svd.d).toBe(5);
    expect(singularError(svd, s)).toBeLessThan(1e-10);
    expect(orthonormalityError(svd.u, rows, 5)).toBeLessThan(1e-10);
    expect(orthonormalityError(svd.v, cols, 5)).toBeLessThan(1e-10);
    expect(maxAbsDiff(compose(svd.u, svd.singular, svd.v, rows, cols), dense)).toBeLessThan(1e-10);
    // Asking for fewer keeps the largest.
    expect(singularError(randomizedSvd(sparse(dense, rows, cols), 3, 7), s.slice(0, 3))).toBeLessThan(1e-10);
  });

  it('matches the exact decomposition (eigenvalues of AᵀA) of a sparse full-rank matrix', () => {
    const rows = 50;
    const cols = 20;
    const random = createRandom(3);
    const dense = Float64Array.from({ length: rows * cols }, () => (random() < 0.3 ? random() : 0));
    const a = sparse(dense, rows, cols);
    const ata = new Float64Array(cols * cols);
    for (let p = 0; p < cols; p++)
      for (let q = 0; q < cols; q++)
        for (let i = 0; i < rows; i++)
          ata[p * cols + q] =
            (ata[p * cols + q] as number) + (dense[i * cols + p] as number) * (dense[i * cols + q] as number);
    const exact = Array.from(symmetricEigen(ata, cols).values, (x) => Math.sqrt(Math.max(x, 0)));
    const svd = randomizedSvd(a, cols, 11);
    expect(svd.d).toBe(cols);
    expect(singularError(svd, exact)).toBeLessThan(1e-9);
    expect(maxAbsDiff(compose(svd.u, svd.singular, svd.v, rows, cols), dense)).toBeLessThan(1e-9);
    // Deterministic for a seed; another seed finds the same values.
    expect(randomizedSvd(a, cols, 11)).toEqual(svd);
    expect(maxAbsDiff(randomizedSvd(a, cols, 12).singular, svd.singular)).toBeLessThan(1e-9);
  });

  it('power iterations sharpen the top singular values of a slowly decaying spectrum', () => {
    const rows = 300;
    const cols = 200;
    const s = Array.from({ length: cols }, (_, i) => 1 / Math.sqrt(i + 1));
    const a = sparse(
      compose(orthonormalColumns(rows, cols, 4), s, orthonormalColumns(cols, cols, 5), rows, cols),
      rows,
      cols,
    );
    const error = (powerIterations: number) =>
      singularError(randomizedSvd(a, 10, 1, { powerIterations, left: false, right: false }), s);
    const [none, one, two] = [error(0), error(1), error(2)];
    // Seed 1: about 35 %, 9 % and 2 % off; the second iteration still quarters the error.
    expect(one).toBeLessThan(none / 2);
    expect(two).toBeLessThan(one / 2);
    expect(two).toBeLessThan(0.05);
    // The default is two.
    expect(singularError(randomizedSvd(a, 10, 1), s)).toBe(two);
  });

  it('in slices hands the event loop back and gives the same answer', async () => {
    const rows = 400;
    const cols = 300;
    const random = createRandom(9);
    const a = sparse(
      Float64Array.from({ length: rows * cols }, () => (random() < 0.05 ? random() : 0)),
      rows,
      cols,
    );
    let turns = 0;
    let running = true;
    const tick = (): void => {
      turns++;
      if (running) setImmediate(tick);
    };
    setImmediate(tick);
    const sliced = await randomizedSvdInSlices(a, 16, 2, { sliceMs: 0 });
    running = false;
    expect(turns).toBeGreaterThan(10);
    expect(sliced).toEqual(randomizedSvd(a, 16, 2));
  });

  it('answers an empty matrix with one zero direction', () => {
    const empty: SparseMatrix = {
      rows: 3,
      cols: 0,
      rowPtr: new Int32Array(4),
      colIdx: new Int32Array(0),
      values: new Float64Array(0),
    };
    expect(randomizedSvd(empty, 8, 1)).toEqual({
      d: 1,
      singular: new Float64Array(1),
      u: new Float64Array(3),
      v: new Float64Array(0),
    });
  });
});

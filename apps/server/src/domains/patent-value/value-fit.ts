import { VALUE_INDICATORS, type ValueIndicatorId } from '@patlas/contracts';

/**
 * Fitting the value model to a reference value by rank (issue 49 item 1; bench/value-calibration.ts
 * runs it on PatSnap's 专利价值 and writes value-model.json). Pure and deterministic: the same
 * samples give the same shares. Nothing here runs in the server.
 */

/** Average ranks (ties share the mean of their positions), 1-based. */
export function ranks(values: ArrayLike<number>): Float64Array {
  const n = values.length;
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => values[a]! - values[b]! || a - b);
  const out = new Float64Array(n);
  for (let i = 0; i < n;) {
    let j = i;
    while (j + 1 < n && values[order[j + 1]!] === values[order[i]!]) j++;
    const rank = (i + j) / 2 + 1;
    for (let k = i; k <= j; k++) out[order[k]!] = rank;
    i = j + 1;
  }
  return out;
}

/** Pearson's correlation. */
export function pearson(x: ArrayLike<number>, y: ArrayLike<number>): number {
  const n = x.length;
  let mx = 0;
  let my = 0;
  for (let i = 0; i < n; i++) {
    mx += x[i]!;
    my += y[i]!;
  }
  mx /= n;
  my /= n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    const dx = x[i]! - mx;
    const dy = y[i]! - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  return sxx > 0 && syy > 0 ? sxy / Math.sqrt(sxx * syy) : 0;
}

/** Spearman's rho: Pearson's correlation of the ranks (ties averaged). */
export function spearman(x: ArrayLike<number>, y: ArrayLike<number>): number {
  return pearson(ranks(x), ranks(y));
}

/** The fit's split: publication numbers whose last digit (before the kind code) is 0–6 fit, 7–9 are held back. */
export function isFitRecord(publicationNumber: string): boolean {
  const digit = /(\d)[A-Z]\d?$/i.exec(publicationNumber.trim())?.[1];
  return digit !== undefined && Number(digit) <= 6;
}

/**
 * Technology field levels (0–100) by IPC subclass: the mean mid-rank percentile of the reference
 * value among the samples of the subclass, shrunk toward 50 by `prior` pseudo-samples (a field of
 * three patents does not get an extreme level), one decimal.
 */
export function fieldLevelsOf(
  samples: readonly { subclass: string | undefined; value: number }[],
  prior = 5,
): Record<string, number> {
  const r = ranks(samples.map((s) => s.value));
  const n = samples.length;
  const sums = new Map<string, { sum: number; count: number }>();
  samples.forEach((s, i) => {
    if (!s.subclass) return;
    const at = sums.get(s.subclass) ?? { sum: 0, count: 0 };
    at.sum += ((r[i]! - 0.5) / n) * 100;
    at.count += 1;
    sums.set(s.subclass, at);
  });
  return Object.fromEntries(
    [...sums]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([k, { sum, count }]) => [k, Math.round(((sum + 50 * prior) / (count + prior)) * 10) / 10]),
  );
}

export interface FitSample {
  /** What each indicator puts into the score (VALUE_INDICATORS order), as the scorer computes it. */
  used: readonly number[];
  /** The reference value. */
  value: number;
}

/** Scores of the samples under `shares` (the share-weighted mean of `used`). */
export function scoresOf(samples: readonly FitSample[], shares: readonly number[]): Float64Array {
  const total = shares.reduce((a, b) => a + b, 0) || 1;
  const out = new Float64Array(samples.length);
  samples.forEach((s, i) => {
    let sum = 0;
    for (let k = 0; k < shares.length; k++) sum += shares[k]! * s.used[k]!;
    // One decimal, as the scorer rounds: ties the product makes are ties here too.
    out[i] = Math.round((sum / total) * 10) / 10;
  });
  return out;
}

export interface FitResult {
  shares: Record<ValueIndicatorId, number>;
  rho: number;
  rounds: number;
  evaluations: number;
}

/**
 * Shares that maximise Spearman's rho between the score and the reference value on `samples`:
 * coordinate search from `start`, each round trying every indicator's share times 0, ½, ⅘, 5⁄4, 2
 * and plus 0.02, keeping a change only when rho rises by more than 1e-5; until a round changes
 * nothing or `maxRounds`. Shares stay at or above zero (an indicator never lowers the score) and
 * are normalised to add up to 1, three decimals.
 */
export function fitShares(
  samples: readonly FitSample[],
  start: Record<ValueIndicatorId, number>,
  options: { maxRounds?: number; fixed?: readonly ValueIndicatorId[] } = {},
): FitResult {
  const target = ranks(samples.map((s) => s.value));
  const rhoOf = (shares: readonly number[]) => pearson(ranks(scoresOf(samples, shares)), target);
  let shares = VALUE_INDICATORS.map((id) => start[id]);
  let best = rhoOf(shares);
  let evaluations = 1;
  let rounds = 0;
  const maxRounds = options.maxRounds ?? 12;
  for (; rounds < maxRounds; rounds++) {
    let improved = false;
    for (let k = 0; k < shares.length; k++) {
      if (options.fixed?.includes(VALUE_INDICATORS[k]!)) continue;
      const current = shares[k]!;
      const candidates = [0, current * 0.5, current * 0.8, current * 1.25, current * 2, current + 0.02];
      for (const candidate of candidates) {
        if (candidate === current) continue;
        const next = shares.slice();
        next[k] = candidate;
        if (next.every((s) => s === 0)) continue;
        const rho = rhoOf(next);
        evaluations++;
        if (rho > best + 1e-5) {
          best = rho;
          shares = next;
          improved = true;
        }
      }
    }
    if (!improved) break;
  }
  const total = shares.reduce((a, b) => a + b, 0);
  const normalised = shares.map((s) => Math.round((s / total) * 1000) / 1000);
  return {
    shares: Object.fromEntries(VALUE_INDICATORS.map((id, i) => [id, normalised[i]!])) as Record<
      ValueIndicatorId,
      number
    >,
    rho: rhoOf(normalised),
    rounds,
    evaluations,
  };
}

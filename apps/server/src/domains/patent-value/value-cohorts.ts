import {
  MIN_VALUE_COHORT_SIZE,
  VALUE_DIMENSIONS,
  VALUE_INDICATORS,
  type Patent,
  type ValueCohort,
  valueConfidenceLevel,
  type ValueCohortLevel,
  type ValueConfidence,
  type ValueDimension,
  type ValueDimensionId,
  type ValueIndicator,
  type ValueIndicatorId,
} from '@patlas/contracts';
import { DIMENSION_OF, cohortYearOf, mainSubclassOf, type RawIndicators } from './value-indicators.js';
import { FIXED_SCALE_INDICATORS, VALUE_MODEL, type ValueModel } from './value-model.js';

/**
 * Cohort distributions as compact histograms, and percentiles and scores from them (pure).
 * Every indicator's values fall on one fixed grid of BIN_COUNT bins, so a cohort is
 * 19 × 96 counts whatever its size: 0 alone, quarter steps up to 8 (counts 0–7 and the ordinals
 * each get their own bin), then eight bins per doubling up to ~1,700, the last bin open-ended.
 */
export const BIN_COUNT = 96;
const INDICATOR_COUNT = VALUE_INDICATORS.length;

export function binOf(value: number): number {
  if (!(value > 0)) return 0;
  if (value < 8) return 1 + Math.floor(value * 4);
  return Math.min(BIN_COUNT - 1, 33 + Math.floor(Math.log2(value / 8) * 8));
}

/** One cohort's distribution: patents, and per indicator the count of known values in each bin. */
export class CohortHistogram {
  size = 0;
  readonly counts = new Int32Array(INDICATOR_COUNT * BIN_COUNT);
  readonly known = new Int32Array(INDICATOR_COUNT);

  /** Adds (sign 1) or removes (sign -1) one patent's raw values. */
  add(values: readonly (number | null)[], sign: 1 | -1): void {
    this.size += sign;
    for (let i = 0; i < INDICATOR_COUNT; i++) {
      const v = values[i];
      if (v === null || v === undefined) continue;
      this.known[i] = (this.known[i] as number) + sign;
      const at = i * BIN_COUNT + binOf(v);
      this.counts[at] = (this.counts[at] as number) + sign;
    }
  }

  /**
   * Mid-rank percentile (0–100) of `value` among the known values of indicator `i`: the share
   * below it plus half the share equal to it, so ties sit in the middle and a cohort where
   * everyone has the same value puts everyone at 50.
   */
  percentile(i: number, value: number): number {
    const known = this.known[i] as number;
    if (known <= 0) return 50;
    const bin = binOf(value);
    let below = 0;
    for (let b = 0; b < bin; b++) below += this.counts[i * BIN_COUNT + b] as number;
    const same = this.counts[i * BIN_COUNT + bin] as number;
    return ((below + same / 2) / known) * 100;
  }

  /** More than one distinct value among the cohort's known values of indicator `i`. */
  isInformative(i: number): boolean {
    let filled = 0;
    for (let b = 0; b < BIN_COUNT; b++) if ((this.counts[i * BIN_COUNT + b] as number) > 0 && ++filled > 1) return true;
    return false;
  }

  /** The histogram as the store keeps it: per indicator, `bin:count` pairs of the filled bins. */
  toJSON(): { size: number; bins: Record<string, Record<string, number>> } {
    const bins: Record<string, Record<string, number>> = {};
    VALUE_INDICATORS.forEach((id, i) => {
      const filled: Record<string, number> = {};
      for (let b = 0; b < BIN_COUNT; b++) {
        const n = this.counts[i * BIN_COUNT + b] as number;
        if (n !== 0) filled[b] = n;
      }
      if (Object.keys(filled).length > 0) bins[id] = filled;
    });
    return { size: this.size, bins };
  }

  static fromJSON(json: { size: number; bins: Record<string, Record<string, number>> }): CohortHistogram {
    const h = new CohortHistogram();
    h.size = json.size;
    VALUE_INDICATORS.forEach((id, i) => {
      for (const [bin, n] of Object.entries(json.bins[id] ?? {})) {
        h.counts[i * BIN_COUNT + Number(bin)] = n;
        h.known[i] = (h.known[i] as number) + n;
      }
    });
    return h;
  }
}

/** Every cohort's histogram by key. */
export class CohortStats {
  readonly cohorts = new Map<string, CohortHistogram>();

  /** Adds or removes one patent in every cohort of its path. */
  add(path: readonly string[], values: readonly (number | null)[], sign: 1 | -1): void {
    for (const key of path) {
      let h = this.cohorts.get(key);
      if (!h) this.cohorts.set(key, (h = new CohortHistogram()));
      h.add(values, sign);
      if (h.size <= 0) this.cohorts.delete(key);
    }
  }

  sizeOf(key: string): number {
    return this.cohorts.get(key)?.size ?? 0;
  }
}

/** The record's cohorts, narrowest first (VALUE_COHORT_LEVELS): `H01M·2019`, `H01·2019`, `H·2019`, `·2019`, `*`. */
export function cohortPathOf(patent: Patent): string[] {
  const year = cohortYearOf(patent);
  const subclass = mainSubclassOf(patent);
  const byYear = subclass ? [subclass, subclass.slice(0, 3), subclass.slice(0, 1)].map((ipc) => `${ipc}·${year}`) : [];
  return [...byYear, `·${year}`, '*'];
}

/** What a cohort key says: its level, the IPC symbol and year it shares. */
export function describeCohort(key: string): Pick<ValueCohort, 'level' | 'ipc' | 'year'> {
  if (key === '*') return { level: 'all' };
  const [ipc = '', year = ''] = key.split('·');
  const level: ValueCohortLevel =
    ipc.length === 0 ? 'year' : ipc.length === 1 ? 'sectionYear' : ipc.length === 3 ? 'classYear' : 'subclassYear';
  return { level, ...(ipc ? { ipc } : {}), year };
}

/**
 * The cohort a patent is compared with: the narrowest of its path holding at least
 * MIN_VALUE_COHORT_SIZE patents, else the widest (the whole corpus, however small).
 */
export function chooseCohort(path: readonly string[], stats: CohortStats): string {
  return path.find((key) => stats.sizeOf(key) >= MIN_VALUE_COHORT_SIZE) ?? path[path.length - 1] ?? '*';
}

export interface ValueScore {
  score: number | null;
  confidence: ValueConfidence;
  cohort: ValueCohort;
  dimensions: ValueDimension[];
  indicators: ValueIndicator[];
}

const round1 = (v: number): number => Math.round(v * 10) / 10;

/** Where an indicator that tells nothing about the patent sits: the middle of its cohort. */
export const NEUTRAL_PERCENTILE = 50;

/** How many indicators counted and the share of the score's weight they carry (issue 43 item 8). */
export function confidenceOf(indicators: readonly ValueIndicator[]): ValueConfidence {
  const counted = indicators.filter((x) => x.counted);
  const all = indicators.reduce((sum, x) => sum + x.share, 0);
  const share = counted.reduce((sum, x) => sum + x.share, 0);
  return {
    counted: counted.length,
    total: indicators.length,
    weightShare: all > 0 ? Math.round((share / all) * 1000) / 1000 : 0,
    level: valueConfidenceLevel(counted.length),
  };
}

/**
 * A model's weights as the panel shows them: a dimension's weight is the sum of its indicators'
 * shares, an indicator's weight its share of its dimension's.
 */
export function weightsOf(model: ValueModel): {
  dimensions: Record<ValueDimensionId, number>;
  indicators: Record<ValueIndicatorId, number>;
} {
  const dimensions = Object.fromEntries(VALUE_DIMENSIONS.map((d) => [d, 0])) as Record<ValueDimensionId, number>;
  for (const id of VALUE_INDICATORS)
    dimensions[DIMENSION_OF[id]] = (dimensions[DIMENSION_OF[id]] ?? 0) + model.shares[id];
  const indicators = Object.fromEntries(
    VALUE_INDICATORS.map((id) => {
      const dim = dimensions[DIMENSION_OF[id]] ?? 0;
      return [id, dim > 0 ? Math.round((model.shares[id] / dim) * 1000) / 1000 : 0];
    }),
  ) as Record<ValueIndicatorId, number>;
  for (const d of VALUE_DIMENSIONS) dimensions[d] = Math.round((dimensions[d] ?? 0) * 1000) / 1000;
  return { dimensions, indicators };
}

/**
 * What each indicator puts into the score (0–100): its percentile in the cohort (a fixed-scale
 * indicator its raw value; a descending one 100 − percentile) when it counts, the cohort's middle
 * (50) when it does not. The score is the share-weighted mean of these.
 */
export function scoredValue(x: Pick<ValueIndicator, 'id' | 'percentile' | 'counted'>, model: ValueModel): number {
  if (!x.counted || x.percentile === null) return NEUTRAL_PERCENTILE;
  return model.descending.includes(x.id) ? 100 - x.percentile : x.percentile;
}

/**
 * The score of one patent from its raw indicators and its cohort's distribution: the share-weighted
 * mean of what each indicator puts in (scoredValue); shown as dimensions (the weighted mean of
 * their indicators) and per indicator its weight, share and points. An indicator counts when the
 * patent's value is known and the cohort's known values are not all the same; one that does not
 * (the record does not tell, or it tells nothing against the others) sits at the cohort's middle,
 * 50, with its weight: a record that tells little stays near the middle instead of being ranked on
 * the one or two indicators it has. The weights are the fitted model's (value-model.json).
 */
export function scoreWith(
  raw: RawIndicators,
  path: readonly string[],
  stats: CohortStats,
  model: ValueModel = VALUE_MODEL,
): ValueScore {
  const key = chooseCohort(path, stats);
  const cohort = stats.cohorts.get(key) ?? new CohortHistogram();
  const weights = weightsOf(model);
  const totalShare = VALUE_INDICATORS.reduce((sum, id) => sum + model.shares[id], 0) || 1;
  const indicators = VALUE_INDICATORS.map((id, i) => {
    const value = raw[id];
    const dimension = DIMENSION_OF[id];
    const fixed = FIXED_SCALE_INDICATORS.has(id);
    const percentile =
      value === null ? null : round1(fixed ? Math.min(100, Math.max(0, value)) : cohort.percentile(i, value));
    const counted = value !== null && (fixed || cohort.isInformative(i));
    const share = model.shares[id];
    const x = {
      id,
      dimension,
      raw: value,
      percentile,
      weight: weights.indicators[id] ?? 0,
      share: Math.round(share * 1000) / 1000,
      points: 0,
      known: cohort.known[i] as number,
      counted,
    } satisfies ValueIndicator;
    x.points = Math.round(((share * scoredValue(x, model)) / totalShare) * 100) / 100;
    return x;
  });
  const dimensions = VALUE_DIMENSIONS.map((dim) => {
    const own = indicators.filter((x) => x.dimension === dim);
    const shares = own.reduce((sum, x) => sum + model.shares[x.id], 0);
    const score =
      shares > 0
        ? own.reduce((sum, x) => sum + model.shares[x.id] * scoredValue(x, model), 0) / shares
        : NEUTRAL_PERCENTILE;
    return { id: dim, score: round1(score), weight: weights.dimensions[dim] ?? 0, counted: own.some((x) => x.counted) };
  });
  const exact =
    VALUE_INDICATORS.reduce((sum, id, i) => sum + model.shares[id] * scoredValue(indicators[i]!, model), 0) /
    totalShare;
  const score = indicators.some((x) => x.counted) ? round1(exact) : null;
  const chosenAt = path.indexOf(key);
  return {
    score,
    confidence: confidenceOf(indicators),
    cohort: {
      key,
      ...describeCohort(key),
      size: cohort.size,
      skipped: path.slice(0, Math.max(0, chosenAt)).map((k) => ({
        key: k,
        level: describeCohort(k).level,
        size: stats.sizeOf(k),
      })),
    },
    dimensions: dimensions.map((d) => ({ id: d.id, score: d.counted ? d.score : null, weight: d.weight })),
    indicators,
  };
}

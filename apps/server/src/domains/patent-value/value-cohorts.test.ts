import { describe, expect, it } from 'vitest';
import { MIN_VALUE_COHORT_SIZE, VALUE_INDICATORS, type Patent } from '@patlas/contracts';
import {
  BIN_COUNT,
  CohortHistogram,
  CohortStats,
  binOf,
  chooseCohort,
  cohortPathOf,
  describeCohort,
  scoreWith,
  weightsOf,
} from './value-cohorts.js';
import {
  DIMENSION_OF,
  HAND_DIMENSION_WEIGHTS,
  HAND_INDICATOR_WEIGHTS,
  indicatorArray,
  indicatorRecord,
  type RawIndicators,
} from './value-indicators.js';
import { VALUE_MODEL, type ValueModel } from './value-model.js';

/** The hand-set weights of the first version as a model: the arithmetic below is checkable by hand. */
const HAND: ValueModel = {
  version: 'hand',
  shares: Object.fromEntries(
    VALUE_INDICATORS.map((id) => [id, HAND_DIMENSION_WEIGHTS[DIMENSION_OF[id]] * HAND_INDICATOR_WEIGHTS[id]]),
  ) as ValueModel['shares'],
  descending: ['claimBreadth'],
  fieldLevels: {},
};

const FORWARD = VALUE_INDICATORS.indexOf('forwardCitations');

/** Raw indicators with only these known. */
function raw(values: Partial<RawIndicators>): RawIndicators {
  return { ...indicatorRecord([]), ...values };
}

describe('histogram bins', () => {
  it('keeps counts 0–7 and the ordinals apart, then widens by doublings', () => {
    const bins = [0, 1, 2, 3, 4, 5, 6, 7].map(binOf);
    expect(new Set(bins).size).toBe(8);
    expect(binOf(0.2)).not.toBe(binOf(0.3));
    expect(binOf(100)).toBeGreaterThan(binOf(90));
    expect(binOf(1e9)).toBe(BIN_COUNT - 1);
    expect(binOf(-1)).toBe(0);
  });
});

describe('mid-rank percentiles', () => {
  it('puts the top of a cohort near 100, ties in the middle, everyone at 50 when all are equal', () => {
    const h = new CohortHistogram();
    for (let v = 0; v < 10; v++) h.add(indicatorArray(raw({ forwardCitations: v })), 1);
    expect(h.percentile(FORWARD, 9)).toBe(95);
    expect(h.percentile(FORWARD, 0)).toBe(5);
    expect(h.percentile(FORWARD, 4)).toBe(45);
    expect(h.isInformative(FORWARD)).toBe(true);

    const same = new CohortHistogram();
    for (let i = 0; i < 5; i++) same.add(indicatorArray(raw({ forwardCitations: 3 })), 1);
    expect(same.percentile(FORWARD, 3)).toBe(50);
    expect(same.isInformative(FORWARD)).toBe(false);
  });

  it('counts only known values and takes a removed patent out again', () => {
    const h = new CohortHistogram();
    h.add(indicatorArray(raw({ forwardCitations: 1 })), 1);
    h.add(indicatorArray(raw({})), 1);
    expect(h.size).toBe(2);
    expect(h.known[FORWARD]).toBe(1);
    h.add(indicatorArray(raw({ forwardCitations: 1 })), -1);
    expect(h.known[FORWARD]).toBe(0);
    expect(CohortHistogram.fromJSON(JSON.parse(JSON.stringify(h.toJSON())))).toEqual(h);
  });
});

describe('cohorts', () => {
  const patent: Patent = {
    publicationNumber: 'CN110000001A',
    country: 'CN',
    applicationDate: '2018-03-02',
    classifications: { ipcMain: 'H01M4/525' },
  };

  it('goes from the IPC subclass and year to the whole corpus', () => {
    expect(cohortPathOf(patent)).toEqual(['H01M·2018', 'H01·2018', 'H·2018', '·2018', '*']);
    expect(cohortPathOf({ publicationNumber: 'X', country: 'CN' })).toEqual(['·unknown', '*']);
    expect(describeCohort('H01·2018')).toEqual({ level: 'classYear', ipc: 'H01', year: '2018' });
    expect(describeCohort('*')).toEqual({ level: 'all' });
  });

  it(`takes the narrowest cohort of at least ${MIN_VALUE_COHORT_SIZE} patents`, () => {
    const stats = new CohortStats();
    const path = cohortPathOf(patent);
    const values = indicatorArray(raw({ claimCount: 5 }));
    for (let i = 0; i < MIN_VALUE_COHORT_SIZE - 1; i++) stats.add(path, values, 1);
    // 29 in H01M·2018 and a 30th in another subclass of H01.
    stats.add(['H01G·2018', 'H01·2018', 'H·2018', '·2018', '*'], values, 1);
    expect(chooseCohort(path, stats)).toBe('H01·2018');
    stats.add(path, values, 1);
    expect(chooseCohort(path, stats)).toBe('H01M·2018');
  });
});

describe('scores', () => {
  it('weights the percentiles, the unknown ones at the middle, and explains each indicator', () => {
    const stats = new CohortStats();
    const path = ['*'];
    for (let v = 0; v < 40; v++) {
      stats.add(
        path,
        indicatorArray(raw({ forwardCitations: v, claimCount: 40 - v, legalStatus: 2, familySize: 1 })),
        1,
      );
    }
    const best = scoreWith(
      raw({ forwardCitations: 39, claimCount: 1, legalStatus: 2, familySize: 1 }),
      path,
      stats,
      HAND,
    );
    const forward = best.indicators.find((x) => x.id === 'forwardCitations')!;
    const claims = best.indicators.find((x) => x.id === 'claimCount')!;
    expect(forward).toMatchObject({ percentile: 98.8, counted: true, known: 40 });
    expect(claims).toMatchObject({ percentile: 1.3, counted: true });
    // Everyone in force, everyone a family of one: no information, not counted.
    expect(best.indicators.find((x) => x.id === 'legalStatus')).toMatchObject({ percentile: 50, counted: false });
    expect(best.dimensions.map((d) => d.score)).toEqual([
      // (0.35 × 98.75 + 0.2 × 1.25 + (0.1 + 0.15 + 0.2) × 50) / 1: the unknown ones at the middle.
      57.3,
      null,
      null,
    ]);
    // Dimensions where nothing counted sit at 50: 0.4 × 57.3 + 0.3 × 50 + 0.3 × 50.
    expect(best.score).toBe(52.9);
    expect(forward.share).toBe(0.14);
    expect(best.indicators.reduce((sum, x) => sum + x.share, 0)).toBeCloseTo(1, 2);
    // Points: 0.14 × 98.75 for forward citations; all of them add up to the score.
    expect(forward.points).toBe(13.83);
    expect(best.indicators.reduce((sum, x) => sum + (x.points ?? 0), 0)).toBeCloseTo(52.9, 1);
    expect(best.cohort).toMatchObject({ key: '*', level: 'all', size: 40, skipped: [] });
  });

  it('has no score when nothing is known', () => {
    const stats = new CohortStats();
    stats.add(['*'], indicatorArray(raw({})), 1);
    const none = scoreWith(raw({}), ['*'], stats);
    expect(none.score).toBeNull();
    expect(none.confidence).toEqual({ counted: 0, total: 19, weightShare: 0, level: 'low' });
  });

  // Issue 43 item 8: "55.2 when 7 of 15 indicators are unknown: show its confidence".
  it('tells how many indicators counted and the share of the weight they carry', () => {
    const stats = new CohortStats();
    const path = ['*'];
    const spread = (v: number): Partial<RawIndicators> =>
      Object.fromEntries(VALUE_INDICATORS.map((id, i) => [id, (v * (i + 3)) % 17]));
    for (let v = 0; v < 40; v++) stats.add(path, indicatorArray(raw(spread(v))), 1);
    const all = spread(7);
    const full = scoreWith(raw(all), path, stats, HAND);
    const informative = full.indicators.filter((x) => x.counted).map((x) => x.id);
    expect(informative.length).toBeGreaterThanOrEqual(15);
    expect(full.confidence).toMatchObject({ counted: informative.length, total: 19, level: 'high' });
    // 11 of 19 unknown: 8 counted, low confidence, whatever the score reads.
    const known = (n: number) => Object.fromEntries(informative.slice(0, n).map((id) => [id, all[id]]));
    const low = scoreWith(raw(known(8)), path, stats, HAND);
    expect(low.score).not.toBeNull();
    expect(low.confidence).toMatchObject({ counted: 8, total: 19, level: 'low' });
    const share = low.indicators.filter((x) => x.counted).reduce((sum, x) => sum + x.share, 0);
    expect(low.confidence.weightShare).toBeCloseTo(share, 2);
    expect(low.confidence.weightShare).toBeLessThan(1);
    expect(scoreWith(raw(known(10)), path, stats, HAND).confidence).toMatchObject({ counted: 10, level: 'low' });
    expect(scoreWith(raw(known(12)), path, stats, HAND).confidence).toMatchObject({ counted: 12, level: 'medium' });
  });

  it('reads a descending indicator from the top and the technology field on its own fixed scale', () => {
    const stats = new CohortStats();
    const path = ['*'];
    for (let v = 1; v <= 40; v++)
      stats.add(path, indicatorArray(raw({ claimBreadth: v * 10, technologyField: 50 })), 1);
    const model: ValueModel = {
      ...HAND,
      shares: Object.fromEntries(VALUE_INDICATORS.map((id) => [id, 0])) as ValueModel['shares'],
    };
    model.shares.claimBreadth = 0.4;
    model.shares.technologyField = 0.6;
    // The shortest first claim (the broadest): percentile 1.3, scored at 100 − 1.3 = 98.7.
    const broad = scoreWith(raw({ claimBreadth: 10, technologyField: 80 }), path, stats, model);
    const breadth = broad.indicators.find((x) => x.id === 'claimBreadth')!;
    const field = broad.indicators.find((x) => x.id === 'technologyField')!;
    expect(breadth).toMatchObject({ percentile: 1.3, counted: true, points: 39.48 });
    // The same field level for the whole cohort still counts: it compares fields, not cohort members.
    expect(field).toMatchObject({ percentile: 80, counted: true, points: 48 });
    expect(broad.score).toBe(87.5);
    const narrow = scoreWith(raw({ claimBreadth: 400, technologyField: 20 }), path, stats, model);
    expect(narrow.score).toBeLessThan(broad.score!);
  });
});

describe('the fitted model (value-model.json)', () => {
  it('gives every indicator a share, the shares add up to 1, and the scorer shows them as weights', () => {
    for (const id of VALUE_INDICATORS) expect(VALUE_MODEL.shares[id]).toBeGreaterThanOrEqual(0);
    expect(VALUE_INDICATORS.reduce((sum, id) => sum + VALUE_MODEL.shares[id], 0)).toBeCloseTo(1, 2);
    const weights = weightsOf(VALUE_MODEL);
    expect(Object.values(weights.dimensions).reduce((a, b) => a + b, 0)).toBeCloseTo(1, 2);
    const stats = new CohortStats();
    stats.add(['*'], indicatorArray(raw({ forwardCitations: 1 })), 1);
    stats.add(['*'], indicatorArray(raw({ forwardCitations: 2 })), 1);
    const scored = scoreWith(raw({ forwardCitations: 2 }), ['*'], stats);
    for (const x of scored.indicators) {
      expect(x.share).toBeCloseTo(VALUE_MODEL.shares[x.id], 3);
      expect(x.weight).toBe(weights.indicators[x.id]);
    }
  });
});

import { VALUE_INDICATORS, type ValueIndicatorId } from '@patlas/contracts';
import fitted from './value-model.json' with { type: 'json' };

/**
 * The value score's model (docs/patent-value.md, issue 49 item 1): each indicator's share of the
 * score, fitted by rank to PatSnap's 专利价值 on the calibration records whose publication number
 * ends in 0–6 (bench/value-calibration.ts writes value-model.json; nothing is fitted at run time).
 */
export interface ValueModel {
  /** Changes whenever the shares or the field levels change: stored scores of another version are recomputed. */
  version: string;
  /** Each indicator's share of the total score (they add up to 1); a dimension's weight is the sum of its own. */
  shares: Record<ValueIndicatorId, number>;
  /** Indicators where less is more (a shorter first claim is a broader one): scored at 100 − percentile. */
  descending: ValueIndicatorId[];
  /**
   * Technology field levels by main IPC subclass (0–100): the mean percentile of PatSnap's value of
   * the fit records of the subclass, shrunk toward 50 for small fields. A fixed scale, not a cohort percentile.
   */
  fieldLevels: Record<string, number>;
  /** How the model was fitted and what it measured (for the record; the scorer does not read it). */
  fit?: Record<string, unknown>;
}

/** Indicators read on a fixed 0–100 scale instead of a percentile within the cohort. */
export const FIXED_SCALE_INDICATORS: ReadonlySet<ValueIndicatorId> = new Set(['technologyField']);

export function parseValueModel(json: unknown): ValueModel {
  const model = json as ValueModel;
  for (const id of VALUE_INDICATORS) {
    const share = model.shares?.[id];
    if (typeof share !== 'number' || !(share >= 0)) throw new Error(`value-model.json: no share for ${id}`);
  }
  return model;
}

export const VALUE_MODEL: ValueModel = parseValueModel(fitted);

import { DEFAULT_SEMANTIC_WEIGHTS } from '@patlas/contracts';

/** Spec 1 §3: title, abstract, claims, description, stored as "3,3,3,3". */
export const WEIGHT_PARTS = ['title', 'abstract', 'claims', 'description'] as const;
export type SemanticWeights = [number, number, number, number];
export const WEIGHT_MIN = 0;
export const WEIGHT_MAX = 9;

export function parseWeights(value: string | undefined): SemanticWeights {
  const parts = (value ?? '').split(',').map((n) => Number(n));
  const isReadable =
    parts.length === 4 && parts.every((n) => Number.isInteger(n) && n >= WEIGHT_MIN && n <= WEIGHT_MAX);
  return isReadable ? (parts as SemanticWeights) : parseWeights(DEFAULT_SEMANTIC_WEIGHTS);
}

export function formatWeights(weights: readonly number[]): string {
  return weights.join(',');
}

/** Spec 1 §5: "Semantic weights cannot all be 0". */
export function areWeightsValid(weights: readonly (number | null | undefined)[]): boolean {
  return weights.some((n) => typeof n === 'number' && n > 0);
}

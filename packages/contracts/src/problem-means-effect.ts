import { z } from 'zod';

/**
 * Technical problem, means and effect (技术问题 / 技术手段 / 功效, spec 1 §3 "technology problem,
 * means and benefit"): one sentence each, extracted from a record's abstract, claims and
 * description at index time (packages/engine text-mining/problem-means-effect.ts; docs/problem-means-effect.md).
 */
export const ProblemMeansEffectSchema = z.object({
  problem: z.string().optional(),
  means: z.string().optional(),
  effect: z.string().optional(),
  /** The effect's categories (EFFECT_CATEGORIES), the columns of the technology–effect matrix. */
  effectTerms: z.array(z.string()),
});
export type ProblemMeansEffect = z.infer<typeof ProblemMeansEffectSchema>;

/**
 * The small set of effect terms an effect sentence is normalised into (the `effect` analysis
 * dimension). Keys are stable ids; labels live in @patlas/charts (analysis-tables.ts) and the web catalogues.
 */
export const EFFECT_CATEGORIES = [
  'efficiency',
  'cost',
  'safety',
  'accuracy',
  'stability',
  'performance',
  'energy',
  'environment',
  'convenience',
  'experience',
] as const;
export type EffectCategory = (typeof EFFECT_CATEGORIES)[number];

/** zh / en labels of the effect terms (提高效率, 降低成本, 提高安全性, …). */
export const EFFECT_CATEGORY_LABELS: Record<EffectCategory, { zh: string; en: string }> = {
  efficiency: { zh: '提高效率', en: 'Higher efficiency' },
  cost: { zh: '降低成本', en: 'Lower cost' },
  safety: { zh: '提高安全性', en: 'Better safety' },
  accuracy: { zh: '提高精度', en: 'Higher accuracy' },
  stability: { zh: '提高稳定性', en: 'Better stability' },
  performance: { zh: '提升性能', en: 'Better performance' },
  energy: { zh: '节能降耗', en: 'Energy saving' },
  environment: { zh: '环保', en: 'Environmental' },
  convenience: { zh: '简便易用', en: 'Easier to use' },
  experience: { zh: '改善用户体验', en: 'Better user experience' },
};

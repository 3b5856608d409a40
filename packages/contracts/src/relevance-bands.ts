import { z } from 'zod';

/**
 * Calibrated relevance bands (issue 43 item 8): what a similarity means, said in words, instead of a
 * raw percentage that looks strong for a weak match (a rank-fused 85% for a rubber filler).
 * 高度相关 / high, 相关 / medium, 弱相关 / weak.
 */
export const RELEVANCE_BANDS = ['high', 'medium', 'weak'] as const;
export const RelevanceBandSchema = z.enum(RELEVANCE_BANDS);
export type RelevanceBand = z.infer<typeof RelevanceBandSchema>;

/**
 * Least cosine similarity (query text ↔ patent, the weighted field similarity a semantic hit carries)
 * for each band, per vector model (the engine's model name). Derived by bench/semantic-bands.bench.ts
 * on the demo corpus (data/demo, 2026-12-03: 123,138 records read, a seeded sample of 20,000 indexed
 * with the shipped vectors, 19,794 with vectors; 300 query records, each searched by its title, its
 * abstract and its first claim; 32,059 unrelated pairs):
 * - high   = the 99.9th percentile of the similarity of UNRELATED records (same language group, no
 *            IPC/CPC subclass in common with the query's record): one unrelated record in a
 *            thousand reaches it. Title queries 0.744, abstract queries 0.866 → 0.87;
 * - medium = the 99th percentile of the same (one in a hundred): titles 0.638, abstracts 0.769 → 0.77.
 * Each is the highest over the query kinds (a paragraph scores unrelated records higher than a
 * title), so no kind of query sees more unrelated records in a band than that. Below medium a hit
 * is weak: unrelated records score as much (median 0.11, 90th percentile 0.51). A model without an
 * entry (an operator's ONNX model, a corpus-learned LSA space) has no calibration: hits then carry
 * no band and show their rank alone. Re-derive after changing the shipped vectors:
 *   npx tsx --conditions=@patlas/source bench/semantic-bands.bench.ts
 */
export const SEMANTIC_BAND_CALIBRATION: Readonly<Record<string, { readonly high: number; readonly medium: number }>> = {
  'patlas-ft-100': { high: 0.87, medium: 0.77 },
};

export function semanticBand(similarity: number, model: string | null | undefined): RelevanceBand | undefined {
  const calibration = model ? SEMANTIC_BAND_CALIBRATION[model] : undefined;
  if (!calibration) return undefined;
  if (similarity >= calibration.high) return 'high';
  if (similarity >= calibration.medium) return 'medium';
  return 'weak';
}

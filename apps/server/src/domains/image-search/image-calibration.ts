import type { ImageSimilarityBand } from '@patlas/contracts';
import { PHASH_NEAR_DUPLICATE } from './image-ranking.js';

/**
 * Where a match's raw similarity (the CNN cosine, 0–1) stands against unrelated drawings. The raw
 * cosine of this model is high for any two line drawings on white (a razor cartridge against a
 * garment reaches 0.9), so a percentage says little; the page shows the rank and these bands, and
 * the raw score only in a tooltip.
 *
 * Derived by bench/image-calibration.bench.ts on the demo index (388 drawings of 50 US design
 * patents, 22 Locarno classes): every drawing searched as an upload against all the others, the
 * best drawing of each other patent kept, pairs grouped by Locarno class. Of 16,000+ pairs of
 * patents in different classes (unrelated designs): DERIVATION
 *
 * - `weak` (weakly similar) from the 95th percentile of those unrelated pairs: 1 unrelated patent in
 *   20 reaches it;
 * - `similar` from their 99th percentile: 1 in 100;
 * - `very` (very similar) just above the highest unrelated pair; a hash copy (distance ≤
 *   PHASH_NEAR_DUPLICATE) is very similar whatever the CNN says.
 *
 * Below `weak` a match is no more alike than unrelated designs are (`none`). Run the bench again and
 * replace these when the feature model (FEATURE_MODEL) or the corpus changes much.
 */
export const IMAGE_BANDS = { weak: 0.8, similar: 0.85, very: 0.9 } as const;

/** The band of a match: its raw similarity against the calibration, a hash copy always very similar. */
export function bandOf(match: { similarity: number; hashDistance?: number | undefined }): ImageSimilarityBand {
  if (match.hashDistance !== undefined && match.hashDistance <= PHASH_NEAR_DUPLICATE) return 'very';
  if (match.similarity >= IMAGE_BANDS.very) return 'very';
  if (match.similarity >= IMAGE_BANDS.similar) return 'similar';
  if (match.similarity >= IMAGE_BANDS.weak) return 'weak';
  return 'none';
}

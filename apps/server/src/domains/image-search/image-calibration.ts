import type { ImageSimilarityBand } from '@patlas/contracts';
import { PHASH_NEAR_DUPLICATE } from './image-ranking.js';

/**
 * Where a match's raw similarity (the CNN cosine, 0–1) stands against unrelated drawings. The raw
 * cosine of this model is high for any two line drawings on white, so a percentage says little;
 * the page shows the rank and these bands, and the raw score only in a tooltip.
 *
 * Derived by bench/image-calibration.bench.ts on the demo index (388 drawings of 50 US design
 * patents, 13 Locarno classes, 22 subclasses; 2026-12-03): every drawing searched as an upload
 * against all the others, each other patent's drawing kept as the ranking picks it, pairs grouped
 * by Locarno class. Displayed similarity (%) of those pairs:
 *
 *   pairs        n      p50   p90   p95   p99   p99.9  max   hash copies (h ≤ 10)
 *   other class  17221  82.3  90.2  91.6  93.6  95.3   96.3   48
 *   same class    1791  82.8  91.0  92.4  94.6  97.7   97.7    5
 *   same patent   9236  87.9  96.6  97.6  99.5  100    100   266
 *
 * Half of all unrelated designs (other class) score above 0.82 and one in ten above 0.90: the
 * "89–93 %" of the issue is ordinary for unrelated drawings. Hence:
 *
 * - `weak` (weakly similar) = their 95th percentile, 0.9163 → 0.917: 1 unrelated patent in 20 reaches it;
 * - `similar` = their 99th percentile, 0.9360 → 0.936: 1 in 100;
 * - `very` (very similar) = just above the highest unrelated pair, 0.9634 → 0.964.
 *
 * A hash copy (distance ≤ PHASH_NEAR_DUPLICATE) is very similar only when its CNN similarity
 * reaches `similar` too: 48 of the 17,221 unrelated pairs were hash copies by the hash alone
 * (mostly sparse sheets), so the hash alone is not a verdict.
 *
 * With these constants the bench sorts the unrelated pairs 0.0 % very / 1.0 % similar / 3.8 % weak /
 * 95.2 % none; other sheets of the query's own patent 11.8 / 13.9 / 8.3 / 65.9 % (another view of a
 * design often looks different); same-class pairs 0.3 / 1.8 / 4.7 / 93.1 %.
 *
 * Below `weak` a match is no more alike than unrelated designs are (`none`). Run the bench again and
 * replace these when the feature model (FEATURE_MODEL) or the corpus changes much.
 */
export const IMAGE_BANDS = { weak: 0.917, similar: 0.936, very: 0.964 } as const;

/** What the band reads of a match. */
export interface BandInput {
  /** the similarity shown (the CNN's, or the hash similarity of a copy when higher) */
  similarity: number;
  hashDistance?: number | undefined;
  /** the CNN similarity alone (absent: taken as `similarity`) */
  cnnSimilarity?: number | undefined;
}

/** The band of a match: its CNN similarity against the calibration; a hash copy that the CNN confirms is very similar. */
export function bandOf(match: BandInput): ImageSimilarityBand {
  const cnn = match.cnnSimilarity ?? match.similarity;
  const isCopy = match.hashDistance !== undefined && match.hashDistance <= PHASH_NEAR_DUPLICATE;
  if (cnn >= IMAGE_BANDS.very || (isCopy && cnn >= IMAGE_BANDS.similar)) return 'very';
  if (cnn >= IMAGE_BANDS.similar) return 'similar';
  if (cnn >= IMAGE_BANDS.weak) return 'weak';
  return 'none';
}

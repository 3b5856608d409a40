import { cosineSimilarity, hammingDistance, type QueryFeatures } from './image-features.js';

/** A drawing of the feature index, held in memory for ranking. */
export interface IndexedDrawing {
  publicationNumber: string;
  file: string;
  phash: string;
  embedding: Float32Array;
}

/** How drawings are scored; bench/image-search.bench.ts measures each on altered corpus drawings. */
export const RANKING_METHODS = ['phash', 'cnn', 'weighted', 'phash-first'] as const;
export type RankingMethod = (typeof RANKING_METHODS)[number];

/**
 * The method the product uses, chosen from bench/image-search.bench.ts (docs/image-search.md). On
 * the 388 demo drawings altered five ways (1940 queries), top-1 / top-10: phash 82.1 / 93.2 %,
 * cnn 93.6 / 97.9 %, weighted 93.2 / 98.9 %, phash-first 93.6 / 98.2 %. `phash-first` has the best
 * top-1 (with `cnn`) and shows exact and near copies first, which is what a user checking whether
 * a drawing is already patented looks at; `weighted` finds 0.7 points more in the top 10 but puts
 * fewer own patents first.
 */
export const PRODUCTION_RANKING: RankingMethod = 'phash-first';

/** Hash distance (of 64 bits) under which two drawings count as copies of each other. */
export const PHASH_NEAR_DUPLICATE = 10;
/** Weight of the CNN signal in `weighted` (the rest goes to the hash similarity). */
const CNN_WEIGHT = 0.7;

export interface DrawingScore {
  index: number;
  /** 0–1 shown to users as similarity */
  similarity: number;
  /** the ranking key (higher first); equals similarity except for `phash-first` copies */
  score: number;
  hashDistance: number;
  cnnSimilarity: number;
}

/** The best (smallest) distance of the query's rotations/mirrors to a drawing's hash. */
function bestHashDistance(query: QueryFeatures, phash: string): number {
  let best = 64;
  for (const hash of query.phashes) best = Math.min(best, hammingDistance(hash, phash));
  return best;
}

/** The best cosine of the query's rotations to a drawing's embedding, clamped to 0–1. */
function bestCnnSimilarity(query: QueryFeatures, embedding: Float32Array): number {
  let best = -1;
  for (const vector of query.embeddings) best = Math.max(best, cosineSimilarity(vector, embedding));
  return Math.max(0, Math.min(1, best));
}

/**
 * Scores every drawing against the query by brute force: at a few thousand drawings this is a few
 * milliseconds. At a million drawings the embeddings would go to an ANN index (usearch HNSW with
 * int8 vectors in packages/engine, one entry per drawing) asked for a few hundred candidates, and
 * the hashes to a multi-index hash table on 16-bit blocks; the fusion below stays the same.
 */
export function scoreDrawings(
  query: QueryFeatures,
  drawings: readonly IndexedDrawing[],
  method: RankingMethod = PRODUCTION_RANKING,
): DrawingScore[] {
  const useHash = method !== 'cnn';
  const useCnn = method !== 'phash';
  return drawings.map((drawing, index) => {
    const hashDistance = useHash ? bestHashDistance(query, drawing.phash) : 64;
    const cnnSimilarity = useCnn ? bestCnnSimilarity(query, drawing.embedding) : 0;
    const hashSimilarity = 1 - hashDistance / 64;
    switch (method) {
      case 'phash':
        return { index, similarity: hashSimilarity, score: hashSimilarity, hashDistance, cnnSimilarity };
      case 'cnn':
        return { index, similarity: cnnSimilarity, score: cnnSimilarity, hashDistance, cnnSimilarity };
      case 'weighted': {
        const similarity = CNN_WEIGHT * cnnSimilarity + (1 - CNN_WEIGHT) * hashSimilarity;
        return { index, similarity, score: similarity, hashDistance, cnnSimilarity };
      }
      case 'phash-first': {
        const isCopy = hashDistance <= PHASH_NEAR_DUPLICATE;
        // Copies first (closest hash first), then everything else by the CNN.
        const score = isCopy ? 2 - hashDistance / 64 : cnnSimilarity;
        return {
          index,
          similarity: isCopy ? Math.max(cnnSimilarity, hashSimilarity) : cnnSimilarity,
          score,
          hashDistance,
          cnnSimilarity,
        };
      }
    }
  });
}

export interface PatentMatch {
  publicationNumber: string;
  /** the patent's best-matching drawing */
  file: string;
  similarity: number;
  score: number;
  /** the best drawing's hash distance (≤ PHASH_NEAR_DUPLICATE: a copy) */
  hashDistance: number;
  /** the best drawing's CNN similarity (equals `similarity` except for hash copies) */
  cnnSimilarity: number;
}

/** Best drawing per patent, patents ordered by it, at most `limit`. */
export function rankPatents(
  query: QueryFeatures,
  drawings: readonly IndexedDrawing[],
  limit: number,
  method: RankingMethod = PRODUCTION_RANKING,
): PatentMatch[] {
  const best = new Map<string, PatentMatch>();
  for (const scored of scoreDrawings(query, drawings, method)) {
    const drawing = drawings[scored.index]!;
    const current = best.get(drawing.publicationNumber);
    if (current && current.score >= scored.score) continue;
    best.set(drawing.publicationNumber, {
      publicationNumber: drawing.publicationNumber,
      file: drawing.file,
      similarity: scored.similarity,
      score: scored.score,
      hashDistance: scored.hashDistance,
      cnnSimilarity: scored.cnnSimilarity,
    });
  }
  return [...best.values()]
    .sort((a, b) => b.score - a.score || a.publicationNumber.localeCompare(b.publicationNumber))
    .slice(0, limit);
}

import type Database from 'better-sqlite3';
import { FTS_COLUMNS, ownPostingsRecorded } from '../index-schema.js';
import { evaluateMatch, nearPositions } from './match-eval.js';
import { parseMatch, printMatch, type MatchNode } from './match-syntax.js';
import { bm25fScores } from './own-rank.js';
import { LENGTH_COLUMNS, SegmentPostings } from './segment-store.js';

/**
 * Which postings answer a text condition (SqliteEngineOptions.postings, issue 44): FTS5's, the
 * engine's own (postings/), or both with their hit sets compared (a test switch, until FTS5's
 * postings are removed: a difference throws, naming the MATCH).
 */
export type PostingsMode = 'fts5' | 'own' | 'both';

export function postingsModeOf(option: PostingsMode | undefined): PostingsMode {
  const env = process.env.PATLAS_POSTINGS;
  if (option) return option;
  return env === 'fts5' || env === 'own' || env === 'both' ? env : 'fts5';
}

/** The engine's own postings on one connection, or undefined when its file keeps none. */
export function openOwnPostings(db: Database.Database): SegmentPostings | undefined {
  return ownPostingsRecorded(db) ? new SegmentPostings(db) : undefined;
}

/** Parsed MATCH strings: a result page asks about the same few again and again. */
const parsed = new Map<string, MatchNode>();
const MAX_PARSED = 512;

/** A MATCH outside the grammar the evaluator reads (match-syntax.ts): FTS5 answers it instead. */
export class MatchSyntaxError extends Error {
  override readonly name = 'MatchSyntaxError';
}

function parseOnce(match: string): MatchNode {
  let node = parsed.get(match);
  if (!node) {
    try {
      node = parseMatch(match);
    } catch (err) {
      throw new MatchSyntaxError((err as Error).message);
    }
    if (parsed.size >= MAX_PARSED) parsed.clear();
    parsed.set(match, node);
  }
  return node;
}

/** The documents a MATCH yields, from the engine's own postings. */
export function ownMatchIds(postings: SegmentPostings, match: string): Int32Array {
  const node = parseOnce(match);
  return postings.read(() => evaluateMatch(postings, node, FTS_COLUMNS));
}

/** What `MATCH ? AND patlas_near(fts, 0, 1, …)` yields, from the engine's own postings. */
export function ownNearIds(
  postings: SegmentPostings,
  match: string,
  leftUnits: number,
  rightUnits: number,
  gap: number,
  ordered: boolean,
): Int32Array {
  const node = parseOnce(match);
  return postings.read(() => nearPositions(postings, node, leftUnits, rightUnits, gap, ordered, FTS_COLUMNS));
}

/** A bound on the phrases' document counts kept per connection: a long expression has hundreds. */
const MAX_DOC_FREQUENCIES = 4096;

/**
 * BM25F scores (own-rank.ts) of `ids` (ascending) for a rank MATCH, from the engine's own
 * postings, with field `weights` per FTS_COLUMNS index.
 */
export function ownScores(
  postings: SegmentPostings,
  match: string,
  ids: Int32Array,
  weights: readonly number[],
): Float64Array {
  const node = parseOnce(match);
  return postings.read(() =>
    bm25fScores(postings, postings.liveDocs(), LENGTH_COLUMNS, node, ids, weights, ({ phrase, columns }) => {
      const key = `${columns.join(' ')}\u0000${printMatch(phrase)}`;
      let df = postings.docFrequencies.get(key);
      if (df === undefined) {
        df = evaluateMatch(postings, phrase, columns).length;
        if (postings.docFrequencies.size >= MAX_DOC_FREQUENCIES) postings.docFrequencies.clear();
        postings.docFrequencies.set(key, df);
      }
      return df;
    }),
  );
}

/** In `both` mode: FTS5's ids and ours must be the same set. */
export function assertSameIds(match: string, fts5: Int32Array, own: Int32Array): void {
  if (fts5.length === own.length && fts5.every((id, i) => id === own[i])) return;
  const a = new Set(fts5);
  const b = new Set(own);
  const onlyFts5 = [...a].filter((id) => !b.has(id)).slice(0, 5);
  const onlyOwn = [...b].filter((id) => !a.has(id)).slice(0, 5);
  throw new Error(
    `postings differ for MATCH ${match}: FTS5 ${fts5.length} hits, own ${own.length}; ` +
      `only FTS5: ${onlyFts5.join(' ')}; only own: ${onlyOwn.join(' ')}`,
  );
}

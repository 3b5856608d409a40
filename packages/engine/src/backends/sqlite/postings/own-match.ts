import type Database from 'better-sqlite3';
import { FTS_COLUMNS, keptPostings, ownPostingsRecorded, type KeptPostings } from '../index-schema.js';
import { evaluateMatch, nearPositions } from './match-eval.js';
import { parseMatch, printMatch, type MatchNode } from './match-syntax.js';
import {
  bm25fScores,
  bm25fScoresTop,
  bm25fTop,
  HELD_PHRASE_COUNTS,
  holdsOnePhrase,
  idfAtFloor,
  isDisjunction,
  rankedPhrases,
  type RankedPhrase,
} from './own-rank.js';
import { LENGTH_COLUMNS, SegmentPostings } from './segment-store.js';

/**
 * Which postings answer a text condition and rank (SqliteEngineOptions.postings, issue 44):
 * - `fts5`: FTS5's, ranked by its bm25();
 * - `own`: the engine's own (postings/), ranked by BM25F (own-rank.ts); a new file keeps FTS5's too;
 * - `both`: both, their hit sets compared (a test switch: a difference throws, naming the MATCH),
 *   ranked by FTS5;
 * - `only`: the engine's own, and a new file keeps no FTS5 postings (smaller, faster to load).
 *   An engine opening such a file reads it so whatever it asked for.
 */
export type PostingsMode = 'fts5' | 'own' | 'both' | 'only';

const MODES: readonly string[] = ['fts5', 'own', 'both', 'only'];

export function postingsModeOf(option: PostingsMode | undefined): PostingsMode {
  const env = process.env.PATLAS_POSTINGS;
  if (option) return option;
  return env !== undefined && MODES.includes(env) ? (env as PostingsMode) : 'fts5';
}

/** The postings a new file keeps under a mode. */
export function keptPostingsOf(mode: PostingsMode): KeptPostings {
  return mode === 'fts5' ? 'fts5' : mode === 'only' ? 'own' : 'both';
}

/** The mode an engine reads a file in: `only` for a file keeping no FTS5 postings, else the one asked. */
export function readingModeOf(db: Database.Database, asked: PostingsMode): PostingsMode {
  return keptPostings(db) === 'own' ? 'only' : asked;
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
  const ids = postings.read(() => evaluateMatch(postings, node, FTS_COLUMNS));
  // A list the connection keeps (one term's documents) leaves as a copy: callers may sort or cut it.
  return postings.shares(ids) ? ids.slice() : ids;
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
 * postings, with field `weights` per FTS_COLUMNS index. With `best`, only the best `best` need be
 * exact (bm25fScoresTop: the others hold a bound below them). `idsMatch`: every one of `ids` matches
 * the MATCH (the hits of that MATCH alone).
 */
export function ownScores(
  postings: SegmentPostings,
  match: string,
  ids: Int32Array,
  weights: readonly number[],
  best?: number,
  idsMatch = false,
): Float64Array {
  const node = parseOnce(match);
  const frequency = (ranked: RankedPhrase): number => docFrequency(postings, ranked);
  // `ids` all match a MATCH of one phrase in one column: each is scored exactly at little cost.
  const held = idsMatch && holdsOnePhrase(node);
  return postings.read(() =>
    best === undefined || held
      ? bm25fScores(
          postings,
          postings.liveDocs(),
          LENGTH_COLUMNS,
          node,
          ids,
          weights,
          frequency,
          ...(held ? [HELD_PHRASE_COUNTS] : []),
        )
      : bm25fScoresTop(postings, postings.liveDocs(), LENGTH_COLUMNS, node, ids, weights, frequency, best),
  );
}

/**
 * The best `limit` hits of a rank MATCH by BM25F with their scores, best first (`allScored`: every hit
 * it scored, unordered), found without scoring every hit (bm25fTop), or
 * undefined when the MATCH is not an OR of phrases.
 */
export function ownTopScores(
  postings: SegmentPostings,
  match: string,
  weights: readonly number[],
  limit: number,
  allScored = false,
): { ids: Int32Array; scores: Float64Array } | undefined {
  const node = parseOnce(match);
  if (!isDisjunction(node)) return undefined;
  // A phrase whose frequency is not known yet is evaluated once, for its frequency and its documents.
  const evaluated = new Map<string, Int32Array>();
  const docsOf = (ranked: RankedPhrase): Int32Array => {
    const key = frequencyKey(ranked);
    let docs = evaluated.get(key);
    if (!docs) {
      docs = evaluateMatch(postings, ranked.phrase, ranked.columns);
      evaluated.set(key, docs);
      keepDocFrequency(postings, ranked, docs.length);
    }
    return docs;
  };
  const frequencyOf = (ranked: RankedPhrase): number =>
    postings.docFrequencies.get(frequencyKey(ranked)) ?? flooredFrequency(postings, ranked) ?? docsOf(ranked).length;
  return postings.read(() =>
    bm25fTop(postings, postings.liveDocs(), LENGTH_COLUMNS, node, weights, limit, frequencyOf, docsOf, allScored),
  );
}

const frequencyKey = ({ phrase, columns }: RankedPhrase): string => `${columns.join(' ')}\u0000${printMatch(phrase)}`;

/** The live documents where a phrase occurs in its columns: counted once per connection and segment set. */
function docFrequency(postings: SegmentPostings, ranked: RankedPhrase): number {
  const df = postings.docFrequencies.get(frequencyKey(ranked)) ?? flooredFrequency(postings, ranked);
  if (df !== undefined) return df;
  const counted = evaluateMatch(postings, ranked.phrase, ranked.columns).length;
  keepDocFrequency(postings, ranked, counted);
  return counted;
}

/**
 * A one-token phrase's floor on its document frequency (skip data only, SegmentPostings
 * docCountAtLeast), kept as its frequency when it already gives BM25F's floor idf: every count
 * at or above it gives the same idf, so the scores are exact without its list read (a semantic
 * search's back-off characters, in over half the documents). Undefined otherwise.
 */
function flooredFrequency(postings: SegmentPostings, ranked: RankedPhrase): number | undefined {
  const [term, ...more] = ranked.phrase.terms;
  if (!term || more.length > 0) return undefined;
  let atLeast = 0;
  for (const column of ranked.columns)
    atLeast = Math.max(atLeast, postings.docCountAtLeast(column, term.token, term.prefix));
  if (atLeast === 0 || !idfAtFloor(postings.liveDocs().live, atLeast)) return undefined;
  keepDocFrequency(postings, ranked, atLeast);
  return atLeast;
}

function keepDocFrequency(postings: SegmentPostings, ranked: RankedPhrase, df: number): void {
  if (postings.docFrequencies.size >= MAX_DOC_FREQUENCIES) postings.docFrequencies.clear();
  postings.docFrequencies.set(frequencyKey(ranked), df);
}

/** How many phrases a rank MATCH scores (BM25F reads each one's counts in each of its columns). */
export function rankedPhraseCount(match: string): number {
  return rankedPhrases(parseOnce(match)).length;
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

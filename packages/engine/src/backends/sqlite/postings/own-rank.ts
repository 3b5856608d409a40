import { difference, intersect, union } from '../id-sets.js';
import { selectPage } from '../../../ranking/top-k.js';
import { FTS_COLUMNS, type FtsColumn } from '../index-schema.js';
import type { MatchNode, MatchPhrase, MatchTerm } from './match-syntax.js';
import { PositionList, POSITIONS_END, type PositionCursor, type PostingSource } from './posting-source.js';

/**
 * Relevance on the engine's own postings (issue 44): BM25F. FTS5's bm25() adds a phrase's hits
 * over the columns and normalises them by the whole row's length, so a record with only a title
 * outranks one whose long description holds the term many times, and title hits weigh less in a
 * long record. BM25F normalises each ranked field by its own length first (Robertson, Zaragoza &
 * Taylor 2004), then weighs and saturates their sum once per phrase:
 *
 *   tf~(p, d) = Σ_c w_c · tf(p, c, d) / (1 − b_c + b_c · len(c, d) / avglen(c))
 *   score(d)  = Σ_p idf(p) · tf~ · (k1 + 1) / (tf~ + k1),  idf = ln((N − n_p + 0.5) / (n_p + 0.5))
 *
 * over the phrases of the rank MATCH (not those under a NOT), each in its own columns. The fields
 * with lengths are FTS_COLUMNS' first LENGTH_COLUMNS (claims, title, abstract, description,
 * title words); the short coded fields (applicants, classes…) are not normalised (b = 0).
 */

/** The collection figures BM25F reads (segment-store.ts LiveDocs). */
export interface RankStatistics {
  /** The ranked fields' lengths, `lengthColumns` per document id. */
  readonly lengths: ArrayLike<number>;
  /** Each ranked field's total length over the live documents. */
  readonly totals: ArrayLike<number>;
  /** Live documents. */
  readonly live: number;
}

/**
 * BM25F's saturation and its length normalisation per ranked field. The field weights reach 10
 * (a title hit), so FTS5's k1 of 1.2 saturated a single title hit: on the KPPatent-ZH dev split
 * (bench/semantic.bench.ts) k1 = 4 and 8 both gave keyword nDCG@10 0.280–0.284 against 0.278 at 1.2
 * (FTS5's bm25(): 0.275); 4 is kept. b is FTS5's.
 */
export const BM25F_K1 = 4;
export const BM25F_B = 0.75;
/** FTS5's floor for a phrase in more than half the documents (fts5_aux.c): such a phrase still counts a little. */
const MIN_IDF = 1e-6;

/** A phrase's idf among `live` documents when `df` of them hold it (never below the floor). */
export function phraseIdf(live: number, df: number): number {
  return Math.max(Math.log((live - df + 0.5) / (df + 0.5)), MIN_IDF);
}

/** Whether a phrase in at least `df` of `live` documents has the floor's idf, whatever its exact count (idf falls as df grows). */
export function idfAtFloor(live: number, df: number): boolean {
  return phraseIdf(live, df) === MIN_IDF;
}

/** A phrase of the rank MATCH and the columns it is sought in. */
export interface RankedPhrase {
  readonly phrase: MatchPhrase;
  readonly columns: readonly FtsColumn[];
}

/** The phrases that rank: every phrase of the MATCH outside a NOT's negative side, with its columns. */
export function rankedPhrases(node: MatchNode, columns: readonly FtsColumn[] = FTS_COLUMNS): RankedPhrase[] {
  switch (node.kind) {
    case 'phrase':
      return node.terms.length === 0 || columns.length === 0 ? [] : [{ phrase: node, columns }];
    case 'near':
      return node.phrases.flatMap((p) => rankedPhrases(p, columns));
    case 'filter':
      return rankedPhrases(
        node.child,
        columns.filter((c) => node.columns.includes(c)),
      );
    case 'and':
    case 'or':
      return node.children.flatMap((c) => rankedPhrases(c, columns));
    case 'not':
      return rankedPhrases(node.positive, columns);
  }
}

const COLUMN_INDEX = new Map<FtsColumn, number>(FTS_COLUMNS.map((c, i) => [c, i]));

/** A MATCH's ranked phrases, or those given. */
function phrasesOf(ast: MatchNode | readonly RankedPhrase[]): readonly RankedPhrase[] {
  return Array.isArray(ast) ? ast : rankedPhrases(ast as MatchNode);
}

/**
 * BM25F scores of `ids` (ascending) for the rank MATCH `ast`; `weights` per FTS_COLUMNS index (a
 * column of weight 0 does not count), `docFrequency` the number of live documents where a phrase
 * occurs in its columns. Scores are ≥ 0, higher is better; a document with no ranked phrase scores 0.
 */
export function bm25fScores(
  source: PostingSource,
  stats: RankStatistics,
  lengthColumns: number,
  ast: MatchNode | readonly RankedPhrase[],
  ids: Int32Array,
  weights: readonly number[],
  docFrequency: (ranked: RankedPhrase) => number,
  countsOf: PhraseCounter = phraseCounts,
): Float64Array {
  const scores = new Float64Array(ids.length);
  if (ids.length === 0) return scores;
  const n = Math.max(stats.live, 1);
  // Each field's weight over the document's length normalisation, computed where a count is
  // not 0 (arrays of it per column were 5 MB each at 670k hits, most of a common term's garbage).
  const lengths = stats.lengths;
  const tf = new Float64Array(ids.length);
  for (const ranked of phrasesOf(ast)) {
    const columns = ranked.columns.filter((c) => (weights[COLUMN_INDEX.get(c) as number] ?? 0) > 0);
    if (columns.length === 0) continue;
    tf.fill(0);
    for (const column of columns) {
      const c = COLUMN_INDEX.get(column) as number;
      const counts = countsOf(source, column, ranked.phrase.terms, ids);
      const weight = weights[c] as number;
      if (c < lengthColumns) {
        const average = Math.max((stats.totals[c] as number) / n, 1);
        for (let i = 0; i < ids.length; i++) {
          const count = counts[i] as number;
          if (count === 0) continue;
          const length = lengths[(ids[i] as number) * lengthColumns + c] as number;
          tf[i] = (tf[i] as number) + count * (weight / (1 - BM25F_B + (BM25F_B * length) / average));
        }
      } else {
        for (let i = 0; i < ids.length; i++) {
          const count = counts[i] as number;
          if (count !== 0) tf[i] = (tf[i] as number) + count * weight;
        }
      }
    }
    const idf = phraseIdf(stats.live, docFrequency(ranked));
    for (let i = 0; i < ids.length; i++) {
      const t = tf[i] as number;
      if (t > 0) scores[i] = (scores[i] as number) + (idf * t * (BM25F_K1 + 1)) / (t + BM25F_K1);
    }
  }
  return scores;
}

/** How often a phrase occurs in a column of each of `ids` (phraseCounts), or a bound on it. */
export type PhraseCounter = (
  source: PostingSource,
  column: FtsColumn,
  terms: readonly MatchTerm[],
  ids: Int32Array,
) => Int32Array;

/**
 * A bound on phraseCounts read without positions: a phrase of several terms occurs in a document
 * at most as often as its rarest term there (each start uses an occurrence of every term).
 */
const phraseCountBounds: PhraseCounter = (source, column, terms, ids) => {
  if (terms.length === 1) return phraseCounts(source, column, terms, ids);
  let bound: Int32Array | undefined;
  for (const term of terms) {
    const counts = phraseCounts(source, column, [term], ids);
    if (!bound) bound = counts;
    else
      for (let i = 0; i < bound.length; i++)
        if ((counts[i] as number) < (bound[i] as number)) bound[i] = counts[i] as number;
  }
  return bound as Int32Array;
};

/**
 * Whether every document a MATCH finds holds its one ranked phrase in that phrase's one column
 * (`{pa}: "华为技术有限公司"`, maybe less a NOT): then HELD_PHRASE_COUNTS counts its hits.
 */
export function holdsOnePhrase(ast: MatchNode): boolean {
  const ranked = rankedPhrases(ast);
  return ranked.length === 1 && (ranked[0] as RankedPhrase).columns.length === 1;
}

/**
 * phraseCounts of documents each known to hold the phrase in the column (holdsOnePhrase): it
 * occurs there at least once and at most as often as its rarest term, so only the documents where
 * that term occurs more than once have their positions read. An applicant name's hits: nearly none,
 * where phraseCounts walked every term's positions in each (at 1M, "有限" and "公司" are in 800,000
 * documents).
 */
export const HELD_PHRASE_COUNTS: PhraseCounter = (source, column, terms, ids) => {
  if (terms.length === 1) return phraseCounts(source, column, terms, ids);
  let rarest = terms[0] as MatchTerm;
  let fewest = Infinity;
  for (const term of terms) {
    const docs = term.prefix ? source.prefixDocs(column, term.token) : source.docs(column, term.token);
    if (docs.length < fewest) [rarest, fewest] = [term, docs.length];
  }
  const counts = phraseCounts(source, column, [rarest], ids);
  const unsure: number[] = [];
  for (let i = 0; i < ids.length; i++) if ((counts[i] as number) > 1) unsure.push(i);
  if (unsure.length === 0) return counts;
  const exact = phraseCounts(
    source,
    column,
    terms,
    Int32Array.from(unsure, (i) => ids[i] as number),
  );
  unsure.forEach((i, k) => (counts[i] = exact[k] as number));
  return counts;
};

/**
 * bm25fScores where only the `k` best need to be exact (a result page, a ranking's top): every
 * hit is first scored with its phrases' counts bounded from their terms' counts (no positions
 * read); the `k` best by that bound are scored exactly, and the least of those is a bar: a hit
 * whose bound is below it cannot be among the `k` best. Only the hits at or above the bar read
 * positions. The `k` best of the result are exact and in the full scoring's order; every other
 * entry holds its bound, below each of the `k` best.
 */
export function bm25fScoresTop(
  source: PostingSource,
  stats: RankStatistics,
  lengthColumns: number,
  ast: MatchNode | readonly RankedPhrase[],
  ids: Int32Array,
  weights: readonly number[],
  docFrequency: (ranked: RankedPhrase) => number,
  k: number,
): Float64Array {
  const several = phrasesOf(ast).some(({ phrase }) => phrase.terms.length > 1);
  if (!several || ids.length <= k) return bm25fScores(source, stats, lengthColumns, ast, ids, weights, docFrequency);
  const exactOf = (at: Int32Array): Float64Array =>
    bm25fScores(
      source,
      stats,
      lengthColumns,
      ast,
      Int32Array.from(at, (i) => ids[i] as number),
      weights,
      docFrequency,
    );
  const scores = bm25fScores(source, stats, lengthColumns, ast, ids, weights, docFrequency, phraseCountBounds);
  const order = Int32Array.from({ length: ids.length }, (_, i) => i);
  const first = selectPage(order, 0, k, (a, b) => (scores[b] as number) - (scores[a] as number) || a - b).sort();
  const firstExact = exactOf(first);
  let bar = Infinity;
  for (let j = 0; j < first.length; j++) {
    const exact = firstExact[j] as number;
    if (exact < bar) bar = exact;
  }
  const taken = new Uint8Array(ids.length);
  for (const i of first) taken[i] = 1;
  const rest: number[] = [];
  for (let i = 0; i < ids.length; i++) if (!taken[i] && (scores[i] as number) >= bar) rest.push(i);
  first.forEach((i, j) => (scores[i] = firstExact[j] as number));
  const restAt = Int32Array.from(rest);
  const restExact = exactOf(restAt);
  restAt.forEach((i, j) => (scores[i] = restExact[j] as number));
  return scores;
}

/** Whether a MATCH's hits are exactly the union of its ranked phrases' (an OR of phrases, each in its columns). */
export function isDisjunction(node: MatchNode): boolean {
  switch (node.kind) {
    case 'phrase':
      return true;
    case 'filter':
      return isDisjunction(node.child);
    case 'or':
      return node.children.every(isDisjunction);
    default:
      return false;
  }
}

/** A ranked phrase's upper bound: what it can add to any document's score at most. */
interface Bounded {
  readonly ranked: RankedPhrase;
  /** Its document frequency (docFrequency). */
  readonly df: number;
  readonly bound: number;
  /** Its idf is the floor (weighted columns only). */
  readonly floor: boolean;
}

/**
 * The best `limit` hits of a disjunctive rank MATCH (isDisjunction) by BM25F, best first (ties by
 * id), each with its score (`allScored`: every document it scored, unordered, the best `limit`
 * exact and the others below them), without scoring every hit (MaxScore, Turtle & Flood 1995). A phrase
 * adds at most idf · (k1 + 1) to a document; phrases are taken from the largest bound down, and
 * every document they find is scored exactly over all phrases. Once `limit` documents are scored
 * and the limit-th score beats the sum of the bounds of the phrases not taken, no document only
 * those phrases find can enter. So a semantic search's keyword side never scores the hundreds of
 * thousands of documents a common expansion term finds, and its order is the full sort's.
 * `phraseDocs` gives the documents where a phrase occurs in its columns (its length is the
 * phrase's document frequency).
 */
export function bm25fTop(
  source: PostingSource,
  stats: RankStatistics,
  lengthColumns: number,
  ast: MatchNode,
  weights: readonly number[],
  limit: number,
  docFrequency: (ranked: RankedPhrase) => number,
  phraseDocs: (ranked: RankedPhrase) => Int32Array,
  allScored = false,
): { ids: Int32Array; scores: Float64Array } {
  const n = Math.max(stats.live, 1);
  // Scores sum the phrases in the MATCH's order (as bm25fScores does): the same floating-point sums.
  const all = rankedPhrases(ast);
  const bounded: Bounded[] = all.map((ranked) => {
    const weighted = ranked.columns.some((c) => (weights[COLUMN_INDEX.get(c) as number] ?? 0) > 0);
    const df = docFrequency(ranked);
    const idf = phraseIdf(n, df);
    return { ranked, df, bound: weighted ? idf * (BM25F_K1 + 1) : 0, floor: weighted && idf === MIN_IDF };
  });
  bounded.sort((a, b) => b.bound - a.bound);
  // Each phrase's documents asked for once, should the ranking be done twice (below).
  const docsOf = new Map<RankedPhrase, Int32Array>();
  const docs = (ranked: RankedPhrase): Int32Array => {
    let found = docsOf.get(ranked);
    if (!found) docsOf.set(ranked, (found = phraseDocs(ranked)));
    return found;
  };
  const run = (scoring: readonly RankedPhrase[], upTo: number): Scored | undefined =>
    maxScore(source, stats, lengthColumns, bounded, scoring, upTo, weights, limit, docFrequency, docs);
  // Phrases at the idf floor (in over half the documents: a semantic search's back-off characters
  // at 1M) add at most the floor's idf · (k1 + 1) each, and come last. The batches are scored without
  // them, and only the documents within their sum of the best get their counts: a common
  // character's list is then read for those alone, once, not for every batch. Should the best need
  // one of those phrases' documents, the ranking is done again with every phrase.
  // Tried only when the phrases before them find `limit` documents at least (one of them does):
  // with fewer, the best need theirs, and the ranking would be done twice.
  const firstFloor = bounded.findIndex((b) => b.floor);
  let scored: Scored | undefined;
  if (firstFloor > 0 && bounded.slice(0, firstFloor).some((b) => b.df >= limit)) {
    const floors = bounded.filter((b) => b.floor);
    const deferred = new Set(floors.map((b) => b.ranked));
    scored = run(
      all.filter((r) => !deferred.has(r)),
      firstFloor,
    );
    if (scored)
      addDeferred(scored, floors, (at) => bm25fScores(source, stats, lengthColumns, all, at, weights, docFrequency));
  }
  scored ??= run(all, bounded.length) as Scored;
  const { ids, scores } = scored;
  // Every document scored: the best `limit` exact, the others below them (a document not scored scores below too).
  if (allScored) return { ids: Int32Array.from(ids), scores: Float64Array.from(scores) };
  const order = Int32Array.from({ length: ids.length }, (_, i) => i);
  const page = selectPage(
    order,
    0,
    limit,
    (a, b) => (scores[b] as number) - (scores[a] as number) || (ids[a] as number) - (ids[b] as number),
  );
  return {
    ids: Int32Array.from(page, (i) => ids[i] as number),
    scores: Float64Array.from(page, (i) => scores[i] as number),
  };
}

/** The documents MaxScore scored (`scores` aligned with `ids`) and the best `limit` scores among them. */
interface Scored {
  readonly ids: number[];
  readonly scores: number[];
  readonly best: TopScores;
}

/**
 * MaxScore (bm25fTop) over `bounded`, largest bound first, each batch scored by the `scoring`
 * phrases. Undefined when the best are not settled before phrase `upTo` (it would be taken).
 */
function maxScore(
  source: PostingSource,
  stats: RankStatistics,
  lengthColumns: number,
  bounded: readonly Bounded[],
  scoring: readonly RankedPhrase[],
  upTo: number,
  weights: readonly number[],
  limit: number,
  docFrequency: (ranked: RankedPhrase) => number,
  phraseDocs: (ranked: RankedPhrase) => Int32Array,
): Scored | undefined {
  let rest = bounded.reduce((sum, b) => sum + b.bound, 0);
  let found: Int32Array = new Int32Array(0);
  const ids: number[] = [];
  const scores: number[] = [];
  const best = new TopScores(limit);
  // Documents found and not scored yet: scored in batches that double, as scoring a batch reads
  // every phrase's postings once (a few passes, not one per phrase taken).
  let pending: Int32Array[] = [];
  let pendingCount = 0;
  for (let p = 0; p < bounded.length; p++) {
    if (p === upTo) return undefined;
    const { ranked, bound } = bounded[p] as Bounded;
    rest -= bound;
    const fresh = difference(phraseDocs(ranked), found);
    if (fresh.length > 0) {
      found = union(found, fresh);
      pending.push(fresh);
      pendingCount += fresh.length;
    }
    if (pendingCount < Math.max(limit, ids.length) && p < Math.min(upTo, bounded.length) - 1) continue;
    if (pendingCount > 0) {
      const batch = pending.length === 1 ? (pending[0] as Int32Array) : concatSorted(pending, pendingCount);
      pending = [];
      pendingCount = 0;
      const batchScores = bm25fScoresTop(source, stats, lengthColumns, scoring, batch, weights, docFrequency, limit);
      for (let i = 0; i < batch.length; i++) {
        ids.push(batch[i] as number);
        scores.push(batchScores[i] as number);
        best.add(batchScores[i] as number);
      }
    }
    // A document only the phrases not taken find scores below `rest`: below all `limit` best.
    if (best.isFull() && rest < best.least()) return { ids, scores, best };
  }
  return upTo < bounded.length ? undefined : { ids, scores, best };
}

/**
 * The deferred floor phrases' part of the scores: a document scored without them (its score, or a
 * bound on it) more than their bounds' sum below the `limit`-th best cannot reach the best once
 * they are added, and keeps what it has (below the best); every other is scored exactly (`exact`,
 * over every phrase, of ascending ids).
 */
function addDeferred(scored: Scored, deferred: readonly Bounded[], exact: (ids: Int32Array) => Float64Array): void {
  const { ids, scores, best } = scored;
  const bar = best.least() - deferred.reduce((sum, b) => sum + b.bound, 0);
  const near: number[] = [];
  for (let i = 0; i < ids.length; i++) if ((scores[i] as number) >= bar) near.push(i);
  near.sort((a, b) => (ids[a] as number) - (ids[b] as number));
  const values = exact(Int32Array.from(near, (i) => ids[i] as number));
  near.forEach((i, k) => (scores[i] = values[k] as number));
}

/** Disjoint ascending id lists as one ascending list. */
function concatSorted(lists: readonly Int32Array[], total: number): Int32Array {
  const out = new Int32Array(total);
  let at = 0;
  for (const list of lists) {
    out.set(list, at);
    at += list.length;
  }
  return out.sort();
}

/** The k-th largest of `values` (k ≥ 1; the least of them when there are fewer), by a bounded heap. */
export function kthLargestScore(values: Float64Array, k: number): number {
  const top = new TopScores(Math.min(k, values.length));
  for (let i = 0; i < values.length; i++) top.add(values[i] as number);
  return top.least();
}

/** The `size` largest scores seen so far (a binary min-heap): the least of them is the bar to beat. */
class TopScores {
  private readonly heap: Float64Array;
  private length = 0;

  constructor(private readonly size: number) {
    this.heap = new Float64Array(Math.max(size, 1));
  }

  isFull(): boolean {
    return this.length >= this.size;
  }

  least(): number {
    return this.heap[0] as number;
  }

  add(score: number): void {
    const heap = this.heap;
    if (this.length < this.size) {
      let i = this.length++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if ((heap[parent] as number) <= score) break;
        heap[i] = heap[parent] as number;
        i = parent;
      }
      heap[i] = score;
      return;
    }
    if (score <= (heap[0] as number)) return;
    // The least replaced, then sifted down.
    let i = 0;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= this.length) break;
      const right = left + 1;
      const child = right < this.length && (heap[right] as number) < (heap[left] as number) ? right : left;
      if ((heap[child] as number) >= score) break;
      heap[i] = heap[child] as number;
      i = child;
    }
    heap[i] = score;
  }
}

function termCursor(source: PostingSource, column: FtsColumn, term: MatchTerm): PositionCursor {
  return term.prefix ? source.prefixCursor(column, term.token) : source.cursor(column, term.token);
}

/** How often the phrase occurs in the column of each of `ids` (overlapping occurrences count, as FTS5's instances do). */
export function phraseCounts(
  source: PostingSource,
  column: FtsColumn,
  terms: readonly MatchTerm[],
  ids: Int32Array,
): Int32Array {
  const only = terms[0] as MatchTerm;
  if (terms.length === 1 && !only.prefix && source.counts) return source.counts(column, only.token, ids);
  if (terms.length === 1 && only.prefix && source.prefixCounts) return source.prefixCounts(column, only.token, ids);
  const counts = new Int32Array(ids.length);
  // Positions are read only where every term is in the column: the document lists intersected first.
  let candidates = ids;
  for (const t of terms) {
    candidates = intersect(candidates, t.prefix ? source.prefixDocs(column, t.token) : source.docs(column, t.token));
    if (candidates.length === 0) return counts;
  }
  const cursors = terms.map((t) => termCursor(source, column, t));
  const lists = terms.map(() => new PositionList());
  let i = 0;
  next: for (let c = 0; c < candidates.length; c++) {
    const doc = candidates[c] as number;
    while ((ids[i] as number) < doc) i++;
    for (let k = 0; k < cursors.length; k++) {
      const cursor = cursors[k] as PositionCursor;
      if (!cursor.seek(doc)) continue next;
      const list = lists[k] as PositionList;
      list.length = 0;
      for (let p = cursor.next(); p !== POSITIONS_END; p = cursor.next()) list.reserve(1)[list.length++] = p;
    }
    counts[i] = phraseStarts(lists);
  }
  return counts;
}

/** The starts of a phrase in one document: positions s of the first term with s + k among term k's, for every k. */
function phraseStarts(lists: readonly PositionList[]): number {
  const first = lists[0] as PositionList;
  if (lists.length === 1) return first.length;
  const at = new Int32Array(lists.length);
  let count = 0;
  next: for (let q = 0; q < first.length; q++) {
    const start = first.values[q] as number;
    for (let k = 1; k < lists.length; k++) {
      const list = lists[k] as PositionList;
      let p = at[k] as number;
      while (p < list.length && (list.values[p] as number) < start + k) p++;
      at[k] = p;
      // No position left at or after start + k: no later start can match either.
      if (p === list.length) break next;
      if (list.values[p] !== start + k) continue next;
    }
    count++;
  }
  return count;
}

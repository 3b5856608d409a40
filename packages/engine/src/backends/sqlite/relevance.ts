import { selectPage } from '../../ranking/top-k.js';
import type { SearchRequest } from '../../search-engine.js';
import { generatorMatch, rankExpressions, type Plan } from './compile-query.js';
import { columnsOf } from './engine-columns.js';
import { checkStop, type SqliteEngineState } from './engine-state.js';
import {
  countOf,
  countUpTo,
  ownRankedPhrases,
  ownRankScores,
  ownTopHits,
  rankArgs,
  rankOne,
  rankRows,
  ranksAllHits,
  ranksOwn,
  runMatch,
} from './fts-tables.js';
import { bitsetOf } from './native-extension.js';
import { kthLargestScore } from './postings/own-rank.js';
import { comparator } from './result-order.js';

/** A MaxScore page is tried when the hits are at most 1 / SELECTIVE_SHARE of the documents (ownPage). */
const SELECTIVE_SHARE = 4;

/** Hits ranked one statement each (each re-scans its phrases' doclists): only for tiny sets. */
const SMALL_HIT_SET = 100;

/** The shared score array (SqliteEngineState.scoreBuffer), grown to the columns' capacity. */
export function takeScores(state: SqliteEngineState): Float64Array {
  const capacity = columnsOf(state).capacity;
  if (state.scoreBuffer.length < capacity) state.scoreBuffer = new Float64Array(capacity);
  return state.scoreBuffer;
}

export function setScore(state: SqliteEngineState, scores: Float64Array, id: number, score: number): void {
  scores[id] = score;
  state.scored.push(id);
}

/**
 * The scores of `ids` at once (aligned with them): the list is kept whole for releaseScores, not
 * pushed id by id (670,000 pushes were 60 ms of a 1M common term's page).
 */
export function setScores(state: SqliteEngineState, scores: Float64Array, ids: Int32Array, values: Float64Array): void {
  for (let i = 0; i < ids.length; i++) scores[ids[i] as number] = values[i] as number;
  state.scoredLists.push(ids);
}

/** Clears the scores a search wrote, so the next one starts from zeros. */
export function releaseScores(state: SqliteEngineState): void {
  const { scoreBuffer, scored, scoredLists } = state;
  for (const id of scored) scoreBuffer[id] = 0;
  scored.length = 0;
  for (const ids of scoredLists) for (let i = 0; i < ids.length; i++) scoreBuffer[ids[i] as number] = 0;
  scoredLists.length = 0;
}

export function rankMatchOf(exprs: readonly string[]): string {
  return exprs.length === 1 ? (exprs[0] as string) : exprs.map((e) => `(${e})`).join(' OR ');
}

/**
 * One text term: every document matching its rank expression is a hit and the reverse (the rank
 * expression is the term's own condition plus its jieba title word, whose documents contain the
 * term in the title).
 */
export function isSingleTerm(plan: Plan): plan is Extract<Plan, { kind: 'fts' }> {
  return plan.kind === 'fts' && plan.rank[0] === plan.match && plan.rank.slice(1).every((r) => r.startsWith('{tiw}: '));
}

/** Ids and scores of rank rows, the scores written into the shared array. */
export function scoredRows(
  state: SqliteEngineState,
  rows: [number, number][],
): { ids: Int32Array; scores: Float64Array } {
  const scores = takeScores(state);
  const ids = new Int32Array(rows.length);
  rows.forEach(([id, score], i) => {
    setScore(state, scores, id, score);
    ids[i] = id;
  });
  return { ids, scores };
}

/**
 * Relevance on the engine's own postings (`own`, `only`; issue 44): BM25F over the OR of the
 * query's positive text conditions, every hit scored (ranksAllHits; postings/own-rank.ts). The
 * rest of this comment is the FTS5 path, which such an engine also takes past ranksAllHits's budget
 * (its rank statements then score by BM25F too, fts-tables.ts ownRankRows).
 *
 * Relevance: FTS5 bm25() with field weights over the OR of the query's positive text conditions.
 * bm25() costs ~3 µs per scored row here, and every statement that calls it first scans the full
 * doclist of each phrase once (its IDF), so scoring runs as ONE statement per query:
 * - more than `rankLimit` hits (APPROXIMATE): only the newest `rankLimit` hits matching the rank
 *   expression in the title (ti/tiw) are scored; every other hit gets no score and follows,
 *   newest publication first. Totals stay exact; only the order of such large sets is approximate.
 * Every statement scores only the hits (patlas_in over a bitset of them): other rows its MATCH
 * yields cost a bit test instead of a bm25().
 * - otherwise the rank expression ANDed with the query's own FTS condition (its candidate
 *   generator), so only the query's candidates are scored, however common the rank terms (the AND
 *   adds that condition's phrases to the score). When every hit matches the rank expression
 *   (Plan.ranked) that statement yields the hits themselves: ftsPage keeps only the page in
 *   SQLite, and hitsOf collects hits and scores from it instead of a second evaluation.
 * - no FTS condition to AND with (e.g. an OR of text and ranges): every document matching the
 *   rank expression when they are at most `rankLimit`, else each hit one by one up to
 *   SMALL_HIT_SET hits, else the title-newest fallback above.
 */
function rankTitleNewest(state: SqliteEngineState, rankMatch: string): [number, number][] {
  return rankRows(state, 'rankNewest', rankArgs(state, `{ti tiw}: (${rankMatch})`, state.rankLimit));
}

/**
 * Scores of `hits` for relevance order. With `best`, only the best `best` need be exact (a page and
 * those before it): on the engine's own postings the others may hold a bound below them.
 */
export function rankHits(
  state: SqliteEngineState,
  plan: Plan,
  hits: Int32Array,
  best?: number,
): Float64Array | undefined {
  checkStop(state);
  const { rankLimit } = state;
  const exprs = rankExpressions(plan);
  if (exprs.length === 0 || hits.length === 0) return undefined;
  const rankMatch = rankMatchOf(exprs);
  const scores = takeScores(state);
  const fill = (rows: [number, number][]): Float64Array => {
    for (const [id, score] of rows) setScore(state, scores, id, score);
    return scores;
  };
  // On the engine's own postings: every hit scored by BM25F, however many (ranksAllHits).
  if (ranksAllHits(state, rankMatch, hits.length)) {
    const own = ownRankScores(state, rankMatch, hits, best);
    if (own) {
      setScores(state, scores, hits, own);
      return scores;
    }
  }
  // Only hits are scored: the rows of the rank statement outside them cost a bit test, not a bm25().
  const ids = bitsetOf(hits);
  const titleNewest = (): Float64Array =>
    fill(rankRows(state, 'rankNewestIn', { ...rankArgs(state, `{ti tiw}: (${rankMatch})`, rankLimit), ids }));
  if (hits.length > rankLimit) return titleNewest();
  const generator = generatorMatch(plan);
  if (generator !== undefined)
    return fill(rankRows(state, 'rankIn', { ...rankArgs(state, `(${rankMatch}) AND (${generator})`), ids }));
  if (countOf(state, rankMatch) <= rankLimit)
    return fill(rankRows(state, 'rankIn', { ...rankArgs(state, rankMatch), ids }));
  if (hits.length <= SMALL_HIT_SET) {
    for (const id of hits) {
      checkStop(state);
      setScore(state, scores, id, rankOne(state, rankArgs(state, rankMatch, id)) ?? 0);
    }
    return scores;
  }
  return titleNewest();
}

/**
 * A relevance page of a text query that FTS5 answers alone (a ranked `fts` plan: every hit
 * matches its rank expression; no scope, filter, merge or facets), without collecting every hit
 * id in JS. The exact total comes from count(*) (~57 ns per hit instead of ~100 ns to collect ids).
 * - at most `rankLimit` hits: SQLite keeps the best `to` by bm25 (ORDER BY … LIMIT) over the same
 *   statement rankHits would run; rows tied with the last one are fetched too, as ties are broken
 *   by publication date in JS. Same scores and order as the general path.
 * - more (one text term only): rankHits would score only the term's newest title matches, and
 *   they are all hits.
 * Undefined when it does not apply or the page lies beyond the scored hits. Narrowed plans (text
 * AND class/status) are left to hitsOf's single statement: counting them costs a full evaluation.
 */
export function ftsPage(
  state: SqliteEngineState,
  plan: Plan,
  request: SearchRequest,
  from: number,
  to: number,
): { total: number; pageIds: Int32Array; scores: Float64Array } | undefined {
  if (plan.kind !== 'fts' || !plan.ranked || plan.narrowed) return undefined;
  if (
    request.scope ||
    request.merge ||
    request.facets?.length ||
    request.within ||
    request.without?.length ||
    request.plus?.length
  )
    return undefined;
  if (request.filters?.some((f) => f.values.length > 0)) return undefined;
  const { rankLimit } = state;
  const { match: ftsMatch, rank } = plan;
  const single = isSingleTerm(plan);
  const exact = ownPage(state, plan, from, to);
  if (exact) return exact;
  // On the engine's own postings the count below is a full evaluation, which hitsOf repeats.
  if (ranksOwn(state)) return undefined;
  // Beyond rankLimit only a single term has a fast page: otherwise stop counting there.
  const total = single ? countOf(state, ftsMatch) : countUpTo(state, ftsMatch, rankLimit + 1);
  const rankMatch = rankMatchOf(rank);
  let rows: [number, number][];
  if (total <= rankLimit) {
    const match = single ? rankMatch : `(${rankMatch}) AND (${ftsMatch})`;
    rows = rankRows(state, 'rankTop', rankArgs(state, match, to + 1));
    const last = rows[to - 1];
    if (last && rows[to]?.[1] === last[1]) rows = rankRows(state, 'rankAtLeast', rankArgs(state, match, last[1]));
  } else {
    if (!single) return undefined;
    rows = rankTitleNewest(state, rankMatch);
    if (rows.length < to) return undefined;
  }
  const { ids, scores } = scoredRows(state, rows);
  return { total, pageIds: selectPage(ids, from, to, comparator(state, { field: 'relevance' }, scores)), scores };
}

/**
 * ftsPage on the engine's own postings: every hit of the MATCH scored by BM25F and the page
 * selected from all of them (exact order, however large the set), when ranksAllHits allows.
 */
function ownPage(
  state: SqliteEngineState,
  plan: Extract<Plan, { kind: 'fts' }>,
  from: number,
  to: number,
): { total: number; pageIds: Int32Array; scores: Float64Array } | undefined {
  const rankMatch = rankMatchOf(plan.rank);
  // Too many phrases to score every hit: known before the hits are found (hitsOf finds them again).
  const phrases = ownRankedPhrases(state, rankMatch);
  if (phrases === undefined) return undefined;
  const hits = runMatch(state, plan.match);
  // A text term or an OR of them, ranked by two phrases or more: the page comes from the best hits
  // alone (MaxScore), found without scoring the others. Not for one phrase, nor for hits in more
  // than a quarter of the documents: MaxScore would then score (nearly) every hit too, in batches,
  // after counting each phrase's documents (at 1M, "一种" in 67 % of them: 226 ms against 66).
  const selective = phrases >= 2 && hits.length * SELECTIVE_SHARE <= columnsOf(state).aliveCount && rankFindsHits(plan);
  const top = selective ? ownTopHits(state, rankMatch, to) : undefined;
  if (top) {
    const scores = takeScores(state);
    setScores(state, scores, top.ids, top.scores);
    const order = comparator(state, { field: 'relevance' }, scores);
    const candidates = atLeast(top.ids, top.scores, kthLargestScore(top.scores, to));
    return { total: hits.length, pageIds: selectPage(candidates, from, to, order), scores };
  }
  if (!ranksAllHits(state, rankMatch, hits.length)) return undefined;
  // Only the page's hits and those before it need exact scores (a bound for the rest, below them).
  const own = ownRankScores(state, rankMatch, hits, to, rankFindsHits(plan));
  if (!own) return undefined;
  const scores = takeScores(state);
  setScores(state, scores, hits, own);
  // Only hits scoring at least the to-th best can be on the page (ties then go by date): a pass
  // over the scores, not a comparator selection over all 670,000 hits of a common term at 1M.
  // (A copy besides: the MATCH's ids may be kept between queries, clause-cache.ts.)
  const candidates = hits.length > 4 * to ? atLeast(hits, own, kthLargestScore(own, to)) : hits.slice();
  const order = comparator(state, { field: 'relevance' }, scores);
  return { total: hits.length, pageIds: selectPage(candidates, from, to, order), scores };
}

/**
 * Whether the documents of the plan's rank MATCH are exactly its hits: one text term (isSingleTerm:
 * its own condition, then its title words, whose documents are among its own), or an OR of such
 * terms, whose matches and ranks compileOr joins in order.
 */
function rankFindsHits(plan: Extract<Plan, { kind: 'fts' }>): boolean {
  const title = (r: string): boolean => r.startsWith('{tiw}: ');
  const own = plan.rank.filter((r) => !title(r));
  if (own.length === 0 || title(plan.rank[0] as string)) return false;
  return own.length === 1 ? own[0] === plan.match : plan.match === own.map((m) => `(${m})`).join(' OR ');
}

/** The ids whose value (aligned with them) is at least `bar`. */
function atLeast(ids: Int32Array, values: Float64Array, bar: number): Int32Array {
  let n = 0;
  for (let i = 0; i < values.length; i++) if ((values[i] as number) >= bar) n++;
  const out = new Int32Array(n);
  n = 0;
  for (let i = 0; i < values.length; i++) if ((values[i] as number) >= bar) out[n++] = ids[i] as number;
  return out;
}

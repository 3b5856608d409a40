import type Database from 'better-sqlite3';
import { selectPage } from '../../ranking/top-k.js';
import { EngineError } from '../../search-engine.js';
import { titleOnlyMatch } from './compile-query.js';
import { checkStop, type SqliteEngineState } from './engine-state.js';
import { BM25_WEIGHTS } from './index-schema.js';
import { filterIds } from './id-sets.js';
import { decodeFtsAverages, idsOfBlob } from './native-extension.js';
import {
  assertSameIds,
  MatchSyntaxError,
  ownMatchIds,
  ownNearIds,
  ownScores,
  ownTopScores,
  rankedPhraseCount,
} from './postings/own-match.js';

const weights = BM25_WEIGHTS.join(', ');

type FtsStatements = Readonly<
  Record<
    | 'match'
    | 'nearMatch'
    | 'countMatch'
    | 'countUpTo'
    | 'rankAll'
    | 'rankTop'
    | 'rankAtLeast'
    | 'rankUpTo'
    | 'rankNewest'
    | 'rankIn'
    | 'rankNewestIn'
    | 'rankOne',
    Database.Statement
  >
>;

/**
 * The statements that read one FTS5 table: `fts`, or `fts_title` for a MATCH that only title
 * columns can satisfy (titleOnlyMatch; index-schema.ts v9). On the title table the score is
 * patlas_title_bm25, which takes the main table's totals (:nr, :nt) and row lengths, so a
 * document scores the same on either table.
 */
function ftsStatements(db: Database.Database, table: 'fts' | 'fts_title'): FtsStatements {
  const score =
    table === 'fts'
      ? `-patlas_bm25(fts, :m, :g, ${weights})`
      : `-patlas_title_bm25(fts_title, :m, :g, :nr, :nt, ${weights})`;
  const from = `FROM ${table} WHERE ${table} MATCH`;
  return {
    // One blob of ids instead of a row each (~0.5 µs per row through the driver): native-extension.ts.
    match: db.prepare(`SELECT patlas_ids(rowid) ${from} ?`).pluck(),
    nearMatch: db.prepare(`SELECT patlas_ids(rowid) ${from} ? AND patlas_near(${table}, 0, 1, ?, ?, ?, ?)`).pluck(),
    countMatch: db.prepare(`SELECT count(*) ${from} ?`).pluck(),
    countUpTo: db.prepare(`SELECT count(*) FROM (SELECT 1 ${from} ? LIMIT ?)`).pluck(),
    // patlas_bm25 is bm25() with the phrases' document counts kept between statements under the
    // MATCH string (:m) and the change-log position (:g): native-extension.ts.
    rankAll: db.prepare(`SELECT rowid, ${score} ${from} :m`).raw(),
    rankTop: db.prepare(`SELECT rowid, ${score} ${from} :m ORDER BY 2 DESC LIMIT :n`).raw(),
    rankAtLeast: db.prepare(`SELECT rowid, s FROM (SELECT rowid, ${score} AS s ${from} :m) WHERE s >= :n`).raw(),
    rankUpTo: db.prepare(`SELECT rowid, ${score} ${from} :m LIMIT :n`).raw(),
    rankNewest: db.prepare(`SELECT rowid, ${score} ${from} :m ORDER BY rowid DESC LIMIT :n`).raw(),
    // The same, scoring only the rows whose bit is set in :ids (the query's hits).
    rankIn: db.prepare(`SELECT rowid, ${score} ${from} :m AND patlas_in(rowid, :ids)`).raw(),
    rankNewestIn: db
      .prepare(`SELECT rowid, ${score} ${from} :m AND patlas_in(rowid, :ids) ORDER BY rowid DESC LIMIT :n`)
      .raw(),
    rankOne: db.prepare(`SELECT ${score} ${from} :m AND rowid = :n`).pluck(),
  };
}

/** The two FTS5 tables' statements, and which of them the last MATCH asked about went to. */
export interface FtsTables {
  readonly db: Database.Database;
  readonly useTitleTable: boolean;
  readonly main: FtsStatements;
  /** Prepared on first use: a read-only engine may open a file of an older schema, without the table. */
  title: FtsStatements | null | undefined;
  // A rank statement asks twice for one MATCH (its arguments, then its table): the last answer is kept.
  lastMatch: string | undefined;
  lastTitleOnly: boolean;
  readonly readTotals: Database.Statement;
  /** The main table's row count and token total (FTS5's averages record), per generation. */
  mainTotals: { generation: number; nr: number; nt: number } | undefined;
}

export function prepareFtsTables(db: Database.Database, useTitleTable: boolean): FtsTables {
  return {
    db,
    useTitleTable,
    main: ftsStatements(db, 'fts'),
    title: undefined,
    lastMatch: undefined,
    lastTitleOnly: false,
    readTotals: db.prepare('SELECT block FROM fts_data WHERE id = 1').pluck(),
    mainTotals: undefined,
  };
}

/** True when the title table answers this MATCH: only title columns can satisfy it. */
function onTitleTable(fts: FtsTables, match: string): boolean {
  if (!fts.useTitleTable) return false;
  if (match !== fts.lastMatch) {
    fts.lastTitleOnly = titleOnlyMatch(match);
    fts.lastMatch = match;
  }
  if (!fts.lastTitleOnly) return false;
  if (fts.title === undefined) {
    try {
      fts.title = ftsStatements(fts.db, 'fts_title');
    } catch {
      fts.title = null;
    }
  }
  return fts.title !== null;
}

export function ftsFor(state: SqliteEngineState, match: string): FtsStatements {
  const { fts } = state;
  return onTitleTable(fts, match) && fts.title ? fts.title : fts.main;
}

function totalsOfMain(state: SqliteEngineState): { nr: number; nt: number } {
  const { fts } = state;
  if (fts.mainTotals?.generation !== state.rankGeneration) {
    const { rows, tokens } = decodeFtsAverages(fts.readTotals.get() as Buffer | undefined);
    fts.mainTotals = { generation: state.rankGeneration, nr: rows, nt: tokens };
  }
  return fts.mainTotals;
}

/**
 * The named parameters of the rank statements: the MATCH, the generation, a number, and on the
 * title table the main table's totals.
 */
export function rankArgs(
  state: SqliteEngineState,
  match: string,
  n?: number,
): { m: string; g: number; n?: number; nr?: number; nt?: number } {
  const args = n === undefined ? { m: match, g: state.rankGeneration } : { m: match, g: state.rankGeneration, n };
  return onTitleTable(state.fts, match) ? { ...args, ...totalsOfMain(state) } : args;
}

type RowsStatement = Exclude<keyof FtsStatements, 'rankOne' | 'match' | 'nearMatch' | 'countMatch' | 'countUpTo'>;

/** Rows (id, score) of a rank statement, on the table its MATCH (`args.m`) belongs to. */
export function rankRows(
  state: SqliteEngineState,
  kind: RowsStatement,
  args: { readonly m: string; readonly [param: string]: unknown },
): [number, number][] {
  const own = ranksOwn(state) ? ownRankRows(state, kind, args) : undefined;
  return own ?? (ftsFor(state, args.m)[kind].all(args) as [number, number][]);
}

export function rankOne(state: SqliteEngineState, args: { m: string; n?: number }): number | undefined {
  if (ranksOwn(state)) {
    const id = args.n as number;
    const rows = ownRankRows(state, 'rankAll', { m: args.m, ids: bitsetOf1(id) });
    if (rows) return rows[0]?.[1];
  }
  return ftsFor(state, args.m).rankOne.get(args) as number | undefined;
}

/**
 * Ranking reads the engine's own postings (BM25F, postings/own-rank.ts) when they answer the
 * MATCHes alone (`own`); `both`, the switch that compares hit sets with FTS5's, ranks by FTS5.
 */
export function ranksOwn(state: SqliteEngineState): boolean {
  return state.ownPostings !== undefined && (state.postingsMode === 'own' || state.postingsMode === 'only');
}

/**
 * A rank MATCH's BM25F scores of `ids` (ascending, aligned) from the engine's own postings, when
 * they rank and the MATCH is one the evaluator reads; undefined otherwise (FTS5's statements rank).
 * `idsMatch`: every one of `ids` matches the MATCH (ownScores).
 */
export function ownRankScores(
  state: SqliteEngineState,
  match: string,
  ids: Int32Array,
  best?: number,
  idsMatch = false,
): Float64Array | undefined {
  return readOwnRanking(state, (postings) => ownScores(postings, match, ids, BM25_WEIGHTS, best, idsMatch));
}

/**
 * `read` on the engine's own postings when they rank; undefined when they do not, or when the
 * MATCH is one their evaluator does not read (FTS5's statements rank then).
 */
function readOwnRanking<T>(
  state: SqliteEngineState,
  read: (postings: NonNullable<SqliteEngineState['ownPostings']>) => T,
): T | undefined {
  if (!ranksOwn(state)) return undefined;
  checkStop(state);
  try {
    return read(state.ownPostings as NonNullable<SqliteEngineState['ownPostings']>);
  } catch (err) {
    if (err instanceof MatchSyntaxError) return undefined;
    throw err;
  }
}

/** A bitset (native-extension.ts bitsetOf) of one id. */
function bitsetOf1(id: number): Buffer {
  const bits = Buffer.alloc((id >> 3) + 1);
  bits[id >> 3] = 1 << (id & 7);
  return bits;
}

/**
 * What a rank statement answers, from the engine's own postings: the MATCH's documents (in the
 * bitset `ids` when given), scored by BM25F, in the statement's order and limit. Undefined for a
 * MATCH the evaluator does not read (FTS5 ranks it then).
 */
function ownRankRows(
  state: SqliteEngineState,
  kind: RowsStatement,
  args: { readonly m: string; readonly [param: string]: unknown },
): [number, number][] | undefined {
  const postings = state.ownPostings as NonNullable<SqliteEngineState['ownPostings']>;
  const n = args.n as number;
  const bits = args.ids as Buffer | undefined;
  let ids: Int32Array;
  let scores: Float64Array;
  try {
    ids = runMatch(state, args.m);
    if (bits) ids = filterIds(ids, (id) => (((bits[id >> 3] ?? 0) >> (id & 7)) & 1) === 1);
    if (kind === 'rankUpTo') ids = ids.subarray(0, n);
    if (kind === 'rankNewest' || kind === 'rankNewestIn') ids = ids.subarray(Math.max(0, ids.length - n));
    checkStop(state);
    scores = ownScores(postings, args.m, ids, BM25_WEIGHTS);
  } catch (err) {
    if (err instanceof MatchSyntaxError) return undefined;
    throw err;
  }
  const rows = Array.from(ids, (id, i): [number, number] => [id, scores[i] as number]);
  switch (kind) {
    case 'rankNewest':
    case 'rankNewestIn':
      return rows.reverse();
    case 'rankTop':
      return rows.sort((a, b) => b[1] - a[1]).slice(0, n);
    case 'rankAtLeast':
      return rows.filter((r) => r[1] >= n);
    default:
      return rows;
  }
}

/**
 * Whether BM25F on the engine's own postings scores every one of `hits` hits for this rank MATCH:
 * reading counts without positions costs ~10 ns per posting, so a whole large set is scored exactly
 * (no newest-title approximation) unless the MATCH has many phrases, each read in every column.
 */
export function ranksAllHits(state: SqliteEngineState, rankMatch: string, hits: number): boolean {
  const phrases = ownRankedPhrases(state, rankMatch);
  return phrases !== undefined && phrases * hits <= OWN_RANK_ALL_BUDGET;
}

/**
 * The phrases BM25F would score for this rank MATCH on the engine's own postings, or undefined
 * when it will not score every hit whatever their number (FTS5's postings, too many phrases, a
 * MATCH our reader does not know): asked before the hits are counted, which costs as much again.
 */
export function ownRankedPhrases(state: SqliteEngineState, rankMatch: string): number | undefined {
  if (!ranksOwn(state)) return undefined;
  try {
    const phrases = rankedPhraseCount(rankMatch);
    return phrases <= OWN_RANK_ALL_PHRASES ? phrases : undefined;
  } catch (err) {
    if (err instanceof MatchSyntaxError) return undefined;
    throw err;
  }
}

/** Phrases × hits scored exactly at most (~0.1 s of counts at 10 ns each, over the ranked columns). */
const OWN_RANK_ALL_BUDGET = 8_000_000;
const OWN_RANK_ALL_PHRASES = 64;

/** Document ids and BM25F scores of a MATCH's best `limit`, with field weights per FTS_COLUMNS index: own postings only. */
export function ownTopRows(
  state: SqliteEngineState,
  match: string,
  weights: readonly number[],
  limit: number,
): [number, number][] | undefined {
  return readOwnRanking(state, (postings) => {
    // An OR of phrases (a semantic search's terms): the best without scoring every hit.
    const top = ownTopScores(postings, match, weights, limit);
    if (top) return Array.from(top.ids, (id, i): [number, number] => [id, top.scores[i] as number]);
    const ids = runMatch(state, match);
    const scores = ownScores(postings, match, ids, weights);
    // The best `limit` positions by score (then id), without sorting every match.
    const order = Int32Array.from({ length: ids.length }, (_, i) => i);
    const best = selectPage(order, 0, limit, (a, b) => (scores[b] as number) - (scores[a] as number) || a - b);
    return Array.from(best, (i): [number, number] => [ids[i] as number, scores[i] as number]);
  });
}

/**
 * The hits of a disjunctive rank MATCH that MaxScore scored, unordered: its `limit` best with their
 * exact BM25F scores, the others below them (as is every hit not scored), found without scoring
 * every hit (ownTopScores); undefined when the engine's own postings do not rank or the MATCH is
 * not an OR of phrases.
 */
export function ownTopHits(
  state: SqliteEngineState,
  match: string,
  limit: number,
): { ids: Int32Array; scores: Float64Array } | undefined {
  return readOwnRanking(state, (postings) => ownTopScores(postings, match, BM25_WEIGHTS, limit, true));
}

/** The ids a MATCH yields, kept between queries when costly (clause-cache.ts). */
export function runMatch(state: SqliteEngineState, match: string): Int32Array {
  checkStop(state);
  return state.clauseCache.idsOf(match, () =>
    fromPostings(
      state,
      match,
      () => fts5Ids(state, match),
      (own) => ownMatchIds(own, match),
    ),
  );
}

function fts5Ids(state: SqliteEngineState, match: string): Int32Array {
  try {
    return idsOfBlob(ftsFor(state, match).match.get(match) as Buffer | null);
  } catch (err) {
    // Our compiler only emits valid FTS5; an error here is a bug, reported with the expression.
    throw new EngineError('QUERY_UNSUPPORTED', { match, reason: (err as Error).message });
  }
}

/**
 * A MATCH's documents from the postings the engine reads (SqliteEngineOptions.postings): its
 * own, FTS5's for a file without them, or both compared. A MATCH our reader does not know is
 * answered by FTS5 (never in `both`, where the tests must see it).
 */
function fromPostings(
  state: SqliteEngineState,
  match: string,
  fts5: () => Int32Array,
  own: (postings: NonNullable<SqliteEngineState['ownPostings']>) => Int32Array,
): Int32Array {
  const postings = state.ownPostings;
  if (!postings || state.postingsMode === 'fts5') return fts5();
  if (state.postingsMode === 'both') {
    const ours = own(postings);
    assertSameIds(match, fts5(), ours);
    return ours;
  }
  try {
    return own(postings);
  } catch (err) {
    // A file without FTS5's postings has no one else to ask.
    if (!(err instanceof MatchSyntaxError) || state.postingsMode === 'only') throw err;
    return fts5();
  }
}

/** True when the engine's own postings answer this engine's MATCHes. */
function readsOwnPostings(state: SqliteEngineState): boolean {
  return state.ownPostings !== undefined && state.postingsMode !== 'fts5';
}

/** The number of documents a MATCH yields: the kept hits' count when they are kept, else FTS5's. */
export function countOf(state: SqliteEngineState, match: string): number {
  checkStop(state);
  if (readsOwnPostings(state)) return runMatch(state, match).length;
  return state.clauseCache.countOf(match, () => ftsFor(state, match).countMatch.get(match) as number);
}

/** The number of documents a MATCH yields, counted up to `n` at most. */
export function countUpTo(state: SqliteEngineState, match: string, n: number): number {
  checkStop(state);
  if (readsOwnPostings(state)) return Math.min(runMatch(state, match).length, n);
  return ftsFor(state, match).countUpTo.get(match, n) as number;
}

/**
 * The documents of a NEAR MATCH whose phrases 0 and 1 sit within `gap` units of each other
 * (in order when `ordered`): the positions decide (compile-query.ts NearPositions).
 */
export function nearIds(
  state: SqliteEngineState,
  match: string,
  leftUnits: number,
  rightUnits: number,
  gap: number,
  ordered: boolean,
): Int32Array {
  checkStop(state);
  return state.clauseCache.idsOf(
    `near\u0000${match}\u0000${leftUnits}\u0000${rightUnits}\u0000${gap}\u0000${ordered}`,
    () =>
      fromPostings(
        state,
        match,
        () =>
          idsOfBlob(
            ftsFor(state, match).nearMatch.get(match, leftUnits, rightUnits, gap, ordered ? 1 : 0) as Buffer | null,
          ),
        (own) => ownNearIds(own, match, leftUnits, rightUnits, gap, ordered),
      ),
  );
}

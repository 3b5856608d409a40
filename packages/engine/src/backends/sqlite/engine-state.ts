import type Database from 'better-sqlite3';
import { EngineError } from '../../search-engine.js';
import type { CompileContext } from './compile-query.js';
import type { ChangeReader } from './change-log.js';
import type { ClauseCache } from './clause-cache.js';
import type { DocColumns } from './doc-columns.js';
import type { SqliteEngineOptions } from './engine-options.js';
import type { FtsTables } from './fts-tables.js';
import { reversedWord, type IndexWriter } from './index-writer.js';
import type { PostingsMode } from './postings/own-match.js';
import type { SegmentPostings } from './postings/segment-store.js';
import type { SemanticIndex } from './semantic-index.js';

/**
 * What the parts of one SQLite engine share (sqlite-engine.ts assembles them): the connection,
 * its prepared statements, the in-memory columns and what a query keeps between its steps.
 * Opened by openEngineState (open-engine.ts); every other part reads and updates it, none copies it.
 */
export interface SqliteEngineState {
  readonly options: SqliteEngineOptions;
  readonly db: Database.Database;
  readonly readOnly: boolean;
  readonly changes: ChangeReader;
  readonly writer: IndexWriter;
  /** Set once at open, right after the state it reads texts through; none on a read-only connection. */
  semanticIndex: SemanticIndex | undefined;
  /** Most documents ranked per query (SqliteEngineOptions.rankLimit). */
  readonly rankLimit: number;

  /**
   * The in-memory columns, loaded from doc_cols at open or, with `loadColumns: 'first-use'`, by
   * the first call that reads them: an import-only process (the CLI) never holds them, so its
   * memory does not grow with the corpus. Writes update them only once loaded (engine-columns.ts).
   */
  loaded: DocColumns | undefined;
  /** The column snapshot beside the index file (column-snapshot.ts), and the log position it holds. */
  readonly snapshotFile: string | undefined;
  readonly indexId: string | undefined;
  snapshotSeq: number | undefined;

  /**
   * The change-log position at the last refresh: patlas_bm25 keeps the phrases' document counts
   * while it stays the same (every index write, on any connection, logs its documents).
   */
  rankGeneration: number;
  readonly clauseCache: ClauseCache;
  /** The last ranked set looked up: a search reads it twice (its hits, then its scores). */
  withinMemo: { list: readonly string[]; ids: { ranked: number[]; sorted: Int32Array } } | undefined;
  /** The engine's own postings (postings/, issue 44); none in a file written before them. */
  readonly ownPostings: SegmentPostings | undefined;
  /** Which postings answer text conditions (SqliteEngineOptions.postings). */
  readonly postingsMode: PostingsMode;
  /** The FTS5 tables' statements (fts-tables.ts). */
  readonly fts: FtsTables;
  readonly stmt: EngineStatements;
  readonly ctx: CompileContext;

  /**
   * One score array for every search (8 MB at 1M documents: allocating and zeroing it per query
   * was most of a small query's cost). search() runs synchronously from compile to page, and
   * clears the entries it wrote before returning (releaseScores in relevance.ts).
   */
  scoreBuffer: Float64Array;
  readonly scored: number[];
  /** Whole id lists a search scored at once (setScores): cleared with `scored`. */
  readonly scoredLists: Int32Array[];

  /** Write statements prepared on first use (a read-only connection never prepares them). */
  setValueScore: Database.Statement | undefined;
  setAwardCols: Database.Statement | undefined;
  awardsOf: Database.Statement | undefined;
}

/** The statements over docs, doc_cols and vocab every engine prepares at open. */
export type EngineStatements = Readonly<
  Record<
    | 'colsOf'
    | 'idByPn'
    | 'idsByPns'
    | 'expandWord'
    | 'expandWordBackwards'
    | 'wordsOfStem'
    | 'texts'
    | 'numbersOfIds'
    | 'rows'
    | 'countDocs'
    | 'versionsOf'
    | 'versionsAfter',
    Database.Statement
  >
>;

const WILDCARD_EXPANSION_LIMIT = 1000;

export function prepareEngineStatements(db: Database.Database): EngineStatements {
  return {
    colsOf: db.prepare('SELECT cols FROM doc_cols WHERE id = ?').pluck(),
    idByPn: db.prepare('SELECT id FROM docs WHERE pn = ?').pluck(),
    idsByPns: db.prepare('SELECT pn, id FROM docs WHERE pn IN (SELECT value FROM json_each(?))').raw(),
    expandWord: db.prepare('SELECT DISTINCT stem FROM vocab WHERE word GLOB ? LIMIT ?').pluck(),
    // A left truncation as the reversed pattern: a range of the vocab_rev index (GLOB on a literal prefix).
    expandWordBackwards: db.prepare('SELECT DISTINCT stem FROM vocab WHERE rev GLOB ? LIMIT ?').pluck(),
    wordsOfStem: db.prepare('SELECT word FROM vocab WHERE word >= ? AND word < ? AND stem = ?').pluck(),
    // One blob of ids instead of a row each (~0.5 µs per row through the driver): native-extension.ts.
    texts: db
      .prepare(
        "SELECT id, texts, iif(texts = '', json_extract(row, '$.publicationNumber')) FROM docs WHERE id IN (SELECT value FROM json_each(?))",
      )
      .raw(),
    numbersOfIds: db
      .prepare(
        "SELECT id, json_extract(row, '$.publicationNumber') FROM docs WHERE id IN (SELECT value FROM json_each(?))",
      )
      .raw(),
    rows: db.prepare("SELECT id, row, texts = '' FROM docs WHERE id IN (SELECT value FROM json_each(?))").raw(),
    countDocs: db.prepare('SELECT count(*) FROM docs').pluck(),
    versionsOf: db.prepare('SELECT pn, version FROM docs WHERE pn IN (SELECT value FROM json_each(?))').raw(),
    versionsAfter: db.prepare('SELECT pn, version FROM docs WHERE pn > ? ORDER BY pn LIMIT ?').raw(),
  };
}

/** How the query compiler reads the index's vocabulary (wildcards, stems). */
export function compileContextOf(stmt: EngineStatements): CompileContext {
  return {
    expandWord(pattern) {
      // `*conductor` reads the words ending in "conductor" (reversed: a prefix); `*duct*` reads them all.
      const backwards = /^[*?]/.test(pattern) && !/[*?]$/.test(pattern);
      const stems = (
        backwards
          ? stmt.expandWordBackwards.all(reversedWord(pattern), WILDCARD_EXPANSION_LIMIT + 1)
          : stmt.expandWord.all(pattern, WILDCARD_EXPANSION_LIMIT + 1)
      ) as string[];
      return stems.length > WILDCARD_EXPANSION_LIMIT ? undefined : stems;
    },
    // The Porter stemmer keeps a word's first letter, so only words starting with it are read.
    wordsOfStem(stem) {
      const first = stem.slice(0, 1);
      const next = String.fromCharCode(first.charCodeAt(0) + 1);
      return stmt.wordsOfStem.all(first, next, stem) as string[];
    },
  };
}

/** Throws when the caller asked this query to stop (SqliteEngineOptions.shouldStop). */
export function checkStop(state: SqliteEngineState): void {
  if (state.options.shouldStop?.()) throw new EngineError('QUERY_CANCELLED');
}

/** The semantic index, which a read-only engine does not have. */
export function semanticIndexOf(state: SqliteEngineState): SemanticIndex {
  if (!state.semanticIndex) throw new Error('a read-only engine has no semantic index');
  return state.semanticIndex;
}

import Database from 'better-sqlite3';
import { wordVectorEmbedder } from '../../semantic/word-vectors.js';
import { ChangeReader, createChangeLog, trimChangeLog } from './change-log.js';
import { ClauseCache } from './clause-cache.js';
import { loadTexts } from './doc-rows.js';
import { columnsOf } from './engine-columns.js';
import type { SqliteEngineOptions } from './engine-options.js';
import { compileContextOf, prepareEngineStatements, type SqliteEngineState } from './engine-state.js';
import { prepareFtsTables } from './fts-tables.js';
import { INDEX_SCHEMA_VERSION, createIndexSchema, indexIdOf } from './index-schema.js';
import { addMissingSkipData } from './postings/segment-writer.js';
import { IndexWriter, resetFtsConfig } from './index-writer.js';
import { loadNativeExtension } from './native-extension.js';
import {
  keptPostingsOf,
  openOwnPostings,
  postingsModeOf,
  readingModeOf,
  type PostingsMode,
} from './postings/own-match.js';
import { SemanticIndex } from './semantic-index.js';

/** The engine's connection (schema brought up to date unless read-only), its statements, and its columns unless loaded on first use. */
export function openEngineState(options: SqliteEngineOptions): SqliteEngineState {
  const readOnly = options.readOnly === true;
  const db = openConnection(options.file, readOnly, options.postings);
  const stmt = prepareEngineStatements(db);
  const state: SqliteEngineState = {
    options,
    db,
    readOnly,
    changes: new ChangeReader(db),
    writer: new IndexWriter(db),
    semanticIndex: undefined,
    rankLimit: options.rankLimit ?? 10_000,
    loaded: undefined,
    snapshotFile: options.file === ':memory:' ? undefined : `${options.file}.cols`,
    indexId: indexIdOf(db),
    snapshotSeq: undefined,
    rankGeneration: 0,
    clauseCache: new ClauseCache({
      maxBytes: (options.clauseCache?.maxMb ?? 64) * 2 ** 20,
      // Below ~5 ms a condition is found again about as fast as a kept copy is made and held.
      minCostMs: options.clauseCache?.minCostMs ?? 5,
    }),
    withinMemo: undefined,
    ownPostings: openOwnPostings(db),
    postingsMode: readingModeOf(db, postingsModeOf(options.postings)),
    fts: prepareFtsTables(db, options.titleTable ?? true),
    stmt,
    ctx: compileContextOf(stmt),
    scoreBuffer: new Float64Array(0),
    scored: [],
    scoredLists: [],
    setValueScore: undefined,
    setAwardCols: undefined,
    awardsOf: undefined,
  };
  if (!readOnly) {
    state.semanticIndex = new SemanticIndex(
      db,
      options.file,
      options.embedder ?? (options.wordVectors ? wordVectorEmbedder(options.wordVectors) : undefined),
      INDEX_SCHEMA_VERSION,
      (ids) => loadTexts(state, Int32Array.from(ids)),
      options.wordVectors,
    );
  }
  if (options.loadColumns !== 'first-use') columnsOf(state);
  return state;
}

function openConnection(file: string, readOnly: boolean, postings: PostingsMode | undefined): Database.Database {
  const db = new Database(file, { readonly: readOnly });
  loadNativeExtension(db);
  if (file !== ':memory:' && !readOnly) db.pragma('journal_mode = WAL');
  if (!readOnly) db.pragma('synchronous = NORMAL');
  // A bulk load's writer thread has its own connection to the file: wait for it rather than fail.
  db.pragma('busy_timeout = 60000');
  // FTS5 segment merges and the doc lookups of a large index thrash SQLite's default 2 MB page cache.
  // A search worker only reads, and each worker's cache is private memory (the OS file cache is shared): 32 MB.
  db.pragma(readOnly ? 'cache_size = -32768' : 'cache_size = -131072');
  if (!readOnly) {
    createIndexSchema(db, { postings: keptPostingsOf(postingsModeOf(postings)) });
    addMissingSkipData(db);
    createChangeLog(db);
    trimChangeLog(db);
    resetFtsConfig(db);
  }
  return db;
}

import Database from 'better-sqlite3';
import { MAX_ANALYSIS_TOTAL, MAX_PAGE, MAX_PAGE_SIZE, MAX_SORT_TOTAL, type Patent } from '@patlas/contracts';
import { matchAllTerm, parseExpression, type QueryNode, type TermNode } from '@patlas/query';
import { highlightText } from '../../analysis/highlight.js';
import { analyseTerm, type AnalysedTerm } from '../../analysis/query-terms.js';
import { selectPage, type Compare } from '../../ranking/top-k.js';
import type { LegalStatusClass } from '../../aggregation/dimensions.js';
import {
  EngineError,
  MAX_RANKED_NUMBERS,
  type RankedNumbers,
  type RankedNumbersRequest,
  type BulkLoad,
  type CountOptions,
  type FacetField,
  type Facets,
  type IndexOptions,
  type SearchEngine,
  type SearchHit,
  type SearchRequest,
  type SearchResponse,
  type SemanticRequest,
  type SortSpec,
  type TextDoc,
} from '../../search-engine.js';
import { sampleIndexes } from '../../linear-algebra/random.js';
import {
  compileQuery,
  generatorMatch,
  rankExpressions,
  type CompileContext,
  type Plan,
  type StoredTexts,
  hasWideOr,
  type FtsTree,
  titleOnlyMatch,
} from './compile-query.js';
import { aggregateHits, unitCount } from './aggregate.js';
import { ChangeReader, createChangeLog, trimChangeLog } from './change-log.js';
import { readColumnSnapshot, writeColumnSnapshot } from './column-snapshot.js';
import { DocColumns } from './doc-columns.js';
import { BM25_WEIGHTS, FTS_COLUMNS, INDEX_SCHEMA_VERSION, createIndexSchema, indexIdOf } from './index-schema.js';
import { startBulkLoad } from './bulk-load.js';
import { bitsetOf, decodeFtsAverages, idsOfBlob, loadNativeExtension } from './native-extension.js';
import { IndexWriter, prepareDocs, resetFtsConfig, reversedWord, storedTextsOf } from './index-writer.js';
import type { TextEmbedder } from '../../semantic/embedder.js';
import { wordVectorEmbedder, type WordVectors } from '../../semantic/word-vectors.js';
import type { FieldWeights } from '../../semantic/hybrid.js';
import { BoundedCache } from './bounded-cache.js';
import { ClauseCache } from './clause-cache.js';
import { SELECT_VECTORS_SQL, SemanticIndex, storedSimilarities } from './semantic-index.js';
import { prepareSemanticSearch, rankSemantic, semanticSearch } from './semantic-search.js';
import { publicationKey, type DocColumnValues, type DocRow, type IndexablePatent } from './index-tokens.js';

/**
 * Title, abstract and claims of records the app store holds, by publication number as indexed
 * (synchronous: verification reads them in the middle of a query). Records it does not answer
 * read as empty.
 */
export type TextSource = (
  publicationNumbers: readonly string[],
) => Map<string, Pick<Patent, 'title' | 'abstract' | 'claims'>>;

export interface SqliteEngineOptions {
  /** The engine's own SQLite file (WAL), or ':memory:'. */
  readonly file: string;
  /**
   * Relevance ranking budget: BM25 costs ~1 µs per document in FTS5, so at most this many
   * documents are ranked per query (default 10000; measured ~3 µs each with this 32-column table). See rankHits.
   */
  readonly rankLimit?: number;
  /**
   * Answer title-only conditions from the title table (index-schema.ts v9; default true). False
   * reads everything from the main table: the same hits and scores, slower (tests compare the two).
   */
  readonly titleTable?: boolean;
  /** Most hits an analysis may run over (default MAX_ANALYSIS_TOTAL, spec 2 §9); lower only in tests. */
  readonly maxAnalysisTotal?: number;
  /** Semantic vectors from this model instead of the LSA space learned from the corpus. */
  readonly embedder?: TextEmbedder;
  /**
   * The shipped word vectors (data/vectors, issue 24): the text vectors when no `embedder` is
   * given, and always the nearest terms a short query is expanded with.
   */
  readonly wordVectors?: WordVectors;
  /**
   * Where the texts of records indexed with `textsInStore` are read (the app store): the index
   * then keeps no copy of them (~4.5 KB a record with claims). Without it, every record's texts
   * are kept in `docs.texts`.
   */
  readonly textSource?: TextSource;
  /** Analysis threads of a bulk load (default: one per core but one, at most 4). */
  readonly analysisThreads?: number;
  /** When the in-memory columns load: at open (default), or when first read (an import-only process). */
  readonly loadColumns?: 'open' | 'first-use';
  /**
   * A read-only connection to an index another engine writes (a search worker): no schema
   * changes, no writes, no semantic index; index/remove/bulkLoad/semantic calls throw.
   */
  readonly readOnly?: boolean;
  /**
   * Asked between the steps of a query (each FTS5 statement, each chunk of texts verified): true
   * stops it with QUERY_CANCELLED. A search worker's stop flag (search-pool.ts), so a query past its
   * budget ends without the worker being replaced (which reloads the columns).
   */
  readonly shouldStop?: () => boolean;
  /**
   * Costly conditions' hit ids kept between queries while the index stays the same (clause-cache.ts):
   * `maxMb` (default 64; 0 keeps none) and the cost from which a condition is kept (default 5 ms).
   */
  readonly clauseCache?: { readonly maxMb?: number; readonly minCostMs?: number };
}

const WILDCARD_EXPANSION_LIMIT = 1000;
/**
 * Prepared keyword-ranking statements a connection keeps, one per field-weight combination (the
 * weights are written into the SQL): the default 3,3,3,3 and a user's few favourites stay, and a
 * caller cycling through combinations cannot grow the connection's memory (issue 41).
 */
export const KEYWORD_STATEMENTS_KEPT = 16;
/** Hits ranked one statement each (each re-scans its phrases' doclists): only for tiny sets. */
const SMALL_HIT_SET = 100;
/** Publication numbers looked up by one statement (a ranked set: a library, a family, an import). */
const WITHIN_CHUNK = 50_000;
/** Award changes written a transaction at a time (setAwards), with a yield to the event loop between. */
const AWARD_WRITE_BATCH = 500;

function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length && j < b.length) {
    const x = a[i] as number;
    const y = b[j] as number;
    if (x === y) {
      out[n++] = x;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return out.slice(0, n);
}

function union(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let i = 0;
  let j = 0;
  let n = 0;
  while (i < a.length || j < b.length) {
    const x = i < a.length ? (a[i] as number) : Infinity;
    const y = j < b.length ? (b[j] as number) : Infinity;
    if (x === y) {
      out[n++] = x;
      i++;
      j++;
    } else if (x < y) {
      out[n++] = x;
      i++;
    } else {
      out[n++] = y;
      j++;
    }
  }
  return out.slice(0, n);
}

function difference(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length);
  let j = 0;
  let n = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] as number;
    while (j < b.length && (b[j] as number) < x) j++;
    if (j >= b.length || b[j] !== x) out[n++] = x;
  }
  return out.slice(0, n);
}

/**
 * The page under `cmp`. With relevance scores every scored hit sorts before every unscored one, so
 * when the page lies within the scored hits (a few thousand at most, see rankHits) only those are
 * selected from, instead of quickselecting over every hit.
 */
/** Ascending ids of several ascending lists, through a mark per id (linear in ids and in the largest id). */
function unionAll(lists: readonly Int32Array[]): Int32Array {
  if (lists.length === 1) return lists[0] as Int32Array;
  let max = -1;
  for (const l of lists) if (l.length > 0) max = Math.max(max, l[l.length - 1] as number);
  const mark = new Uint8Array(max + 1);
  let count = 0;
  for (const l of lists) {
    for (let i = 0; i < l.length; i++) {
      const id = l[i] as number;
      if (mark[id] === 0) {
        mark[id] = 1;
        count++;
      }
    }
  }
  const out = new Int32Array(count);
  for (let id = 0, k = 0; k < count; id++) if (mark[id] === 1) out[k++] = id;
  return out;
}

function selectRankedPage(
  hits: Int32Array,
  scores: Float64Array | undefined,
  from: number,
  to: number,
  cmp: Compare,
): Int32Array {
  if (scores) {
    const scored = filterIds(hits, (id) => (scores[id] as number) > 0);
    if (scored.length >= to) return selectPage(scored, from, to, cmp);
  }
  return selectPage(hits.slice(), from, to, cmp);
}

function filterIds(ids: Int32Array, keep: (id: number) => boolean): Int32Array {
  const out = new Int32Array(ids.length);
  let n = 0;
  for (let i = 0; i < ids.length; i++) if (keep(ids[i] as number)) out[n++] = ids[i] as number;
  return out.slice(0, n);
}

/** The "every document" condition (matchAllTerm: `CC=*`). */
function isEveryDocument(ast: QueryNode): boolean {
  return ast.kind === 'Term' && ast.field === 'CC' && ast.value === '*' && !ast.phrase;
}

/** Terms whose matches are marked in titles and abstracts (positive text conditions only). */
function highlightTerms(node: QueryNode, negated = false, out: AnalysedTerm[] = []): AnalysedTerm[] {
  const isTitleOrAbstract = (t: TermNode): boolean =>
    ['TI', 'AB', 'TIAB', 'TIABC', 'FT'].includes((t.field ?? 'TIABC').toUpperCase());
  switch (node.kind) {
    case 'Term':
      if (!negated && isTitleOrAbstract(node)) out.push(analyseTerm(node.value, node.phrase));
      break;
    case 'Near':
      if (!negated) {
        for (const t of [node.left, node.right])
          if (isTitleOrAbstract({ ...t, field: node.field ?? t.field })) out.push(analyseTerm(t.value, t.phrase));
      }
      break;
    case 'And':
    case 'Or':
      for (const c of node.children) highlightTerms(c, negated, out);
      break;
    case 'Not':
      highlightTerms(node.child, !negated, out);
      break;
    default:
      break;
  }
  return out;
}

export function createSqliteEngine(options: SqliteEngineOptions): SearchEngine {
  const options_ = options;
  const readOnly = options.readOnly === true;
  const db = new Database(options.file, { readonly: readOnly });
  loadNativeExtension(db);
  if (options.file !== ':memory:' && !readOnly) db.pragma('journal_mode = WAL');
  if (!readOnly) db.pragma('synchronous = NORMAL');
  // A bulk load's writer thread has its own connection to the file: wait for it rather than fail.
  db.pragma('busy_timeout = 60000');
  // FTS5 segment merges and the doc lookups of a large index thrash SQLite's default 2 MB page cache.
  // A search worker only reads, and each worker's cache is private memory (the OS file cache is shared): 32 MB.
  db.pragma(readOnly ? 'cache_size = -32768' : 'cache_size = -131072');
  if (!readOnly) {
    createIndexSchema(db);
    createChangeLog(db);
    trimChangeLog(db);
    resetFtsConfig(db);
  }
  const changes = new ChangeReader(db);
  const writer = new IndexWriter(db);
  const semanticIndex = readOnly
    ? undefined
    : new SemanticIndex(
        db,
        options.file,
        options.embedder ?? (options.wordVectors ? wordVectorEmbedder(options.wordVectors) : undefined),
        INDEX_SCHEMA_VERSION,
        (ids) => loadTexts(Int32Array.from(ids)),
        options.wordVectors,
      );
  const semantic = {
    get index(): SemanticIndex {
      if (!semanticIndex) throw new Error('a read-only engine has no semantic index');
      return semanticIndex;
    },
  };
  const rankLimit = options.rankLimit ?? 10_000;
  /**
   * The in-memory columns, loaded from doc_cols at open or, with `loadColumns: 'first-use'`, by
   * the first call that reads them: an import-only process (the CLI) never holds them, so its
   * memory does not grow with the corpus. Writes update them only once loaded.
   */
  let loaded: DocColumns | undefined;
  /** The column snapshot beside the index file (column-snapshot.ts), and the log position it holds. */
  const snapshotFile = options.file === ':memory:' ? undefined : `${options.file}.cols`;
  const indexId = indexIdOf(db);
  let snapshotSeq: number | undefined;
  const columnsOf = (): DocColumns => {
    if (loaded) return loaded;
    const snapshot =
      snapshotFile && indexId
        ? readColumnSnapshot(snapshotFile, { indexId, indexSchema: INDEX_SCHEMA_VERSION })
        : undefined;
    if (snapshot && changes.resumeAt(snapshot.seq)) {
      snapshotSeq = snapshot.seq;
      loaded = snapshot.columns;
      // What was committed after the snapshot; too much of it (or a rebuild) drops it for a full load.
      applyChanges();
      if (loaded) return loaded;
    }
    const columns = new DocColumns();
    const seq = changes.markLoaded();
    for (const row of db.prepare('SELECT id, cols FROM doc_cols').iterate() as Iterable<{ id: number; cols: string }>) {
      columns.set(row.id, JSON.parse(row.cols) as DocColumnValues);
    }
    loaded = columns;
    saveSnapshot(seq);
    return columns;
  };
  /** Writes the loaded columns beside the index; a reader that cannot write there (read-only folder) goes on without. */
  function saveSnapshot(seq: number): void {
    if (!snapshotFile || !indexId || !loaded) return;
    try {
      writeColumnSnapshot(snapshotFile, loaded, { indexId, indexSchema: INDEX_SCHEMA_VERSION, seq });
      snapshotSeq = seq;
    } catch {
      // The snapshot only saves time at the next open.
    }
  }
  const colsOf = db.prepare('SELECT cols FROM doc_cols WHERE id = ?').pluck();
  if (options.loadColumns !== 'first-use') columnsOf();
  let setPv: Database.Statement | undefined;
  let setAwardCols: Database.Statement | undefined;
  let awardsOf: Database.Statement | undefined;
  /**
   * The change-log position at the last refresh: patlas_bm25 keeps the phrases' document counts
   * while it stays the same (every index write, on any connection, logs its documents).
   */
  let rankGeneration = 0;
  /**
   * The named parameters of the rank statements: the MATCH, the generation, a number, and on the
   * title table the main table's totals.
   */
  function rankArgs(match: string, n?: number): { m: string; g: number; n?: number; nr?: number; nt?: number } {
    const args = n === undefined ? { m: match, g: rankGeneration } : { m: match, g: rankGeneration, n };
    return onTitleTable(match) ? { ...args, ...totalsOfMain() } : args;
  }
  const clauseCache = new ClauseCache({
    maxBytes: (options.clauseCache?.maxMb ?? 64) * 2 ** 20,
    // Below ~5 ms a condition is found again about as fast as a kept copy is made and held.
    minCostMs: options.clauseCache?.minCostMs ?? 5,
  });
  /** The last ranked set looked up: a search reads it twice (its hits, then its scores). */
  let withinMemo: { list: readonly string[]; ids: { ranked: number[]; sorted: Int32Array } } | undefined;

  /**
   * Brings the in-memory columns up to what other connections committed (a bulk load's writer
   * thread, the CLI's import in another process), before every read: without it, documents
   * written elsewhere are hits without columns (no dates, no score slot) until a restart.
   */
  function refresh(): void {
    // A ranked set's ids are kept for one read only (the next may follow a write).
    withinMemo = undefined;
    rankGeneration = changes.latest();
    clauseCache.useGeneration(rankGeneration);
    if (loaded) applyChanges();
  }

  /** Applies to the loaded columns what the change log holds past them, or drops them for a full load. */
  function applyChanges(): void {
    if (!loaded) return;
    const changed = changes.poll();
    if (changed.kind === 'none') return;
    if (changed.kind === 'all') {
      loaded = undefined;
      return;
    }
    // One document read back costs ~8 times its share of a full load: past that, load everything.
    if (changed.ids.length > loaded.aliveCount / 8 + 1000) {
      loaded = undefined;
      return;
    }
    for (const id of changed.ids) {
      const cols = colsOf.get(id) as string | undefined;
      if (cols === undefined) loaded.delete(id);
      else loaded.set(id, JSON.parse(cols) as DocColumnValues);
    }
    for (const [id, score] of changed.scores) loaded.setValueScore(id, score);
  }

  const weights = BM25_WEIGHTS.join(', ');
  /**
   * The statements that read one FTS5 table: `fts`, or `fts_title` for a MATCH that only title
   * columns can satisfy (titleOnlyMatch; index-schema.ts v9). On the title table the score is
   * patlas_title_bm25, which takes the main table's totals (:nr, :nt) and row lengths, so a
   * document scores the same on either table.
   */
  function ftsStatements(table: 'fts' | 'fts_title') {
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
  const useTitleTable = options.titleTable ?? true;
  const mainFts = ftsStatements('fts');
  // Prepared on first use: a read-only engine may open a file of an older schema, without the table.
  let titleFts: ReturnType<typeof ftsStatements> | null | undefined;
  // A rank statement asks twice for one MATCH (its arguments, then its table): the last answer is kept.
  let lastMatch: string | undefined;
  let lastTitleOnly = false;
  /** True when the title table answers this MATCH: only title columns can satisfy it. */
  function onTitleTable(match: string): boolean {
    if (!useTitleTable) return false;
    if (match !== lastMatch) {
      lastTitleOnly = titleOnlyMatch(match);
      lastMatch = match;
    }
    if (!lastTitleOnly) return false;
    if (titleFts === undefined) {
      try {
        titleFts = ftsStatements('fts_title');
      } catch {
        titleFts = null;
      }
    }
    return titleFts !== null;
  }
  function ftsFor(match: string): ReturnType<typeof ftsStatements> {
    return onTitleTable(match) && titleFts ? titleFts : mainFts;
  }
  type RowsStatement = Exclude<
    keyof ReturnType<typeof ftsStatements>,
    'rankOne' | 'match' | 'nearMatch' | 'countMatch' | 'countUpTo'
  >;
  /** Rows (id, score) of a rank statement, on the table its MATCH (`args.m`) belongs to. */
  function rankRows(
    kind: RowsStatement,
    args: { readonly m: string; readonly [param: string]: unknown },
  ): [number, number][] {
    return ftsFor(args.m)[kind].all(args) as [number, number][];
  }
  function rankOne(args: { m: string }): number | undefined {
    return ftsFor(args.m).rankOne.get(args) as number | undefined;
  }
  const readTotals = db.prepare('SELECT block FROM fts_data WHERE id = 1').pluck();
  /** The main table's row count and token total (FTS5's averages record), per generation. */
  let mainTotals: { generation: number; nr: number; nt: number } | undefined;
  function totalsOfMain(): { nr: number; nt: number } {
    if (mainTotals?.generation !== rankGeneration) {
      const { rows, tokens } = decodeFtsAverages(readTotals.get() as Buffer | undefined);
      mainTotals = { generation: rankGeneration, nr: rows, nt: tokens };
    }
    return mainTotals;
  }

  const stmt = {
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

  const ctx: CompileContext = {
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

  /**
   * One score array for every search (8 MB at 1M documents: allocating and zeroing it per query
   * was most of a small query's cost). search() runs synchronously from compile to page, and
   * clears the entries it wrote before returning (releaseScores).
   */
  let scoreBuffer = new Float64Array(0);
  const scored: number[] = [];
  function takeScores(): Float64Array {
    const capacity = columnsOf().capacity;
    if (scoreBuffer.length < capacity) scoreBuffer = new Float64Array(capacity);
    return scoreBuffer;
  }
  function setScore(scores: Float64Array, id: number, score: number): void {
    scores[id] = score;
    scored.push(id);
  }
  function releaseScores(): void {
    for (const id of scored) scoreBuffer[id] = 0;
    scored.length = 0;
  }

  /** Throws when the caller asked this query to stop (SqliteEngineOptions.shouldStop). */
  function checkStop(): void {
    if (options_.shouldStop?.()) throw new EngineError('QUERY_CANCELLED');
  }

  function runMatch(match: string): Int32Array {
    checkStop();
    return clauseCache.idsOf(match, () => {
      try {
        return idsOfBlob(ftsFor(match).match.get(match) as Buffer | null);
      } catch (err) {
        // Our compiler only emits valid FTS5; an error here is a bug, reported with the expression.
        throw new EngineError('QUERY_UNSUPPORTED', { match, reason: (err as Error).message });
      }
    });
  }

  /** The number of documents a MATCH yields: the kept hits' count when they are kept, else FTS5's. */
  function countOf(match: string): number {
    checkStop();
    return clauseCache.countOf(match, () => ftsFor(match).countMatch.get(match) as number);
  }

  /**
   * A merged MATCH with a wide OR in it, evaluated one condition at a time: FTS5 compares all k
   * children of an OR node at every row it yields (a 2000-character landscape expression has two
   * ORs of 90 words), while k statements and a union cost the postings once. Parts without a wide
   * OR stay one MATCH.
   */
  function evaluateTree(tree: FtsTree): Int32Array {
    const children = tree.children ?? [];
    if (!tree.op || !hasWideOr(tree)) return runMatch(tree.match);
    if (tree.op === 'or') return unionAll(children.map(evaluateTree));
    if (tree.op === 'not')
      return difference(evaluateTree(children[0] as FtsTree), evaluateTree(children[1] as FtsTree));
    const parts = children.map(evaluateTree).sort((a, b) => a.length - b.length);
    return parts.reduce(intersect);
  }

  /** Stored texts of documents: the index's copy, or the app store's record (textSource). */
  function loadTexts(ids: Int32Array): Map<number, StoredTexts> {
    const out = new Map<number, StoredTexts>();
    for (let i = 0; i < ids.length; i += 500) {
      checkStop();
      const chunk = JSON.stringify(Array.from(ids.subarray(i, i + 500)));
      const fromStore = new Map<string, number>();
      for (const [id, texts, pn] of stmt.texts.all(chunk) as [number, string, string | null][]) {
        if (texts) out.set(id, JSON.parse(texts) as StoredTexts);
        else if (pn !== null) fromStore.set(pn, id);
      }
      if (fromStore.size === 0) continue;
      const records = options_.textSource?.([...fromStore.keys()]) ?? new Map();
      for (const [pn, id] of fromStore) out.set(id, storedTextsOf(records.get(pn) ?? {}));
    }
    return out;
  }

  function evaluate(plan: Plan): Int32Array {
    checkStop();
    switch (plan.kind) {
      case 'none':
        return new Int32Array(0);
      case 'fts':
        return plan.tree && hasWideOr(plan.tree) ? evaluateTree(plan.tree) : runMatch(plan.match);
      case 'verify': {
        if ('positions' in plan) {
          const { leftUnits, rightUnits, gap, ordered } = plan.positions;
          checkStop();
          return clauseCache.idsOf(
            `near\u0000${plan.match}\u0000${leftUnits}\u0000${rightUnits}\u0000${gap}\u0000${ordered}`,
            () =>
              idsOfBlob(
                ftsFor(plan.match).nearMatch.get(
                  plan.match,
                  leftUnits,
                  rightUnits,
                  gap,
                  ordered ? 1 : 0,
                ) as Buffer | null,
              ),
          );
        }
        const candidates = runMatch(plan.match);
        const texts = loadTexts(candidates);
        let checked = 0;
        return filterIds(candidates, (id) => {
          if (++checked % 256 === 0) checkStop();
          const t = texts.get(id);
          return t !== undefined && plan.check(t);
        });
      }
      case 'award':
        return columnsOf().awardIds(plan.test);
      case 'column':
        return columnsOf().idsWhere(plan.field, plan.accept);
      case 'range':
        return filterIds(
          columnsOf().allIds(),
          columnsOf().rangePredicate(plan.column, plan.from, plan.to, plan.includeFrom, plan.includeTo),
        );
      case 'not':
        return difference(columnsOf().allIds(), evaluate(plan.child));
      case 'or':
        return plan.children.map(evaluate).reduce(union);
      case 'and': {
        const generators = plan.children.filter((c) => c.kind !== 'range' && c.kind !== 'not');
        let ids = generators.length === 0 ? columnsOf().allIds() : generators.map(evaluate).reduce(intersect);
        for (const c of plan.children) {
          if (c.kind === 'range')
            ids = filterIds(ids, columnsOf().rangePredicate(c.column, c.from, c.to, c.includeFrom, c.includeTo));
          else if (c.kind === 'not' && c.child.kind === 'range') {
            const r = c.child;
            const inRange = columnsOf().rangePredicate(r.column, r.from, r.to, r.includeFrom, r.includeTo);
            ids = filterIds(ids, (id) => !inRange(id));
          } else if (c.kind === 'not') ids = difference(ids, evaluate(c.child));
        }
        return ids;
      }
    }
  }

  /**
   * Hits of a query after scope and facet filters, ascending ids. With `wantScores`, a single text
   * term with at most `rankLimit` hits is read and scored by one bm25() statement (its rank
   * expression matches exactly its hits, see isSingleTerm), instead of one statement for the ids
   * and another for the scores; the scores are those rankHits would give.
   */
  function hitsOf(
    ast: QueryNode,
    options: CountOptions,
    wantScores = false,
    plan: Plan = compileQuery(ast, ctx),
  ): { plan: Plan; hits: Int32Array; scores?: Float64Array } {
    let hits: Int32Array | undefined;
    let scores: Float64Array | undefined;
    let rows: [number, number][] | undefined;
    // A ranked set brings its own order (searchPage): no term scores to read.
    if (options.within) wantScores = false;
    if (wantScores && isSingleTerm(plan) && countOf(plan.match) <= rankLimit) {
      rows = rankRows('rankAll', rankArgs(rankMatchOf(plan.rank))) as [number, number][];
    } else if (wantScores && plan.kind === 'fts' && plan.narrowed) {
      // Every hit matches the rank expression, so `(rank) AND (match)` returns exactly the hits with
      // the scores rankHits would give, in one statement instead of two (FTS5 evaluates a prefix
      // class condition or a common status once per statement). Past rankLimit rows the set is
      // large after all and takes the general path (the wasted rows are bounded by rankLimit).
      const found = rankRows(
        'rankUpTo',
        rankArgs(`(${rankMatchOf(plan.rank)}) AND (${plan.match})`, rankLimit + 1),
      ) as [number, number][];
      if (found.length <= rankLimit) rows = found;
    }
    if (rows) {
      const s = takeScores();
      const ids = new Int32Array(rows.length);
      rows.forEach(([id, score], i) => {
        setScore(s, id, score);
        ids[i] = id;
      });
      hits = ids.sort();
      scores = s;
    } else if (options.within && isEveryDocument(ast)) {
      // The whole ranked set (no expression within it): no need to evaluate "every document".
      hits = withinIds(options.within).sorted;
    } else {
      hits = evaluate(plan);
    }
    if (options.within && !isEveryDocument(ast)) hits = intersect(hits, withinIds(options.within).sorted);
    if (options.scope) {
      const want = options.scope === 'cn' ? 1 : 2;
      const scope = columnsOf().scope;
      hits = filterIds(hits, (id) => scope[id] === want);
    }
    for (const f of options.filters ?? []) {
      if (f.values.length > 0) hits = filterIds(hits, columnsOf().facetPredicate(f.field, f.values));
    }
    return { plan, hits, ...(scores ? { scores } : {}) };
  }

  /**
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
  function rankTitleNewest(rankMatch: string): [number, number][] {
    return rankRows('rankNewest', rankArgs(`{ti tiw}: (${rankMatch})`, rankLimit)) as [number, number][];
  }

  function rankMatchOf(exprs: readonly string[]): string {
    return exprs.length === 1 ? (exprs[0] as string) : exprs.map((e) => `(${e})`).join(' OR ');
  }

  function rankHits(plan: Plan, hits: Int32Array): Float64Array | undefined {
    checkStop();
    const exprs = rankExpressions(plan);
    if (exprs.length === 0 || hits.length === 0) return undefined;
    const rankMatch = rankMatchOf(exprs);
    const scores = takeScores();
    const fill = (rows: [number, number][]): Float64Array => {
      for (const [id, score] of rows) setScore(scores, id, score);
      return scores;
    };
    // Only hits are scored: the rows of the rank statement outside them cost a bit test, not a bm25().
    const ids = bitsetOf(hits);
    const titleNewest = (): Float64Array =>
      fill(rankRows('rankNewestIn', { ...rankArgs(`{ti tiw}: (${rankMatch})`, rankLimit), ids }) as [number, number][]);
    if (hits.length > rankLimit) return titleNewest();
    const generator = generatorMatch(plan);
    if (generator !== undefined)
      return fill(rankRows('rankIn', { ...rankArgs(`(${rankMatch}) AND (${generator})`), ids }) as [number, number][]);
    if (countOf(rankMatch) <= rankLimit)
      return fill(rankRows('rankIn', { ...rankArgs(rankMatch), ids }) as [number, number][]);
    if (hits.length <= SMALL_HIT_SET) {
      for (const id of hits) {
        checkStop();
        setScore(scores, id, (rankOne(rankArgs(rankMatch, id)) as number | undefined) ?? 0);
      }
      return scores;
    }
    return titleNewest();
  }

  /**
   * One text term: every document matching its rank expression is a hit and the reverse (the rank
   * expression is the term's own condition plus its jieba title word, whose documents contain the
   * term in the title).
   */
  function isSingleTerm(plan: Plan): plan is Extract<Plan, { kind: 'fts' }> {
    return (
      plan.kind === 'fts' && plan.rank[0] === plan.match && plan.rank.slice(1).every((r) => r.startsWith('{tiw}: '))
    );
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
  function ftsPage(
    plan: Plan,
    request: SearchRequest,
    from: number,
    to: number,
  ): { total: number; pageIds: Int32Array; scores: Float64Array } | undefined {
    if (plan.kind !== 'fts' || !plan.ranked || plan.narrowed) return undefined;
    if (request.scope || request.merge || request.facets?.length || request.within) return undefined;
    if (request.filters?.some((f) => f.values.length > 0)) return undefined;
    const { match: ftsMatch, rank } = plan;
    const single = isSingleTerm(plan);
    // Beyond rankLimit only a single term has a fast page: otherwise stop counting there.
    const total = single ? countOf(ftsMatch) : (ftsFor(ftsMatch).countUpTo.get(ftsMatch, rankLimit + 1) as number);
    const rankMatch = rankMatchOf(rank);
    let rows: [number, number][];
    if (total <= rankLimit) {
      const match = single ? rankMatch : `(${rankMatch}) AND (${ftsMatch})`;
      rows = rankRows('rankTop', rankArgs(match, to + 1)) as [number, number][];
      const last = rows[to - 1];
      if (last && rows[to]?.[1] === last[1])
        rows = rankRows('rankAtLeast', rankArgs(match, last[1])) as [number, number][];
    } else {
      if (!single) return undefined;
      rows = rankTitleNewest(rankMatch);
      if (rows.length < to) return undefined;
    }
    const scores = takeScores();
    const ids = new Int32Array(rows.length);
    rows.forEach(([id, score], i) => {
      setScore(scores, id, score);
      ids[i] = id;
    });
    return { total, pageIds: selectPage(ids, from, to, comparator({ field: 'relevance' }, scores)), scores };
  }

  function comparator(sort: SortSpec, scores: Float64Array | undefined): Compare {
    const pd = columnsOf().ranges.pd;
    const tie = (a: number, b: number): number => (pd[b] as number) - (pd[a] as number) || b - a;
    const dir = sort.order === 'asc' ? 1 : -1;
    const keyed = (arr: Int32Array | Float64Array, missing: (v: number) => boolean): Compare => {
      return (a, b) => {
        const x = arr[a] as number;
        const y = arr[b] as number;
        const mx = missing(x);
        const my = missing(y);
        if (mx || my) return mx === my ? tie(a, b) : mx ? 1 : -1;
        return x === y ? tie(a, b) : (x < y ? -1 : 1) * dir;
      };
    };
    const r = columnsOf().ranges;
    switch (sort.field) {
      case 'relevance':
        return scores ? (a, b) => (scores[b] as number) - (scores[a] as number) || tie(a, b) : tie;
      case 'AD':
        return keyed(r.ad, (v) => v === 0);
      case 'PD':
        return keyed(r.pd, (v) => v === 0);
      case 'GD':
        return keyed(r.gd, (v) => v === 0);
      case 'PRD':
        return keyed(r.prd, (v) => v === 0);
      case 'citedBy':
        return keyed(r.citedn, (v) => v < 0);
      case 'familySize':
        return keyed(r.famn, (v) => v < 0);
      case 'value':
        return keyed(r.pv, (v) => Number.isNaN(v));
    }
  }

  /** One representative per group (the best under `cmp`); documents without a key stand alone. */
  function mergeHits(hits: Int32Array, merge: number, cmp: Compare): Int32Array {
    if (!merge) return hits;
    const groups = merge === 1 ? columnsOf().anGroup : columnsOf().famGroup;
    const best = new Map<number, number>();
    const out: number[] = [];
    for (const id of hits) {
      const g = groups[id] as number;
      if (g === 0) {
        out.push(id);
        continue;
      }
      const cur = best.get(g);
      if (cur === undefined || cmp(id, cur) < 0) best.set(g, id);
    }
    for (const id of best.values()) out.push(id);
    return Int32Array.from(out).sort();
  }

  /**
   * Result rows of documents. A record whose texts the store holds has its abstract there too
   * (prepareDocs): read back unless `withAbstract` is false (callers that show no abstract).
   */
  function loadRows(ids: readonly number[], withAbstract = true): Map<number, DocRow> {
    const out = new Map<number, DocRow>();
    const fromStore = new Map<string, number>();
    for (const [id, json, inStore] of stmt.rows.all(JSON.stringify(ids)) as [number, string, number][]) {
      const row = JSON.parse(json) as DocRow;
      out.set(id, row);
      if (inStore && withAbstract) fromStore.set(row.publicationNumber, id);
    }
    if (fromStore.size > 0 && options_.textSource) {
      for (const [pn, record] of options_.textSource([...fromStore.keys()])) {
        const id = fromStore.get(pn);
        const row = id === undefined ? undefined : out.get(id);
        if (id !== undefined && row && record.abstract) out.set(id, { ...row, abstract: record.abstract.text });
      }
    }
    return out;
  }

  function pageItems(
    pageIds: Int32Array,
    rows: Map<number, DocRow>,
    scores: Float64Array | undefined,
    terms: AnalysedTerm[],
    highlight: boolean | undefined,
  ): SearchHit[] {
    const items: SearchHit[] = [];
    for (const id of pageIds) {
      const row = rows.get(id);
      if (!row) continue;
      let highlights: SearchHit['highlights'];
      if (highlight) {
        const title = row.title ? highlightText(row.title, terms) : undefined;
        const abstract = row.abstract ? highlightText(row.abstract, terms) : undefined;
        highlights = { ...(title ? { title } : {}), ...(abstract ? { abstract } : {}) };
      }
      // Read from the in-memory columns, so indexes written before these fields existed show them too.
      const provinces = columnsOf().valuesOf('applicantProvince', id);
      const statusClass = columnsOf().valueOf('legalStatusClass', id) as LegalStatusClass | undefined;
      const valueScore = columnsOf().ranges.pv[id] as number;
      items.push({
        ...row,
        ...(statusClass ? { legalStatusClass: statusClass } : {}),
        ...(Number.isNaN(valueScore) ? {} : { valueScore }),
        ...(provinces.length > 0 ? { applicantProvinces: provinces } : {}),
        score: scores ? (scores[id] as number) : 0,
        ...(highlights ? { highlights } : {}),
      });
    }
    return items;
  }

  function facetCounts(hits: Int32Array, fields: readonly FacetField[], limit: number): Facets {
    const facets: Facets = {};
    for (const f of fields) facets[f] = columnsOf().countFacet(f, hits, limit);
    return facets;
  }

  /** The ids of a ranked set: in rank order (unknown numbers left out) and ascending. */
  function withinIds(publicationNumbers: readonly string[]): { ranked: number[]; sorted: Int32Array } {
    if (withinMemo?.list === publicationNumbers) return withinMemo.ids;
    const ids = lookUpWithin(publicationNumbers);
    withinMemo = { list: publicationNumbers, ids };
    return ids;
  }

  function lookUpWithin(publicationNumbers: readonly string[]): { ranked: number[]; sorted: Int32Array } {
    const keys = publicationNumbers.map(publicationKey);
    // One statement per 50,000 numbers instead of one per number: a 30,000-patent library's ids
    // in ~20 ms rather than ~70 ms at 1M documents.
    const idOfKey = new Map<string, number>();
    for (let at = 0; at < keys.length; at += WITHIN_CHUNK) {
      const rows = stmt.idsByPns.all(JSON.stringify(keys.slice(at, at + WITHIN_CHUNK))) as [string, number][];
      for (const [pn, id] of rows) idOfKey.set(pn, id);
    }
    const seen = new Set<number>();
    const ranked: number[] = [];
    for (const key of keys) {
      const id = idOfKey.get(key);
      if (id !== undefined && !seen.has(id)) {
        seen.add(id);
        ranked.push(id);
      }
    }
    return { ranked, sorted: Int32Array.from(ranked).sort() };
  }

  /** Relevance scores of a ranked set: the first of n scores n, the last 1. */
  function setScores(publicationNumbers: readonly string[]): Float64Array {
    const { ranked } = withinIds(publicationNumbers);
    const scores = takeScores();
    ranked.forEach((id, i) => setScore(scores, id, ranked.length - i));
    return scores;
  }

  function idsOf(publicationNumbers: readonly string[]): (number | undefined)[] {
    return writer.idsOf(publicationNumbers);
  }

  /**
   * Ranks [from, to) of a search's ordered result set: FTS5's own top-k when it applies (a plain
   * ranked text query), else every hit scored or sorted and the window selected.
   */
  function rankedWindow(
    request: CountOptions & { ast: QueryNode; sort?: SortSpec; facets?: readonly FacetField[]; facetLimit?: number },
    from: number,
    to: number,
  ): { total: number; pageIds: Int32Array; scores: Float64Array | undefined; facets: Facets } {
    const sort = request.sort ?? { field: 'relevance' };
    const compiled = compileQuery(request.ast, ctx);
    const fast = sort.field === 'relevance' ? ftsPage(compiled, request, from, to) : undefined;
    if (fast) return { ...fast, facets: {} };
    const { plan, hits, scores: termScores } = hitsOf(request.ast, request, sort.field === 'relevance', compiled);
    if (sort.field !== 'relevance' && hits.length > MAX_SORT_TOTAL) {
      throw new EngineError('SORT_TOO_MANY_HITS', { total: hits.length, max: MAX_SORT_TOTAL });
    }
    const facets = request.facets?.length ? facetCounts(hits, request.facets, request.facetLimit ?? 50) : {};
    let scores: Float64Array | undefined;
    if (sort.field === 'relevance')
      scores = request.within ? setScores(request.within) : (termScores ?? rankHits(plan, hits));
    const cmp = comparator(sort, scores);
    const merged = mergeHits(hits, request.merge ?? 0, cmp);
    const pageIds = selectRankedPage(merged, scores, from, to, cmp);
    return { total: merged.length, pageIds, scores, facets };
  }

  function searchPage(request: SearchRequest): SearchResponse {
    const page = request.page ?? 1;
    const pageSize = request.pageSize ?? 20;
    if (!Number.isInteger(page) || page < 1) throw new EngineError('PAGE_TOO_DEEP', { page });
    if (page > MAX_PAGE) throw new EngineError('PAGE_TOO_DEEP', { page, max: MAX_PAGE });
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
      throw new EngineError('PAGE_SIZE_INVALID', { pageSize, max: MAX_PAGE_SIZE });
    }
    const { total, pageIds, scores, facets } = rankedWindow(request, (page - 1) * pageSize, page * pageSize);
    const rows = loadRows(Array.from(pageIds));
    const terms = request.highlight ? highlightTerms(request.ast) : [];
    return { total, items: pageItems(pageIds, rows, scores, terms, request.highlight), facets };
  }

  function rankedNumbers(request: RankedNumbersRequest): RankedNumbers {
    const { offset, limit } = request;
    if (!Number.isInteger(offset) || offset < 0) throw new EngineError('PAGE_TOO_DEEP', { page: offset });
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_RANKED_NUMBERS) {
      throw new EngineError('PAGE_SIZE_INVALID', { pageSize: limit, max: MAX_RANKED_NUMBERS });
    }
    const { total, pageIds } = rankedWindow(request, offset, offset + limit);
    // The numbers as the records write them, read in SQLite (json_extract), not parsed in JS.
    const numberOf = new Map<number, string>();
    for (let at = 0; at < pageIds.length; at += WITHIN_CHUNK) {
      const chunk = JSON.stringify(Array.from(pageIds.subarray(at, at + WITHIN_CHUNK)));
      for (const [id, pn] of stmt.numbersOfIds.all(chunk) as [number, string][]) numberOf.set(id, pn);
    }
    const publicationNumbers: string[] = [];
    for (const id of pageIds) {
      const pn = numberOf.get(id);
      if (pn !== undefined) publicationNumbers.push(pn);
    }
    return { total, publicationNumbers };
  }

  /** Only an engine with a text source leaves texts out of the index. */
  const textsInStore = (o: IndexOptions | undefined): boolean => Boolean(o?.textsInStore && options_.textSource);

  /** Hits of a set to analyse (after scope and filters), refused above the analysis limit. */
  function analysableHits(ast: QueryNode, options: CountOptions): Int32Array {
    const { hits } = hitsOf(ast, options);
    const max = options_.maxAnalysisTotal ?? MAX_ANALYSIS_TOTAL;
    if (hits.length > max) throw new EngineError('ANALYSIS_TOO_MANY', { total: hits.length, max });
    return hits;
  }

  /** Hits of an analysed set (after scope, filters and merge), refused above the analysis limit. */
  function analysedHits(ast: QueryNode, options: CountOptions): { hits: Int32Array; merged: Int32Array } {
    const hits = analysableHits(ast, options);
    const merged = options.merge ? mergeHits(hits, options.merge, comparator({ field: 'PD' }, undefined)) : hits;
    return { hits, merged };
  }

  /** The analyses of one result set: its hits are found once, then counted per spec. */
  const aggregateEach: SearchEngine['aggregateEach'] = async (ast, specs, options = {}) => {
    refresh();
    const hits = analysableHits(ast, options);
    const merge = options.merge ?? 0;
    const rowsOf = (ids: number[]) => {
      const rows = loadRows(ids, false);
      return new Map(
        [...rows].map(([id, r]) => [
          id,
          { publicationNumber: r.publicationNumber, ...(r.title ? { title: r.title } : {}) },
        ]),
      );
    };
    const answers = specs.map((spec) => aggregateHits(columnsOf(), hits, merge, spec, rowsOf));
    const total = answers[0]?.total ?? unitCount(columnsOf(), hits, merge);
    return { total, results: answers.map((a) => a.result) };
  };

  // One statement per field-weight combination asked (weights 0–99 each): the recent ones only.
  const keywordStatements = new BoundedCache<string, Database.Statement>(KEYWORD_STATEMENTS_KEPT);
  let vectorStatement: Database.Statement | undefined;
  const semanticHost = {
    get semantic(): SemanticIndex {
      return semantic.index;
    },
    allowedIds(request: SemanticRequest): Int32Array | undefined {
      if (!request.filter && !request.scope) return undefined;
      const ast = request.filter ?? matchAllTerm();
      return hitsOf(ast, request.scope ? { scope: request.scope } : {}).hits;
    },
    keywordRanking(expression: string, weights: FieldWeights, limit: number): [number, number][] {
      const parsed = parseExpression(expression);
      if (!parsed.ok) return [];
      const exprs = rankExpressions(compileQuery(parsed.ast, ctx));
      if (exprs.length === 0) return [];
      // The field weights of bm25() scaled by the user's (3 is neutral); other columns are not matched.
      const factor: Partial<Record<string, number>> = {
        ti: weights[0] / 3,
        tiw: weights[0] / 3,
        ab: weights[1] / 3,
        clm: weights[2] / 3,
        desc: weights[3] / 3,
      };
      const w = FTS_COLUMNS.map((c, i) => ((BM25_WEIGHTS[i] as number) * (factor[c] ?? 0)).toFixed(4)).join(', ');
      const statement = keywordStatements.getOrCreate(w, () =>
        db
          .prepare(`SELECT rowid, -patlas_bm25(fts, :m, :g, ${w}) FROM fts WHERE fts MATCH :m ORDER BY 2 DESC LIMIT :n`)
          .raw(),
      );
      return statement.all(rankArgs(rankMatchOf(exprs), limit)) as [number, number][];
    },
    similarities(query: Float32Array, ids: readonly number[], weights: FieldWeights, dims: number) {
      if (semanticIndex) return semanticIndex.similarities(query, ids, weights);
      // A search worker's read-only connection reads the vectors the writer stored.
      if (!vectorStatement) {
        const hasVectors = db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'sem_vecs'").get();
        if (!hasVectors) return new Map<number, number>();
        vectorStatement = db.prepare(SELECT_VECTORS_SQL).raw();
      }
      return storedSimilarities(vectorStatement, query, ids, weights, dims);
    },
    loadRows,
  };

  const engine: SearchEngine = {
    async index(docs, indexOptions) {
      const { batch, analysed } = prepareDocs(docs as readonly IndexablePatent[], {
        textsInStore: textsInStore(indexOptions),
      });
      const ids = writer.write(batch);
      trimChangeLog(db);
      ids.forEach((id, i) => loaded?.set(id, (analysed[i] as (typeof analysed)[number]).cols));
      await semantic.index.add(ids.map((id, i) => ({ id, texts: (analysed[i] as (typeof analysed)[number]).texts })));
    },

    bulkLoad(indexOptions) {
      if (options_.file === ':memory:') return inThreadBulkLoad(engine, indexOptions);
      const load = startBulkLoad({
        file: options_.file,
        ...(options_.analysisThreads ? { analysisThreads: options_.analysisThreads } : {}),
        textsInStore: textsInStore(indexOptions),
        async written(docs, cols, ids, removed) {
          for (const id of removed) loaded?.delete(id);
          semantic.index.remove(removed);
          if (loaded) ids.forEach((id, i) => loaded?.set(id, JSON.parse(cols[i] as string) as DocColumnValues));
          if (indexOptions?.embedLater) semantic.index.defer(ids);
          else if (semantic.index.ready)
            await semantic.index.add(ids.map((id, i) => ({ id, texts: storedTextsOf(docs[i] ?? {}) })));
        },
      });
      return {
        index: (docs, options) => load.index(docs, options),
        finish: () => load.finish().finally(() => trimChangeLog(db)),
      };
    },

    async remove(publicationNumbers) {
      const ids = writer.remove(publicationNumbers);
      trimChangeLog(db);
      for (const id of ids) loaded?.delete(id);
      semantic.index.remove(ids);
      return ids.length;
    },

    async search(request: SearchRequest): Promise<SearchResponse> {
      refresh();
      try {
        return searchPage(request);
      } finally {
        releaseScores();
      }
    },

    async rankedNumbers(request) {
      refresh();
      try {
        return rankedNumbers(request);
      } finally {
        releaseScores();
      }
    },

    async count(ast, options = {}) {
      refresh();
      const { hits } = hitsOf(ast, options);
      if (!options.merge) return hits.length;
      return mergeHits(hits, options.merge, comparator({ field: 'PD' }, undefined)).length;
    },

    async aggregate(ast, spec, options = {}) {
      const { total, results } = await aggregateEach(ast, [spec], options);
      return { total, result: results[0]! };
    },

    aggregateEach,

    async texts(ast, options, sample) {
      refresh();
      const { merged } = analysedHits(ast, options);
      const picked =
        merged.length > sample.limit
          ? Int32Array.from(
              sampleIndexes(merged.length, sample.limit, sample.seed ?? 1),
              (i) => merged[i] as number,
            ).sort()
          : merged;
      const docs: TextDoc[] = [];
      for (let i = 0; i < picked.length; i += 500) {
        const rows = loadRows(Array.from(picked.subarray(i, i + 500)));
        for (const id of picked.subarray(i, i + 500)) {
          const row = rows.get(id);
          if (!row) continue;
          docs.push({
            publicationNumber: row.publicationNumber,
            ...(row.title ? { title: row.title } : {}),
            ...(row.abstract ? { abstract: row.abstract } : {}),
            applicants: row.applicants,
            ...(row.ipcMain ? { ipcMain: row.ipcMain } : {}),
            ...(row.applicationDate ? { applicationDate: row.applicationDate } : {}),
            ...(row.publicationDate ? { publicationDate: row.publicationDate } : {}),
          });
        }
      }
      return { total: merged.length, sampled: picked.length < merged.length, docs };
    },

    async countEach(ast, conditions, options = {}) {
      refresh();
      // Unmerged hits: each condition's share is merged on its own below.
      const hits = analysableHits(ast, options);
      const byPd = comparator({ field: 'PD' }, undefined);
      return conditions.map((condition) => {
        // The condition's own hits give both numbers: one FTS evaluation per condition, read
        // from the live index (so document frequencies follow every index change).
        const matching = evaluate(compileQuery(condition, ctx));
        const inSet = intersect(hits, matching);
        return {
          set: options.merge ? mergeHits(inSet, options.merge, byPd).length : inSet.length,
          corpus: matching.length,
        };
      });
    },

    async facets(ast, fields, options = {}) {
      refresh();
      const { hits } = hitsOf(ast, options);
      return facetCounts(hits, fields, options.limit ?? 50);
    },

    async get(publicationNumbers) {
      refresh();
      const ids = idsOf(publicationNumbers);
      const rows = loadRows(ids.filter((x): x is number => x !== undefined));
      return ids.flatMap((id) => {
        const row = id === undefined ? undefined : rows.get(id);
        return row ? [{ ...row, score: 0 }] : [];
      });
    },

    async expandFamily(publicationNumbers) {
      refresh();
      const ids = idsOf(publicationNumbers).filter((x): x is number => x !== undefined);
      const columns = columnsOf();
      const groups = new Set(ids.map((id) => columns.famGroup[id] as number).filter((g) => g !== 0));
      const found = new Set<number>(ids);
      const memberNumbers: string[] = [];
      for (const g of groups) memberNumbers.push(...(columns.familyMembers.get(g) ?? []));
      for (let id = 0; id < columns.capacity; id++) {
        if (columns.alive[id] && groups.has(columns.famGroup[id] as number)) found.add(id);
      }
      for (const id of idsOf(memberNumbers)) if (id !== undefined) found.add(id);
      const rows = loadRows([...found], false);
      return [...found]
        .sort((a, b) => a - b)
        .flatMap((id) => (rows.get(id) ? [(rows.get(id) as DocRow).publicationNumber] : []));
    },

    async semanticSearch(request) {
      refresh();
      return semanticSearch(semanticHost, request);
    },

    async prepareSemantic(request) {
      return prepareSemanticSearch(semantic.index, request);
    },

    async rankSemantic(request, prepared) {
      refresh();
      return rankSemantic(semanticHost, request, prepared);
    },

    async buildSemanticModel(buildOptions) {
      return semantic.index.build(buildOptions);
    },

    async fillSemantic(signal) {
      return semantic.index.fill(signal);
    },

    semanticStatus() {
      return semanticIndex?.status() ?? { model: null, dims: 0, vectors: 0, trainedOn: 0, building: false };
    },

    async size() {
      refresh();
      // A process that never read the columns (the CLI, the HTTP thread beside search workers) counts the rows instead of loading them.
      return loaded ? loaded.aliveCount : (stmt.countDocs.get() as number);
    },

    async versions(request) {
      const rows =
        'keys' in request
          ? (stmt.versionsOf.all(JSON.stringify(request.keys)) as [string, string | null][])
          : (stmt.versionsAfter.all(request.after, request.limit) as [string, string | null][]);
      return rows.map(([key, version]) => ({ key, version }));
    },

    async identity() {
      // Read again: a rebuild by another connection gives the file a new id.
      return { id: indexIdOf(db) ?? '', writes: changes.latest() };
    },

    async removeKeys(keys) {
      const ids = writer.removeKeys(keys);
      trimChangeLog(db);
      for (const id of ids) loaded?.delete(id);
      semantic.index.remove(ids);
      return ids.length;
    },

    async setValueScores(scores) {
      if (readOnly) throw new Error('a read-only engine cannot write');
      setPv ??= db.prepare("UPDATE doc_cols SET cols = json_set(cols, '$.pv', ?) WHERE id = ?");
      const update = setPv;
      // The in-memory columns only once the writes are committed: a failed batch changes nothing.
      const written = db
        .transaction(() => {
          const done: [number, number][] = [];
          for (const { publicationNumber, valueScore } of scores) {
            const id = stmt.idByPn.get(publicationKey(publicationNumber)) as number | undefined;
            if (id === undefined) continue;
            // Other connections (search workers) read the new score from the change log (a score-only entry).
            update.run(valueScore, id);
            done.push([id, valueScore ?? Number.NaN]);
          }
          return done;
          // IMMEDIATE: it reads before it writes, and must wait for a bulk load's writer rather than fail.
        })
        .immediate();
      trimChangeLog(db);
      for (const [id, value] of written) loaded?.setValueScore(id, value);
      return written.length;
    },

    async setAwards(updates, options = {}) {
      if (readOnly) throw new Error('a read-only engine cannot write');
      setAwardCols ??= db.prepare("UPDATE doc_cols SET cols = json_set(cols, '$.awards', json(?)) WHERE id = ?");
      awardsOf ??= db
        .prepare("SELECT coalesce(json_extract(cols, '$.awards'), '[]') FROM doc_cols WHERE id = ?")
        .pluck();
      const update = setAwardCols;
      const stored = awardsOf;
      // An import-only process (the CLI) holds no columns: it finds the awarded records in the file.
      const holders = (): number[] =>
        loaded
          ? [...loaded.awards.keys()]
          : (db
              .prepare("SELECT id FROM doc_cols WHERE coalesce(json_array_length(cols, '$.awards'), 0) > 0")
              .pluck()
              .all() as number[]);
      const wanted = new Map<number, [string, number | null][]>();
      for (const { publicationNumber, awards } of updates) {
        const id = stmt.idByPn.get(publicationKey(publicationNumber)) as number | undefined;
        if (id === undefined || wanted.has(id)) continue;
        wanted.set(
          id,
          awards.map((a): [string, number | null] => [a.award, a.year ?? null]),
        );
      }
      if (options.replaceAll) for (const id of holders()) if (!wanted.has(id)) wanted.set(id, []);
      // Only the records whose awards change are written, a batch a transaction with a yield between:
      // the whole list in one transaction (every holder rewritten after each import) held the HTTP
      // thread 720 ms on the demo corpus.
      const entries = [...wanted];
      for (let i = 0; i < entries.length; i += AWARD_WRITE_BATCH) {
        const batch = entries.slice(i, i + AWARD_WRITE_BATCH);
        const written = db
          .transaction(() => {
            const done: (typeof entries)[number][] = [];
            for (const [id, values] of batch) {
              const json = JSON.stringify(values);
              if ((stored.get(id) as string | undefined) === json) continue;
              // Other connections (search workers) reload the document's columns from the change log.
              update.run(json, id);
              done.push([id, values]);
            }
            return done;
          })
          // IMMEDIATE: it reads before it writes, and must wait for a bulk load's writer rather than fail.
          .immediate();
        if (written.length > 0) trimChangeLog(db);
        for (const [id, values] of written) loaded?.setAwards(id, values);
        if (i + AWARD_WRITE_BATCH < entries.length) await new Promise<void>((resolve) => setImmediate(resolve));
      }
      return entries.filter(([, values]) => values.length > 0).length;
    },

    async close() {
      // Columns that moved past their snapshot are written again, so the next open starts from them.
      if (loaded && snapshotFile) {
        const last = changes.latest();
        if (last !== snapshotSeq) {
          // `last` is read first: once applied, the columns reflect at least that far (own writes included).
          applyChanges();
          saveSnapshot(last);
        }
      }
      semanticIndex?.close();
      db.close();
    },
  };
  return engine;
}

/** A bulk load in the caller's thread: an in-memory index has no file a writer thread could open. */
function inThreadBulkLoad(engine: SearchEngine, options: IndexOptions | undefined): BulkLoad {
  return {
    async index(docs, { remove = [] } = {}) {
      if (remove.length > 0) await engine.remove(remove);
      await engine.index(docs, options);
    },
    async finish() {},
  };
}

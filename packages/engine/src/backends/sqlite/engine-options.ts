import type { Patent } from '@patlas/contracts';
import type { TextEmbedder } from '../../semantic/embedder.js';
import type { WordVectors } from '../../semantic/word-vectors.js';
import type { PostingsMode } from './postings/own-match.js';

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
  /**
   * Which postings answer text conditions (issue 44): FTS5's (`fts5`, the default until the
   * engine's own are ahead on every shape), the engine's own (`own`), or `both` with their hit
   * sets compared (tests). A file created under `own` or `both` keeps the own postings from then
   * on (index-schema.ts); under `own` or `both`, a file without them is answered by FTS5. The
   * environment's PATLAS_POSTINGS sets the default.
   */
  readonly postings?: PostingsMode;
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

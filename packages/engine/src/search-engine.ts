import type { AnalysisDimension, AnalysisResult, AnalysisSpec, Patent } from '@patlas/contracts';
import type { QueryNode } from '@patlas/query';
import type { LegalStatusClass } from './aggregation/dimensions.js';
import type { KeyTerm } from './semantic/hybrid.js';

/**
 * The one search interface every back end implements (DESIGN.md "Storage and scale"). A back end
 * is done when test/conformance/run-conformance.ts passes against it.
 */
export interface SearchEngine {
  /** Adds or replaces (by publication number) the searchable form of these records. */
  index(docs: readonly Patent[], options?: IndexOptions): Promise<void>;
  /**
   * Many batches at once (an import, a rebuild from the store): analysis and writes run in the
   * background, in order, while the caller prepares the next batches. Call `finish` at the end,
   * also after an error: it waits for every batch and releases the background workers.
   */
  bulkLoad(options?: IndexOptions): BulkLoad;
  /** Removes records by publication number (any written form); returns how many were removed. */
  remove(publicationNumbers: readonly string[]): Promise<number>;
  search(request: SearchRequest): Promise<SearchResponse>;
  /**
   * The publication numbers of ranks [offset, offset + limit) of `search`'s ordered result set (the
   * same order as its pages), ranked once: an export of 300,000 rows reads its order in one call
   * and then its records from the store, instead of ranking the set again for every page.
   * `limit` is at most MAX_RANKED_NUMBERS.
   */
  rankedNumbers(request: RankedNumbersRequest): Promise<RankedNumbers>;
  /** The total of `search` without building a page: hits after scope, filters and merge. */
  count(ast: QueryNode, options?: CountOptions): Promise<number>;
  /**
   * An analysis (trend, ranking, matrix, lifecycle, expiry, impact, three rates, valid patents) of a
   * query's hits after scope, filters and merge, exact. docs/analysis.md says what each counts; the
   * element → result-page condition is aggregation/drill-down.ts. Refuses more than
   * MAX_ANALYSIS_TOTAL hits with ANALYSIS_TOO_MANY.
   */
  aggregate(ast: QueryNode, spec: AnalysisSpec, options?: CountOptions): Promise<AggregateResponse>;
  /**
   * Several analyses of one result set, the query and its filters evaluated once (a dashboard's
   * figures): `results[i]` is what `aggregate(ast, specs[i], options)` answers.
   */
  aggregateEach(ast: QueryNode, specs: readonly AnalysisSpec[], options?: CountOptions): Promise<AggregateEachResponse>;
  /**
   * Title, abstract and a few row fields of a query's hits after scope, filters and merge, for text
   * mining (text-mining/). More than `sample.limit` hits: a uniform sample, the same for the same
   * hits and seed. Refuses more than MAX_ANALYSIS_TOTAL hits with ANALYSIS_TOO_MANY.
   */
  texts(ast: QueryNode, options: CountOptions, sample: TextSampleOptions): Promise<TextSample>;
  /**
   * For each condition: how many hits of `ast` (after scope, filters and merge) also match it (what
   * `count(ast AND condition)` answers), and how many documents of the whole index match it.
   * Refuses more than MAX_ANALYSIS_TOTAL hits with ANALYSIS_TOO_MANY.
   */
  countEach(ast: QueryNode, conditions: readonly QueryNode[], options?: CountOptions): Promise<ConditionCount[]>;
  /**
   * Issue 48: an expression's clauses (`clauses[0]` the whole, pre-order), each with its own hits and
   * the hits of the whole expression without it, after scope and filters (publications, never
   * merged); each leaf evaluated once. Answers in the search budget.
   */
  clauseCounts(clauses: readonly ClauseSpec[], options?: Omit<CountOptions, 'merge'>): Promise<ClauseCounts>;
  /** Facet counts of a query's hits (the same numbers `search` returns with `facets`). */
  facets(ast: QueryNode, fields: readonly FacetField[], options?: CountOptions & { limit?: number }): Promise<Facets>;
  /** Result rows of these publication numbers (any written form), in the order given; unknown ones are left out. */
  get(publicationNumbers: readonly string[]): Promise<SearchHit[]>;
  /** The indexed publication numbers of the simple families of these numbers, the inputs included. */
  expandFamily(publicationNumbers: readonly string[]): Promise<string[]>;
  /**
   * Semantic search: the text ranked by meaning (vectors) and by its key terms (BM25 with the
   * user's field weights), fused; `filter` and `scope` restrict the candidates. Answers at most
   * `limit` ranked patents. Refuses a text without a single usable term (TEXT_NO_TERMS).
   */
  semanticSearch(request: SemanticRequest): Promise<SemanticResult>;
  /**
   * semanticSearch in two halves, so that a pool runs the costly one on a search worker: the key
   * terms, query vector and nearest documents, on the engine holding the vector space (cheap)…
   */
  prepareSemantic(request: SemanticRequest): Promise<SemanticPrepared>;
  /** …then the keyword ranking, filters, exact re-scoring, fusion and rows (grows with the corpus). */
  rankSemantic(request: SemanticRequest, prepared: SemanticPrepared): Promise<SemanticResult>;
  /** Learns the semantic space from the indexed documents and folds them all in (see semantic/). */
  buildSemanticModel(options?: SemanticBuildOptions): Promise<SemanticStatus>;
  semanticStatus(): SemanticStatus;
  /**
   * Embeds the records a bulk load left to it (IndexOptions.embedLater), in slices that let the
   * caller's thread answer meanwhile; returns how many. Stops between slices when `signal` aborts.
   */
  fillSemantic(signal?: AbortSignal): Promise<number>;
  /** Number of indexed records. */
  size(): Promise<number>;
  /**
   * Takes in what another connection committed (a reader of a file another process writes: the
   * columns, the text postings' new segments and their directories), so the next search does not.
   * A search worker calls it while idle; an engine with nothing to follow has none.
   */
  catchUp?(): Promise<void>;
  /**
   * Publication keys and versions (recordVersion of the JSON each record was indexed from) of
   * indexed records: those of `keys` that are indexed, or a page of every record in key order after
   * `after` (keyset paging: constant cost per page). A verify pass compares them with the store's.
   */
  versions(request: { keys: readonly string[] } | { after: string; limit: number }): Promise<IndexedVersion[]>;
  /** Removes records by their exact publication key (as `versions` lists them); returns how many were removed. */
  removeKeys(keys: readonly string[]): Promise<number>;
  /**
   * The index file's identity and write position. Both are equal at two moments only if nothing
   * was written to this index in between, by any connection or process. The server records them
   * at a clean shutdown, and skips the record-by-record verify at the next start when they still hold.
   */
  identity(): Promise<IndexIdentity>;
  /**
   * Sets the value score (the PV field, the `value` sort, SearchHit.valueScore) of indexed records
   * without indexing them again: a cohort's scores move when its distribution does, and the
   * records' texts have not changed (IndexablePatent.valueScore sets it at index time). null
   * clears it. Unknown numbers are skipped; answers how many records were updated.
   */
  setValueScores(scores: readonly ValueScoreUpdate[]): Promise<number>;
  /**
   * Sets the awards (the AWARD field) of indexed records, kept beside the record like the value
   * score: an empty list clears them. With `replaceAll`, every other record loses its awards (the
   * updates are the whole award list). Indexing a record again clears its awards: the caller sets
   * them again afterwards. Unknown numbers are skipped; answers how many records hold awards after
   * the call among those written.
   */
  setAwards(updates: readonly AwardUpdate[], options?: { readonly replaceAll?: boolean }): Promise<number>;
  close(): Promise<void>;
}

export interface AwardUpdate {
  /** Publication number, any written form. */
  readonly publicationNumber: string;
  readonly awards: readonly { readonly award: string; readonly year?: number | null }[];
}

export interface ValueScoreUpdate {
  /** Publication number, any written form. */
  readonly publicationNumber: string;
  /** 0–100, or null: no score. */
  readonly valueScore: number | null;
}

export interface IndexIdentity {
  /** Given when the index file was created; a rebuilt or replaced file has another. */
  readonly id: string;
  /** The change log's last position: every document written, removed or rescored moves it. */
  readonly writes: number;
}

export interface IndexedVersion {
  /** The publication key the index holds the record under (publicationKey of its number). */
  readonly key: string;
  /** null for a record indexed without one. */
  readonly version: string | null;
}

export interface IndexOptions {
  /**
   * The caller's store holds these records as indexed (the app store): a back end that can read
   * their title, abstract and claims back from it keeps no copy of those texts.
   */
  readonly textsInStore?: boolean;
  /**
   * The semantic vectors of these records are computed later, by fillSemantic (in the background):
   * a large import then costs the keyword index alone. Without it each batch is embedded as it is written.
   */
  readonly embedLater?: boolean;
}

export interface BulkLoad {
  /**
   * Queues records to add or replace, after removing `remove` (publication numbers, any written
   * form). Resolves once accepted; waits while a few batches are already queued.
   */
  index(docs: readonly Patent[], options?: { readonly remove?: readonly string[] }): Promise<void>;
  /** Resolves when every queued batch is searchable; rejects with the first failure. */
  finish(): Promise<void>;
}

export type SemanticMode = 'hybrid' | 'bm25' | 'vector';

export interface SemanticRequest {
  readonly text: string;
  /** Title, abstract, claims, description (spec 1 §3 "3,3,3,3"); not all 0. */
  readonly weights: readonly [number, number, number, number];
  readonly mode: SemanticMode;
  /** Only patents matching this condition (offices, types, dates) are candidates. */
  readonly filter?: QueryNode;
  readonly scope?: DataScope;
  /** Most patents ranked (default and most: contracts MAX_SEMANTIC_RESULTS, 1000). */
  readonly limit?: number;
  readonly page?: number;
  readonly pageSize?: number;
  /** Also answer `ranking`: every ranked patent, not only the page. */
  readonly withRanking?: boolean;
  /** Expand a short text with the shipped vectors' nearest terms (default true). */
  readonly expand?: boolean;
  /** Expansion terms the user removed: never added again to this query. */
  readonly excludeExpansions?: readonly string[];
  /**
   * Re-rank a short text's hybrid ranking by term proximity (default true; false gives the fused
   * order alone, which the benchmark compares against).
   */
  readonly rerank?: boolean;
}

/**
 * The first, cheap half of a semantic search, run by the engine that holds the vector space (the
 * writer: its HNSW index lives in its memory): the key terms, the query vector and its nearest
 * documents. Everything else (keyword ranking, filters, exact re-scoring, rows) grows with the
 * corpus and runs where searches run (rankSemantic, on a search worker when there is a pool).
 */
export interface SemanticPrepared {
  /** The text's key terms, then the expansion terms. */
  readonly terms: readonly KeyTerm[];
  /** Nearest terms a short text was expanded with (searched by keywords with the key terms). */
  readonly expansions?: readonly string[];
  /** The shorter words and characters inside a short Chinese text's words, searched with the expansions. */
  readonly backoff?: readonly string[];
  /** The query's unit vector; undefined before a model exists or when the model knows none of its words. */
  readonly query?: Float32Array;
  /** Nearest documents by the combined vector, best first (more than `limit` when a filter will drop some). */
  readonly nearest: readonly number[];
  /** Vector dimensions (to read the stored field vectors). */
  readonly dims: number;
  /** A vector space exists (else the ranking is by keywords alone). */
  readonly ready: boolean;
  readonly model: string | null;
}

export interface SemanticRanked {
  readonly publicationNumber: string;
  /** As SemanticSearchHit.relevance. */
  readonly relevance: number;
  /** As SemanticSearchHit.similarity (0 when the patent has no vector or vectors were not used). */
  readonly similarity: number;
}

export interface SemanticSearchHit extends SearchHit {
  /**
   * The score that ranks the hits, 0–1, never rising down the list: hybrid, the fused reciprocal
   * rank over its best possible value (first in both rankings), for a short text re-ranked with
   * its term proximity (semantic-search.ts, rerankByProximity); vectors only, the similarity;
   * keywords only, BM25 over the best hit's.
   */
  readonly relevance: number;
  /** Weighted cosine of the text and the patent, 0 when the patent has no vector. */
  readonly similarity: number;
  /** 1-based rank by keywords / by vectors among the candidates, when found that way. */
  readonly bm25Rank?: number;
  readonly vectorRank?: number;
}

export interface SemanticResult {
  readonly total: number;
  readonly items: SemanticSearchHit[];
  /** The key terms of the text that the keyword signal searched, best first. */
  readonly keyTerms: { term: string; weight: number }[];
  /** Terms the short text was expanded with ("also searched: …"); removable by `excludeExpansions`. */
  readonly expansions: string[];
  /** With `withRanking`: every ranked patent, best first (`total` of them). */
  readonly ranking?: SemanticRanked[];
  /** The vector model (`lsa-128`, an external model's name), or null when keywords ranked alone. */
  readonly model: string | null;
}

export interface SemanticStatus {
  readonly model: string | null;
  readonly dims: number;
  readonly vectors: number;
  readonly trainedOn: number;
  readonly building: boolean;
}

export interface SemanticBuildOptions {
  /** Documents the corpus model learns from (default 20000, a uniform sample). */
  readonly sampleSize?: number;
  readonly dims?: number;
  readonly onProgress?: (done: number, total: number) => void;
}

/**
 * The filter panel's facets, plus two a merged applicant facet asks for (docs/companies.md):
 * `applicantStandard` (the standardised names, also an analysis dimension) and `applicantPair`
 * (`standardised name \u001f name as written` per applicant: which written names each
 * standardised name merges, with their counts).
 */
export type FacetField =
  | 'applicant'
  | 'year'
  | 'country'
  | 'patentType'
  | 'legalStatus'
  | 'ipcSubclass'
  | 'inventor'
  | 'agency'
  | 'applicantStandard'
  | 'applicantPair';

export const FACET_FIELDS: readonly FacetField[] = [
  'applicant',
  'year',
  'country',
  'patentType',
  'legalStatus',
  'ipcSubclass',
  'inventor',
  'agency',
];

/** Every field a filter can name: the filter panel's facets and the analysis dimensions. */
export type FilterField = Exclude<FacetField, 'applicantPair'> | AnalysisDimension;

/** Values are ORed within an entry, entries are ANDed (the filter panel; a chart element's condition). */
export interface FacetFilter {
  readonly field: FilterField;
  readonly values: readonly string[];
}

export type SortField = 'relevance' | 'AD' | 'PD' | 'GD' | 'PRD' | 'citedBy' | 'familySize' | 'value';

export interface SortSpec {
  readonly field: SortField;
  /** Default: descending (newest, most cited, best first). Ignored for relevance. */
  readonly order?: 'asc' | 'desc';
}

/** 0: none, 1: one row per application number, 2: one row per simple family. */
export type MergeMode = 0 | 1 | 2;

/**
 * cn = CN, TW, HK, MO; uncn = every other office; or the offices chosen in the data-source selector
 * (`other`: also every office contracts' NAMED_SOURCE_OFFICES does not name; docs/data-sources.md).
 */
export type DataScope = 'cn' | 'uncn' | { readonly offices: readonly string[]; readonly other: boolean };

export interface CountOptions {
  /**
   * Only these patents (publication numbers as the engine lists them, best first): a ranked set
   * such as a semantic search's top N. Relevance order is then this order (a hit's `score` is
   * the number of set members after it, plus one).
   */
  readonly within?: readonly string[];
  /**
   * Never these patents (publication numbers as the engine lists them): the result page's "unread
   * only" leaves out the patents its user has opened (reading marks). Applied before merging.
   */
  readonly without?: readonly string[];
  /**
   * Hits whatever the expression, scope and filters say (still within `within`, never `without`):
   * a search as of a data version's changed records whose content as of it matched (the server
   * checked that content; docs/search-as-of.md). Applied before merging.
   */
  readonly plus?: readonly string[];
  readonly filters?: readonly FacetFilter[];
  readonly merge?: MergeMode;
  readonly scope?: DataScope;
}

export interface SearchRequest extends CountOptions {
  readonly ast: QueryNode;
  /** 1-based, at most MAX_PAGE (100000, @patlas/contracts). */
  readonly page?: number;
  /** At most MAX_PAGE_SIZE (100, @patlas/contracts). */
  readonly pageSize?: number;
  readonly sort?: SortSpec;
  readonly facets?: readonly FacetField[];
  /** Maximum values per facet (default 50). */
  readonly facetLimit?: number;
  /** Maximum values of the named facets, instead of facetLimit. */
  readonly facetLimits?: Readonly<Partial<Record<FacetField, number>>>;
  readonly highlight?: boolean;
}

/** A window of a search's ordered result set (SearchEngine.rankedNumbers). */
export interface RankedNumbersRequest extends CountOptions {
  readonly ast: QueryNode;
  readonly sort?: SortSpec;
  /** 0-based rank of the first number. */
  readonly offset: number;
  /** At most MAX_RANKED_NUMBERS. */
  readonly limit: number;
}

export interface RankedNumbers {
  /** Hits after scope, filters and merge (what `search` answers as `total`). */
  readonly total: number;
  /** Publication numbers (as the records write them) of the window, in rank order. */
  readonly publicationNumbers: string[];
}

/** The largest window of a rankedNumbers call: the largest export (MAX_EXPORT_ROWS). */
export const MAX_RANKED_NUMBERS = 300_000;

export interface SearchHit {
  readonly publicationNumber: string;
  readonly applicationNumber?: string;
  readonly title?: string;
  /** For a record with no title and an abstract (the USPTO records): its first sentence (titleFromAbstract), shown marked. */
  readonly abstractTitle?: string;
  readonly abstract?: string;
  readonly applicants: string[];
  readonly inventors: string[];
  readonly applicationDate?: string;
  readonly publicationDate?: string;
  readonly ipcMain?: string;
  readonly legalStatus?: string;
  /** The class of the legal status text (analysis's 有效 / 审中 / 失效 … buckets), when it reads as one. */
  readonly legalStatusClass?: LegalStatusClass;
  /** Provinces of the applicants in full (浙江省), in applicant order, each once; absent when none is recorded. */
  readonly applicantProvinces?: string[];
  readonly patentType?: string;
  readonly country: string;
  readonly firstDrawing?: string;
  /** The patent value score (0–100) the index holds, when the record has one. */
  readonly valueScore?: number;
  /** BM25 with field weights (higher is better); 0 when not ranked. */
  readonly score: number;
  /** HTML-escaped text with <em>…</em> around matched terms; only with `highlight: true`. */
  readonly highlights?: { title?: string; abstract?: string };
}

export interface FacetBucket {
  readonly value: string;
  readonly count: number;
}

export type Facets = Partial<Record<FacetField, FacetBucket[]>>;

export interface SearchResponse {
  readonly total: number;
  readonly items: SearchHit[];
  readonly facets: Facets;
}

export interface AggregateEachResponse {
  /** Size of the analysed set, as in AggregateResponse. */
  readonly total: number;
  readonly results: readonly AnalysisResult[];
}

export interface AggregateResponse {
  /** Size of the analysed set: the hits after scope, filters and merge (what `count` answers). */
  readonly total: number;
  readonly result: AnalysisResult;
}

export interface TextSampleOptions {
  /** Most documents returned; a larger set is sampled. */
  readonly limit: number;
  /** Seed of the sample (default 1). */
  readonly seed?: number;
}

export interface TextDoc {
  readonly publicationNumber: string;
  readonly title?: string;
  readonly abstract?: string;
  readonly applicants: string[];
  readonly ipcMain?: string;
  readonly applicationDate?: string;
  readonly publicationDate?: string;
}

export interface TextSample {
  /** Hits after scope, filters and merge (what `count` answers). */
  readonly total: number;
  /** True when `docs` is a sample of fewer than `total` documents. */
  readonly sampled: boolean;
  /** Ascending internal order (stable for the same index). */
  readonly docs: TextDoc[];
}

/**
 * One clause of an expression broken down for SearchEngine.clauseCounts: `parent` is the index of
 * its parent in the list (-1 for the first, the whole expression), parents before their children.
 * AND and OR have one child or more, NOT exactly one; a leaf is evaluated as written (a term, a
 * range, a proximity, or a subtree not broken down further).
 */
export type ClauseSpec =
  | { readonly parent: number; readonly op: 'and' | 'or' | 'not' }
  | { readonly parent: number; readonly op: 'leaf'; readonly ast: QueryNode };

export interface ClauseCount {
  /** Hits of the clause on its own. */
  readonly own: number;
  /**
   * Hits of the whole expression with this clause removed (a NOT or an AND / OR left without a
   * clause goes with it); null when nothing would be left (the whole expression itself).
   */
  readonly without: number | null;
}

export interface ClauseCounts {
  /** Hits of the whole expression (clauses[0].own). */
  readonly total: number;
  /** One per clause given, in the same order. */
  readonly clauses: readonly ClauseCount[];
}

export interface ConditionCount {
  /** Hits of the set that match the condition. */
  readonly set: number;
  /** Documents of the whole index that match the condition. */
  readonly corpus: number;
}

// The engine's limits are the contracts' (@patlas/contracts: MAX_PAGE, MAX_PAGE_SIZE, MAX_SORT_TOTAL, MAX_ANALYSIS_TOTAL).

export type EngineErrorCode =
  /** A sort other than relevance on more than MAX_SORT_TOTAL hits. */
  | 'SORT_TOO_MANY_HITS'
  | 'PAGE_TOO_DEEP'
  | 'PAGE_SIZE_INVALID'
  /** A field id the back end does not know. */
  | 'FIELD_UNKNOWN'
  /** A range on a field that has no order, or a bound that is not a date/number. */
  | 'RANGE_INVALID'
  /** A wildcard that expands to more words than the back end allows. */
  | 'WILDCARD_TOO_BROAD'
  /**
   * The truncations of one expression expand to more than MAX_WILDCARD_EXPANSIONS words in all
   * (@patlas/query's code of the same name); span: the term at which the total passes the limit.
   */
  | 'QUERY_TOO_MANY_EXPANSIONS'
  /** A proximity operand the back end cannot evaluate (e.g. a wildcard pattern on both sides). */
  | 'QUERY_UNSUPPORTED'
  /** A `SEM=(…)` clause the server did not resolve to its patents (@patlas/query's code of the same name); span: the clause. */
  | 'QUERY_SEMANTIC_UNSUPPORTED'
  /** An analysis over more than MAX_ANALYSIS_TOTAL hits (params: total, max). */
  | 'ANALYSIS_TOO_MANY'
  /** A semantic text in which no word can be searched. */
  | 'TEXT_NO_TERMS'
  /** A search or analysis ran past its time budget and was stopped (params: seconds). */
  | 'QUERY_TIMEOUT'
  /** The request's client went away: its search was stopped. */
  | 'QUERY_CANCELLED'
  /** The search workers were still opening the index when the budget ran out (search-pool.ts). */
  | 'SERVICE_STARTING';

export class EngineError extends Error {
  readonly code: EngineErrorCode;
  readonly params: Record<string, string | number>;
  /** Where in the expression, when the refusal is about one of its terms (0-based, end exclusive). */
  readonly span: { readonly start: number; readonly end: number } | undefined;
  constructor(
    code: EngineErrorCode,
    params: Record<string, string | number> = {},
    span?: { readonly start: number; readonly end: number },
  ) {
    super(`${code} ${JSON.stringify(params)}`);
    this.name = 'EngineError';
    this.code = code;
    this.params = params;
    this.span = span;
  }
}

import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  createPooledEngine,
  createSqliteEngine,
  type PooledEngine,
  type SearchEngine,
  type TextMiningRunner,
  type WordVectors,
} from '@patlas/engine';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { PatentRepository } from '../domains/patent/patent.repository.js';
import { loadOnnxEmbedder } from '../domains/semantic-search/onnx-embedder.js';
import { loadShippedVectors } from '../domains/semantic-search/word-vectors.js';
import { currentRequest } from '../plugins/request-signal.js';

/** How the search engine is opened (ComposeOptions' engine pieces). */
export interface SearchEngineOptions {
  /** Most patents an analysis may cover (default MAX_ANALYSIS_TOTAL); tests lower it to reach the limit. */
  maxAnalysisTotal?: number | undefined;
  /** See BuildOptions.engineColumns. */
  engineColumns?: 'open' | 'first-use' | undefined;
  /** See BuildOptions.searchStartGate. */
  searchStartGate?: Promise<unknown> | undefined;
}

/** The patent search index as the app uses it. */
export interface OpenedSearchEngine {
  /** The pooled engine when SEARCH_WORKERS > 0, else the engine on this thread. */
  engine: SearchEngine;
  /** Text mining on the search workers (undefined: on this thread). */
  textMining: TextMiningRunner | undefined;
  /** True when an ONNX model or shipped word vectors give text vectors (the semantic keeper's question). */
  usesExternalModel: boolean;
  wordVectors: WordVectors | undefined;
  searchReady: () => Promise<void>;
  searchPending: () => number;
}

/** The log line of a pooled task stopped before its end, by reason. */
const STOPPED_LINES = {
  timeout: 'search stopped: time budget exceeded',
  cancelled: 'search stopped: client gone',
  starting: 'search stopped: search workers still starting',
} as const;

/** Test hooks holding the search workers' start: a test's own gate, or (NODE_ENV=test) a delay or a file to wait for. */
function searchStartGateOf(config: Config, options: SearchEngineOptions): { startGate?: Promise<unknown> } {
  const gates: Promise<unknown>[] = [];
  if (options.searchStartGate) gates.push(options.searchStartGate);
  const delayMs = config.searchFairness.testStartDelayMs;
  if (delayMs > 0) gates.push(new Promise((resolve) => setTimeout(resolve, delayMs).unref()));
  const gateFile = config.searchFairness.testStartGateFile;
  if (gateFile) {
    gates.push(
      new Promise<void>((resolve) => {
        const timer = setInterval(() => {
          if (!existsSync(gateFile)) return;
          clearInterval(timer);
          resolve();
        }, 200);
        timer.unref();
      }),
    );
  }
  return gates.length > 0 ? { startGate: Promise.all(gates) } : {};
}

/**
 * Opens the search index (embedded SQLite FTS5 file in DATA_DIR, whatever the app database) with
 * the semantic model or shipped word vectors, and its pool of search workers.
 */
export async function openSearchEngine(
  config: Config,
  patents: PatentRepository,
  options: SearchEngineOptions,
  log: FastifyBaseLogger,
): Promise<OpenedSearchEngine> {
  // An operator's sentence-embedding model replaces the corpus-learned vectors; a bad path stops the start.
  const embedder = config.semantic.modelPath ? await loadOnnxEmbedder(config.semantic.modelPath) : undefined;
  // The shipped word vectors: text vectors without such a model, and the expansion of short queries.
  const shipped = config.semantic.vectorsPath ? loadShippedVectors(config.semantic.vectorsPath) : undefined;
  if (shipped) {
    const { vectors, loadMs, bytes } = shipped;
    log.info(
      { words: vectors.words.length, dims: vectors.dims, bytes, loadMs: Math.round(loadMs) },
      'word vectors loaded',
    );
  }
  // On SQLite the index reads imported records' texts from the store rather than keeping a copy.
  const textSource = patents.textSource();
  const indexFile = path.join(config.dataDir, 'index.db');
  // An import-only process (the CLI) answers no searches: no pool.
  const isPooled = config.search.workers > 0 && options.engineColumns !== 'first-use';
  const ownEngine = createSqliteEngine({
    file: indexFile,
    ...(embedder ? { embedder } : {}),
    ...(shipped ? { wordVectors: shipped.vectors } : {}),
    ...(textSource ? { textSource } : {}),
    // Pooled, this thread's columns load only if a call here needs them (semantic filters, family expansion).
    ...(options.engineColumns || isPooled ? { loadColumns: options.engineColumns ?? 'first-use' } : {}),
    ...(options.maxAnalysisTotal !== undefined ? { maxAnalysisTotal: options.maxAnalysisTotal } : {}),
    ...(config.search.clauseCacheMb !== undefined ? { clauseCache: { maxMb: config.search.clauseCacheMb } } : {}),
  });
  const pooled: PooledEngine | undefined = isPooled
    ? createPooledEngine(ownEngine, {
        file: indexFile,
        workers: config.search.workers,
        ...(config.search.clauseCacheMb !== undefined ? { clauseCacheMb: config.search.clauseCacheMb } : {}),
        searchTimeoutMs: config.search.timeoutMs,
        analysisTimeoutMs: config.search.analysisTimeoutMs,
        ...(options.maxAnalysisTotal !== undefined ? { maxAnalysisTotal: options.maxAnalysisTotal } : {}),
        // Each worker reads the store's texts through its own read-only connection.
        ...(config.db.kind === 'sqlite' && textSource
          ? { textSource: { module: textSourceModule(), arg: config.db.file } }
          : {}),
        currentRequest,
        onStopped: ({ method, reason, elapsedMs }) => {
          const line = STOPPED_LINES[reason];
          log[reason === 'cancelled' ? 'info' : 'warn']({ module: 'search-pool', method, elapsedMs }, line);
        },
        ...(config.searchFairness.ownerCost !== undefined ? { ownerCost: config.searchFairness.ownerCost } : {}),
        ...searchStartGateOf(config, options),
      })
    : undefined;
  const searchReady = pooled ? once(() => pooled.ready()) : () => Promise.resolve();
  if (pooled) {
    const started = performance.now();
    searchReady().then(
      () =>
        log.info(
          { workers: config.search.workers, ms: Math.round(performance.now() - started) },
          'search workers ready',
        ),
      () => undefined, // closed before they were
    );
  }
  return {
    engine: pooled ?? ownEngine,
    textMining: pooled?.textMining,
    usesExternalModel: embedder !== undefined || shipped !== undefined,
    wordVectors: shipped?.vectors,
    searchReady,
    searchPending: pooled ? () => pooled.pendingCount() : () => 0,
  };
}

/** The module a search worker opens the store's texts with (built: .js beside the sources' twin; sources: .ts). */
function textSourceModule(): string {
  const extension = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
  return new URL(`../domains/patent/patent-texts.repository.${extension}`, import.meta.url).href;
}

/** A function that runs `f` once and answers its first promise ever after. */
function once<T>(f: () => Promise<T>): () => Promise<T> {
  let result: Promise<T> | undefined;
  return () => (result ??= f());
}

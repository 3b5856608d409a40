import { Piscina } from 'piscina';
import { EngineError, type EngineErrorCode, type SearchEngine } from '../../search-engine.js';
import type { TextMiningRunner } from '../../text-mining/runner.js';

/** The reads a search worker answers: every call whose cost grows with the expression and its hits. */
type EngineMethod = 'search' | 'count' | 'facets' | 'aggregate' | 'aggregateEach' | 'texts' | 'countEach';
type TextMiningMethod = keyof TextMiningRunner;
type PooledMethod = EngineMethod | TextMiningMethod;

export type SearchTask =
  | { [M in EngineMethod]: { method: M; args: Parameters<SearchEngine[M]> } }[EngineMethod]
  | { [M in TextMiningMethod]: { method: M; args: Parameters<TextMiningRunner[M]> } }[TextMiningMethod];

export type SearchTaskResult =
  { ok: true; value: unknown } | { ok: false; code: EngineErrorCode; params: Record<string, string | number> };

export interface SearchWorkerData {
  readonly file: string;
  readonly rankLimit?: number;
  readonly maxAnalysisTotal?: number;
  /**
   * Where a worker reads the texts the app store keeps (SqliteEngineOptions.textSource): a module
   * (URL) whose `openTextSource(arg)` opens its own connection and answers the TextSource.
   */
  readonly textSource?: { readonly module: string; readonly arg: unknown };
}

export interface SearchPoolOptions extends SearchWorkerData {
  /** Worker threads (each holds its own in-memory columns: ~0.3 KB a document). */
  readonly workers: number;
  /** Budget of a search, a count or facets, queueing included (ms). */
  readonly searchTimeoutMs: number;
  /** Budget of an analysis, a dashboard's analyses or a text-mining sample (ms). */
  readonly analysisTimeoutMs: number;
  /** The cancel signal of the request being served (aborted when its client goes away). */
  readonly currentSignal?: () => AbortSignal | undefined;
  /** Told of every task stopped before its end (for the log). */
  readonly onStopped?: (event: StoppedTask) => void;
}

export interface StoppedTask {
  readonly method: PooledMethod;
  readonly reason: 'timeout' | 'cancelled';
  /** From the call to the stop, queueing included. */
  readonly elapsedMs: number;
}

const ANALYSES: ReadonlySet<PooledMethod> = new Set([
  'aggregate',
  'aggregateEach',
  'texts',
  'countEach',
  'wordCloud',
  'clusters',
  'landscape',
]);

/** The pooled engine, and its text-mining analyses run on the workers too. */
export interface PooledEngine extends SearchEngine {
  readonly textMining: TextMiningRunner;
}

/**
 * The engine behind a pool of search workers (Piscina): searches, counts, facets, analyses and
 * text samples run on worker threads, each with its own read-only connection, so the caller's
 * thread (HTTP) stays free; every other call — writes (the single writer), get, semantic search —
 * goes to `base`, which owns the file. Each task has a time budget: when it runs out, or the
 * request's signal aborts, Piscina terminates the worker running it (a synchronous SQLite
 * statement cannot be interrupted otherwise) and starts another, and the call rejects with
 * QUERY_TIMEOUT or QUERY_CANCELLED.
 */
export function createPooledEngine(base: SearchEngine, options: SearchPoolOptions): PooledEngine {
  const fromSources = import.meta.url.endsWith('.ts');
  const workerData: SearchWorkerData = {
    file: options.file,
    ...(options.rankLimit !== undefined ? { rankLimit: options.rankLimit } : {}),
    ...(options.maxAnalysisTotal !== undefined ? { maxAnalysisTotal: options.maxAnalysisTotal } : {}),
    ...(options.textSource ? { textSource: options.textSource } : {}),
  };
  const pool = new Piscina({
    filename: new URL(fromSources ? './search-worker-source.mjs' : './search-worker.js', import.meta.url).href,
    workerData,
    minThreads: options.workers,
    maxThreads: options.workers,
    idleTimeout: Infinity,
    concurrentTasksPerWorker: 1,
    // From sources (tests, tsx) the worker is TypeScript (search-worker-source.mjs), over workspace sources.
    ...(fromSources ? { execArgv: ['--conditions=@patlas/source'] } : {}),
  });

  async function run(method: PooledMethod, args: SearchTask['args']): Promise<unknown> {
    const budgetMs = ANALYSES.has(method) ? options.analysisTimeoutMs : options.searchTimeoutMs;
    const started = performance.now();
    const timeout = AbortSignal.timeout(budgetMs);
    const client = options.currentSignal?.();
    const stopped = (reason: StoppedTask['reason']): EngineError => {
      options.onStopped?.({ method, reason, elapsedMs: Math.round(performance.now() - started) });
      return reason === 'cancelled'
        ? new EngineError('QUERY_CANCELLED')
        : new EngineError('QUERY_TIMEOUT', { seconds: Math.round(budgetMs / 100) / 10 });
    };
    if (client?.aborted) throw stopped('cancelled');
    const signal = client ? AbortSignal.any([timeout, client]) : timeout;
    let result: SearchTaskResult;
    try {
      result = (await pool.run({ method, args } as SearchTask, { signal })) as SearchTaskResult;
    } catch (error) {
      if (client?.aborted) throw stopped('cancelled');
      if (timeout.aborted) throw stopped('timeout');
      throw error;
    }
    if (!result.ok) throw new EngineError(result.code, result.params);
    return result.value;
  }

  return {
    ...base,
    search: (request) => run('search', [request]) as ReturnType<SearchEngine['search']>,
    count: (...args) => run('count', args) as ReturnType<SearchEngine['count']>,
    facets: (...args) => run('facets', args) as ReturnType<SearchEngine['facets']>,
    aggregate: (...args) => run('aggregate', args) as ReturnType<SearchEngine['aggregate']>,
    aggregateEach: (...args) => run('aggregateEach', args) as ReturnType<SearchEngine['aggregateEach']>,
    texts: (...args) => run('texts', args) as ReturnType<SearchEngine['texts']>,
    countEach: (...args) => run('countEach', args) as ReturnType<SearchEngine['countEach']>,
    textMining: {
      wordCloud: (...args) => run('wordCloud', args) as ReturnType<TextMiningRunner['wordCloud']>,
      clusters: (...args) => run('clusters', args) as ReturnType<TextMiningRunner['clusters']>,
      landscape: (...args) => run('landscape', args) as ReturnType<TextMiningRunner['landscape']>,
    },
    async close() {
      await pool.destroy();
      await base.close();
    },
  };
}

import { Piscina } from 'piscina';
import { EngineError, type EngineErrorCode, type SearchEngine } from '../../search-engine.js';
import type { TextMiningRunner } from '../../text-mining/runner.js';
import { FairAdmission, taskCost, type TaskOwner } from './fair-admission.js';

/** The reads a search worker answers: every call whose cost grows with the expression and its hits. */
type EngineMethod =
  | 'search'
  | 'rankedNumbers'
  | 'count'
  | 'facets'
  | 'aggregate'
  | 'aggregateEach'
  | 'texts'
  | 'countEach'
  | 'clauseCounts'
  | 'rankSemantic';
type TextMiningMethod = keyof TextMiningRunner;
type PooledMethod = EngineMethod | TextMiningMethod;

export type SearchTask = (
  | { [M in EngineMethod]: { method: M; args: Parameters<SearchEngine[M]> } }[EngineMethod]
  | { [M in TextMiningMethod]: { method: M; args: Parameters<TextMiningRunner[M]> } }[TextMiningMethod]
  /** Answers once the worker has opened the index (PooledEngine.ready). */
  | { method: 'ping'; args: [] }
) & {
  /** Shared with the pool: set to 1 when the task should stop (the worker checks it between steps). */
  readonly stop: Int32Array;
};

/**
 * How long a stopped task may take to notice its stop flag before its worker is terminated: work
 * between two checks (one FTS5 statement, a text-mining step) cannot be interrupted otherwise, and
 * a replaced worker reloads every column (seconds per 100k patents).
 */
const STOP_GRACE_MS = 2000;

export type SearchTaskResult =
  { ok: true; value: unknown } | { ok: false; code: EngineErrorCode; params: Record<string, string | number> };

export interface SearchWorkerData {
  readonly file: string;
  readonly rankLimit?: number;
  readonly maxAnalysisTotal?: number;
  /** Megabytes of kept conditions per worker (SqliteEngineOptions.clauseCache). */
  readonly clauseCacheMb?: number;
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
  /**
   * The request being served, when there is one: its cancel signal (aborted when its client goes
   * away) and its deadline, which its first pooled call sets (that call's budget) and every later
   * call of the request shares, so a request ends within one budget however many calls it makes.
   */
  readonly currentRequest?: () => RequestBudget | undefined;
  /** Told of every task stopped before its end (for the log). */
  readonly onStopped?: (event: StoppedTask) => void;
  /**
   * Cost (units of a plain search, fair-admission.ts taskCost) one owner's tasks may have on the
   * workers at once; their further tasks wait their turn. Default: workers + 1, so one user's heavy
   * searches (which cost the whole allowance) leave the other workers to everyone else.
   */
  readonly ownerCost?: number;
  /** Test hook: the workers count as started only once this settles too (a slow index open). */
  readonly startGate?: Promise<unknown>;
}

/** Per request, kept by the caller (the server: one per HTTP request) and filled in by the pool. */
export interface RequestBudget {
  readonly signal?: AbortSignal;
  /**
   * Who the request's work is for (a user id, a client address): its tasks are admitted within
   * that owner's allowance, round-robin with other owners' (fair-admission.ts). Absent: ''.
   */
  readonly owner?: TaskOwner;
  /** performance.now() past which the request's calls stop; set by its first pooled call. */
  deadline?: number;
  /** The budget that set the deadline (the message's seconds). */
  budgetMs?: number;
}

export interface StoppedTask {
  readonly method: PooledMethod;
  /** starting: its budget ran out while the workers were still opening the index. */
  readonly reason: 'timeout' | 'cancelled' | 'starting';
  /** From the call to the stop, queueing included. */
  readonly elapsedMs: number;
}

const ANALYSES: ReadonlySet<PooledMethod> = new Set([
  // An export's order: up to 300,000 ranks of a set as large as an analysis's.
  'rankedNumbers',
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
  /** Workers started so far (a task that ignored its stop flag costs a replacement). */
  workersStarted(): number;
  /**
   * Resolves once every worker has opened the index and loaded its columns (seconds per 100k
   * patents; calls meanwhile wait, within their budget).
   */
  ready(): Promise<void>;
  /**
   * Pooled tasks waiting for a worker (for the start, a free worker or their owner's turn): > 0
   * means searches are waiting, and background work could give way.
   */
  pendingCount(): number;
  /** Called with pendingCount() whenever it changes; answers the unsubscribe. */
  onPendingChange(listener: (pending: number) => void): () => void;
}

/**
 * The seconds a QUERY_TIMEOUT names: the time spent, from the request's first call. Whole seconds
 * (rounded down, so "took longer than" stays true) from one second on, tenths below.
 */
function spentSeconds(ms: number): number {
  return ms >= 1000 ? Math.floor(ms / 1000) : Math.floor(ms / 100) / 10;
}

/**
 * The engine behind a pool of search workers (Piscina): searches, counts, facets, analyses and
 * text samples run on worker threads, each with its own read-only connection, so the caller's
 * thread (HTTP) stays free; every other call — writes (the single writer), get — goes to `base`,
 * which owns the file. A semantic search takes its query vector and nearest neighbours from `base`
 * (the HNSW index lives in its memory; ~1 ms) and does the rest — keyword ranking, filters, exact
 * re-scoring — on a worker. Each task has a time budget: when it runs out, or the
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
    ...(options.clauseCacheMb !== undefined ? { clauseCacheMb: options.clauseCacheMb } : {}),
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

  let started = 0;
  pool.on('workerCreate', () => started++);

  // Tasks reach Piscina only when a worker is free: the order (fair, per owner) is ours.
  const admission = new FairAdmission(options.workers, options.ownerCost ?? options.workers + 1);
  // One task per worker at once: each worker takes one as soon as it has opened the index.
  const warmUp = (async () => {
    const stop = new Int32Array(new SharedArrayBuffer(4));
    await Promise.all(
      Array.from({ length: options.workers }, () => pool.run({ method: 'ping', args: [], stop } satisfies SearchTask)),
    );
    await options.startGate;
    admission.open();
  })();
  warmUp.catch(() => undefined); // closed before the workers were up

  async function run(method: PooledMethod, args: SearchTask['args']): Promise<unknown> {
    const calledAt = performance.now();
    const request = options.currentRequest?.();
    const ownBudgetMs = ANALYSES.has(method) ? options.analysisTimeoutMs : options.searchTimeoutMs;
    if (request && request.deadline === undefined) {
      request.deadline = calledAt + ownBudgetMs;
      request.budgetMs = ownBudgetMs;
    }
    // The request's time counts from its first call: a time-out names the time it spent.
    const requestStart =
      request?.deadline !== undefined && request.budgetMs !== undefined
        ? request.deadline - request.budgetMs
        : calledAt;
    const remainingMs = Math.min(ownBudgetMs, (request?.deadline ?? Infinity) - calledAt);
    const client = request?.signal;
    const stopped = (reason: StoppedTask['reason']): EngineError => {
      const now = performance.now();
      options.onStopped?.({ method, reason, elapsedMs: Math.round(now - calledAt) });
      if (reason === 'cancelled') return new EngineError('QUERY_CANCELLED');
      if (reason === 'starting') return new EngineError('SERVICE_STARTING');
      // A timer may fire a little before performance.now() says its time is up (the event loop's clock
      // lags a busy tick): the request spent at least the budget that stopped it.
      const budgetSpent = calledAt - requestStart + remainingMs;
      return new EngineError('QUERY_TIMEOUT', { seconds: spentSeconds(Math.max(now - requestStart, budgetSpent)) });
    };
    if (client?.aborted) throw stopped('cancelled');
    if (remainingMs <= 0) throw stopped('timeout');
    const timeout = AbortSignal.timeout(Math.max(0, Math.ceil(remainingMs)));
    const signal = client ? AbortSignal.any([timeout, client]) : timeout;
    const stop = new Int32Array(new SharedArrayBuffer(4));
    // Aborted only when the task ignores its stop flag past the grace: Piscina then terminates its worker.
    const kill = new AbortController();
    const queuedBeforeStart = !admission.opened;
    let startedAt: number | undefined;
    let task: Promise<SearchTaskResult> | undefined;
    const result = await new Promise<SearchTaskResult>((resolve, reject) => {
      const ticket = admission.enqueue(request?.owner ?? '', taskCost(method, args), (release) => {
        startedAt = performance.now();
        task = pool.run({ method, args, stop } as SearchTask, { signal: kill.signal }) as Promise<SearchTaskResult>;
        // The worker is free again only once the task has left it (stopped, or its worker terminated).
        void task.catch(() => undefined).finally(release);
        task.then(resolve, reject).finally(() => signal.removeEventListener('abort', onStop));
      });
      function onStop() {
        const reason = stopReason();
        if (!task) {
          ticket.cancel();
          signal.removeEventListener('abort', onStop);
          reject(stopped(reason));
          return;
        }
        Atomics.store(stop, 0, 1);
        const grace = setTimeout(() => kill.abort(), STOP_GRACE_MS);
        void task.catch(() => undefined).finally(() => clearTimeout(grace));
        reject(stopped(reason));
      }
      /**
       * SERVICE_STARTING rather than QUERY_TIMEOUT when the workers' start, not the expression,
       * took the budget: still waiting for it, or it waited for it longer than it ran.
       */
      function stopReason(): StoppedTask['reason'] {
        if (client?.aborted) return 'cancelled';
        if (!admission.opened) return 'starting';
        const now = performance.now();
        if (queuedBeforeStart && startedAt !== undefined && startedAt - calledAt > now - startedAt) return 'starting';
        return 'timeout';
      }
      if (signal.aborted) onStop();
      else signal.addEventListener('abort', onStop, { once: true });
    });
    if (!result.ok) throw new EngineError(result.code, result.params);
    return result.value;
  }

  return {
    ...base,
    search: (request) => run('search', [request]) as ReturnType<SearchEngine['search']>,
    rankedNumbers: (request) => run('rankedNumbers', [request]) as ReturnType<SearchEngine['rankedNumbers']>,
    count: (...args) => run('count', args) as ReturnType<SearchEngine['count']>,
    facets: (...args) => run('facets', args) as ReturnType<SearchEngine['facets']>,
    aggregate: (...args) => run('aggregate', args) as ReturnType<SearchEngine['aggregate']>,
    aggregateEach: (...args) => run('aggregateEach', args) as ReturnType<SearchEngine['aggregateEach']>,
    texts: (...args) => run('texts', args) as ReturnType<SearchEngine['texts']>,
    countEach: (...args) => run('countEach', args) as ReturnType<SearchEngine['countEach']>,
    clauseCounts: (...args) => run('clauseCounts', args) as ReturnType<SearchEngine['clauseCounts']>,
    rankSemantic: (...args) => run('rankSemantic', args) as ReturnType<SearchEngine['rankSemantic']>,
    async semanticSearch(request) {
      const prepared = await base.prepareSemantic(request);
      return run('rankSemantic', [request, prepared]) as ReturnType<SearchEngine['semanticSearch']>;
    },
    workersStarted: () => started,
    ready: () => warmUp,
    pendingCount: () => admission.pendingCount(),
    onPendingChange: (listener) => admission.onPendingChange(listener),
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

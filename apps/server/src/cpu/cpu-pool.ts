import { Piscina } from 'piscina';
import { AppError } from '../errors.js';
import {
  asBuffers,
  runCpuTask,
  type CpuTaskInput,
  type CpuTaskMessage,
  type CpuTaskName,
  type CpuTaskOutput,
} from './cpu-tasks.js';

/**
 * Runs the CPU-heavy pure functions of requests and jobs (cpu-tasks.ts: document rendering, the
 * duplicate check's alignment, the formal review) by name, on worker threads, so the HTTP thread
 * only gathers their data and sends the answer (docs/cpu-workers.md).
 */
export interface CpuPool {
  /**
   * `transfer`: memory of the input's byte arrays moved to the worker rather than copied (a large
   * input's structured clone is work for the calling thread); the caller cannot read them after.
   */
  run<N extends CpuTaskName>(
    name: N,
    input: CpuTaskInput<N>,
    options?: { transfer?: readonly ArrayBuffer[] },
  ): Promise<CpuTaskOutput<N>>;
  /** Worker threads (0: tasks run on the calling thread). */
  readonly threads: number;
  /** Tasks waiting for a worker. */
  queued(): number;
  /** Ends the workers (a running task is abandoned). */
  close(): Promise<void>;
}

export interface CpuPoolOptions {
  /** Worker threads; 0 runs every task on the calling thread (the CLI, most tests). */
  threads: number;
  /** Start the workers now (a server) rather than at the first task (a CLI that may never render). */
  prestart?: boolean;
  /** Budget of a task, waiting included (undefined: none); past it the worker is replaced, CPU_TASK_TIMEOUT. */
  timeoutMs?: number;
}

/**
 * The CPU pool: Piscina, `threads` workers, one task at a time each, tasks queued in order. From
 * TypeScript sources (vitest, tsx) a worker loads cpu-worker-source.mjs, which registers tsx and
 * reads the workspace packages' sources; from dist, cpu-worker.js.
 */
export function createCpuPool(options: CpuPoolOptions): CpuPool {
  if (options.threads <= 0) {
    return {
      threads: 0,
      run: async (name, input) => (await runCpuTask({ name, input })) as CpuTaskOutput<typeof name>,
      queued: () => 0,
      close: () => Promise.resolve(),
    };
  }
  const fromSources = import.meta.url.endsWith('.ts');
  let pool: Piscina | undefined;
  let isClosed = false;
  const started = (): Piscina => {
    if (isClosed) throw new Error('the CPU pool is closed');
    pool ??= new Piscina({
      filename: new URL(fromSources ? './cpu-worker-source.mjs' : './cpu-worker.js', import.meta.url).href,
      minThreads: options.threads,
      maxThreads: options.threads,
      idleTimeout: Infinity,
      concurrentTasksPerWorker: 1,
      ...(fromSources ? { execArgv: ['--conditions=@patlas/source'] } : {}),
    });
    return pool;
  };
  if (options.prestart) started();
  return {
    threads: options.threads,
    async run(name, input, runOptions) {
      const { timeoutMs } = options;
      const signal = timeoutMs === undefined ? null : AbortSignal.timeout(timeoutMs);
      const transferList = runOptions?.transfer ? [...runOptions.transfer] : undefined;
      let result: unknown;
      try {
        result = await started().run({ name, input } satisfies CpuTaskMessage, { signal, transferList });
      } catch (err) {
        // Piscina ends a worker whose task is aborted and starts another in its place.
        if (signal?.aborted && timeoutMs !== undefined) {
          throw new AppError('CPU_TASK_TIMEOUT', { seconds: Math.max(1, Math.round(timeoutMs / 1000)) });
        }
        throw err;
      }
      // A file's bytes come back as a Uint8Array over the transferred memory: a Buffer again.
      return asBuffers(result) as CpuTaskOutput<typeof name>;
    },
    queued: () => pool?.queueSize ?? 0,
    async close() {
      isClosed = true;
      await pool?.destroy();
    },
  };
}

/**
 * Bytes whose memory can be moved to a worker: these when they alone span their ArrayBuffer, else a
 * copy (a Buffer may share its memory with others, Node's small-buffer pool; moving that would take
 * it from them).
 */
export function transferable(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const isWhole =
    bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return isWhole ? (bytes as Uint8Array<ArrayBuffer>) : new Uint8Array(bytes);
}

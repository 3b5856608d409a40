import { Worker } from 'node:worker_threads';
import type { ClassificationScheme } from '@patlas/contracts';
import { DEFAULT_SCHEME_DIR } from './scheme.js';
import type { SchemeAnswer, SchemeQuery } from './scheme-queries.js';
import type { SchemeReply } from './scheme-worker.js';

/**
 * The scheme trees, kept on a worker thread of their own (scheme-worker.ts): decompressing, building
 * and searching them (the CPC list has 260,476 symbols) would hold the HTTP thread for seconds. A
 * scheme's worker starts on its first query; it is unreferenced while no query waits, so it never keeps a
 * process alive. From TypeScript sources (vitest, tsx) it loads scheme-worker-source.mjs, which
 * registers tsx; from dist, scheme-worker.js.
 */
export class SchemeStore {
  /** One worker a scheme: a tree being built for one never keeps the other waiting. */
  private readonly workers = new Map<ClassificationScheme, Worker>();
  private nextId = 1;
  private readonly waiting = new Map<
    number,
    { worker: Worker; resolve: (answer: SchemeAnswer) => void; reject: (err: Error) => void }
  >();

  constructor(private readonly dir: string = DEFAULT_SCHEME_DIR) {}

  query(query: SchemeQuery): Promise<SchemeAnswer> {
    const first = this.workers.size === 0 && query.op !== 'sections';
    const answer = this.ask(query);
    if (first) {
      // The page offers both trees: once this answer is out, the other one's first level is read ahead
      // on its own worker (not before: the two would share the CPU this answer waits for).
      const other = query.scheme === 'ipc' ? 'cpc' : 'ipc';
      void answer
        .finally(() => this.ask({ op: 'sections', scheme: other }).catch(() => undefined))
        .catch(() => undefined);
    }
    return answer;
  }

  private ask(query: SchemeQuery): Promise<SchemeAnswer> {
    const worker = this.started(query.scheme);
    const id = this.nextId++;
    return new Promise<SchemeAnswer>((resolve, reject) => {
      this.waiting.set(id, { worker, resolve, reject });
      worker.ref();
      worker.postMessage({ id, query });
    });
  }

  /** Ends the workers; the queries still waiting fail. */
  async close(): Promise<void> {
    const workers = [...this.workers.values()];
    this.workers.clear();
    await Promise.all(workers.map((worker) => worker.terminate()));
    for (const worker of workers) this.failAll(worker, new Error('the scheme store is closed'));
  }

  private started(scheme: ClassificationScheme): Worker {
    const running = this.workers.get(scheme);
    if (running) return running;
    const fromSources = import.meta.url.endsWith('.ts');
    const worker = new Worker(
      new URL(fromSources ? './scheme-worker-source.mjs' : './scheme-worker.js', import.meta.url),
      {
        workerData: { dir: this.dir },
        // From dist the worker reads the packages' dist too, even when the caller runs with the sources' condition (a bench).
        execArgv: fromSources
          ? ['--conditions=@patlas/source']
          : process.execArgv.filter((arg) => !arg.includes('@patlas/source')),
      },
    );
    worker.unref();
    worker.on('message', (reply: SchemeReply) => {
      const waiter = this.waiting.get(reply.id);
      if (!waiter) return;
      this.waiting.delete(reply.id);
      if (![...this.waiting.values()].some((w) => w.worker === worker)) worker.unref();
      if ('error' in reply) waiter.reject(new Error(`scheme worker: ${reply.error}`));
      else waiter.resolve(reply.answer as SchemeAnswer);
    });
    const ended = (err: Error) => {
      if (this.workers.get(scheme) === worker) this.workers.delete(scheme);
      this.failAll(worker, err);
    };
    worker.on('error', ended);
    worker.on('exit', (code) => ended(new Error(`the scheme worker exited (${code})`)));
    this.workers.set(scheme, worker);
    return worker;
  }

  private failAll(worker: Worker, err: Error): void {
    for (const [id, waiter] of [...this.waiting]) {
      if (waiter.worker !== worker) continue;
      this.waiting.delete(id);
      waiter.reject(err);
    }
  }
}

let shared: SchemeStore | undefined;

/**
 * The process's store of data/scheme: the files never change while it runs, so every app built in
 * one process (tests build many) shares one worker and its trees.
 */
export function defaultSchemeStore(): SchemeStore {
  shared ??= new SchemeStore();
  return shared;
}

import { EngineError } from '@patlas/engine';
import { currentRequest, runWithSignal } from './request-signal.js';

interface Entry<T> {
  readonly at: number;
  readonly value: Promise<T>;
  readonly controller: AbortController;
  /** Requests waiting on `value` while it is pending. */
  waiters: number;
  settled: boolean;
}

export interface SharedResultsOptions {
  /** Entries kept; the oldest goes first. */
  readonly size: number;
  readonly ttlMs: number;
  readonly now: () => number;
}

/**
 * Results that several requests share for a while, computed once: a semantic ranking, a citation
 * set, a clustering, which the result page's paging, facets and analyses all ask for at once.
 *
 * The computation belongs to no single request. It runs under a signal of its own, so the search
 * workers do not stop it when the request that started it goes away (before, a result page that
 * replaced its first request showed "检索已取消" from the one it kept). A request whose client
 * goes away stops waiting (QUERY_CANCELLED, which nobody reads); the computation stops only once
 * no request waits on it. A failed or stopped computation is not kept.
 */
export class SharedResults<T> {
  private readonly entries = new Map<string, Entry<T>>();

  constructor(private readonly options: SharedResultsOptions) {}

  get(key: string, compute: () => Promise<T>): Promise<T> {
    const now = this.options.now();
    let entry = this.entries.get(key);
    if (!entry || now - entry.at >= this.options.ttlMs || entry.controller.signal.aborted) {
      entry = this.start(key, now, compute);
    }
    return this.wait(entry);
  }

  private start(key: string, now: number, compute: () => Promise<T>): Entry<T> {
    const controller = new AbortController();
    const value = runWithSignal(controller.signal, compute);
    const entry: Entry<T> = { at: now, value, controller, waiters: 0, settled: false };
    this.entries.set(key, entry);
    value.then(
      () => (entry.settled = true),
      () => {
        entry.settled = true;
        if (this.entries.get(key) === entry) this.entries.delete(key);
      },
    );
    while (this.entries.size > this.options.size) this.entries.delete(this.entries.keys().next().value as string);
    return entry;
  }

  private wait(entry: Entry<T>): Promise<T> {
    const signal = currentRequest()?.signal;
    if (entry.settled || !signal) return entry.value;
    if (signal.aborted) return Promise.reject(new EngineError('QUERY_CANCELLED'));
    entry.waiters++;
    return new Promise<T>((resolve, reject) => {
      const leave = () => {
        entry.waiters--;
        reject(new EngineError('QUERY_CANCELLED'));
        if (entry.waiters === 0 && !entry.settled) entry.controller.abort();
      };
      signal.addEventListener('abort', leave, { once: true });
      entry.value.then(resolve, reject).finally(() => {
        if (!signal.aborted) entry.waiters--;
        signal.removeEventListener('abort', leave);
      });
    });
  }
}

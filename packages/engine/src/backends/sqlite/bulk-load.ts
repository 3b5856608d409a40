import { availableParallelism } from 'node:os';
import { MessageChannel } from 'node:worker_threads';
import type { BulkLoad } from '../../search-engine.js';
import type { AnalyseRequest, AnalyseResponse, IndexWorkerData, WriteRequest, WrittenEvent } from './index-worker.js';
import type { IndexablePatent } from './index-tokens.js';
import { WorkerClient } from './worker-client.js';

/** Batches accepted before `index` waits for the oldest to be written: bounds memory, keeps every thread busy. */
const MAX_IN_FLIGHT = 4;

export interface BulkLoadHost {
  /** The index file (the writer thread opens its own connection to it). */
  readonly file: string;
  readonly textsInStore: boolean;
  readonly analysisThreads?: number;
  /**
   * On the engine's thread, once a batch is committed: its documents, their column values (JSON)
   * and ids, in order, and the ids removed before it.
   */
  written(docs: readonly IndexablePatent[], cols: readonly string[], ids: number[], removed: number[]): Promise<void>;
}

/**
 * A bulk load over worker threads: analysis workers tokenise batches side by side (jieba, CJK
 * bigrams, stems) and hand them straight to one writer thread, which commits them in order through
 * its own connection; the engine's thread is left to the caller (reading files, the app store),
 * and only learns each batch's ids and column values. FTS5 merges in larger steps meanwhile
 * (IndexWriter.beginBulk). Searches see a batch once it is committed and `written` has run.
 */
export function startBulkLoad(host: BulkLoadHost): BulkLoad {
  // The writer and the caller's thread take a core each on a small machine; analysis shares them.
  const analyserCount = host.analysisThreads ?? Math.max(1, Math.min(4, availableParallelism() - 1));
  const channels = Array.from({ length: analyserCount }, () => new MessageChannel());
  const events = new Map<number, { resolve: (e: WrittenEvent) => void }>();
  const early = new Map<number, WrittenEvent>();
  let failure: Error | undefined;
  const writer = new WorkerClient<WriteRequest, null, WrittenEvent>(
    'index-worker',
    { role: 'write', file: host.file, analysers: channels.map((c) => c.port2) } satisfies IndexWorkerData,
    {
      transferList: channels.map((c) => c.port2),
      onEvent(event) {
        const waiting = events.get(event.seq);
        events.delete(event.seq);
        if (waiting) waiting.resolve(event);
        else early.set(event.seq, event);
      },
      onFailure(error) {
        failure ??= error;
        for (const waiting of events.values()) waiting.resolve({ seq: -1, error: error.message });
        events.clear();
      },
    },
  );
  const analysers = channels.map(
    (c) =>
      new WorkerClient<AnalyseRequest, AnalyseResponse>(
        'index-worker',
        { role: 'analyse', writer: c.port1 } satisfies IndexWorkerData,
        { transferList: [c.port1] },
      ),
  );
  const writtenEvent = (seq: number): Promise<WrittenEvent> => {
    const event = early.get(seq);
    if (event) {
      early.delete(seq);
      return Promise.resolve(event);
    }
    if (failure) return Promise.resolve({ seq, error: failure.message });
    return new Promise((resolve) => events.set(seq, { resolve }));
  };

  let tail: Promise<unknown> = writer.call({ kind: 'begin' });
  const inFlight: Promise<unknown>[] = [];
  let seq = 0;
  let finished: Promise<void> | undefined;
  const quiet = <T>(p: Promise<T>): Promise<T> => {
    // Awaited later, in order; a rejection meanwhile is not an unhandled one.
    p.catch(() => undefined);
    return p;
  };

  return {
    async index(docs, options = {}) {
      if (finished) throw new Error('bulk load already finished');
      const remove = options.remove ?? [];
      if (docs.length === 0 && remove.length === 0) return;
      const n = seq++;
      const analyser = analysers[n % analysers.length] as (typeof analysers)[number];
      const analysed = quiet(analyser.call({ seq: n, docs, remove, textsInStore: host.textsInStore }));
      const written = writtenEvent(n);
      // Results are applied in batch order, as the writer committed them.
      tail = quiet(
        tail.then(async () => {
          const event = await written;
          if ('error' in event) throw new Error(event.error);
          await host.written(docs, await analysed, event.ids, event.removed);
        }),
      );
      inFlight.push(tail);
      while (inFlight.length > MAX_IN_FLIGHT) await inFlight.shift();
    },

    finish() {
      finished ??= (async () => {
        try {
          await tail;
        } finally {
          // Back to FTS5's default merge settings even after a failed batch (the engine resets them at open too).
          await writer.call({ kind: 'end' }).catch(() => undefined);
          await Promise.all([writer, ...analysers].map((w) => w.close()));
        }
      })();
      return finished;
    },
  };
}

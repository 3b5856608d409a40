/**
 * The worker threads of a bulk load (bulk-load.ts), one role each (workerData.role):
 * - `analyse`: tokenises and serialises records (prepareDocs: jieba, CJK bigrams, stems, the same
 *   code as the engine's own index(), so the tokens are the same), hands the batch straight to the
 *   writer through its port and answers the column values to the engine's thread;
 * - `write`: owns a second connection to the index file and writes the batches in their order
 *   (`seq`), whichever analyser they come from, announcing each as a `written` event.
 */
import { getPriority, setPriority } from 'node:os';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { IndexablePatent } from './index-tokens.js';
import { ChangeReader } from './change-log.js';
import { snapshotAfterBulkLoad } from './engine-columns.js';
import { IndexWriter, prepareDocs, type PreparedBatch } from './index-writer.js';
import { loadNativeExtension } from './native-extension.js';
import { serveRequests } from './worker-client.js';

export interface AnalyseRequest {
  seq: number;
  docs: readonly IndexablePatent[];
  remove: readonly string[];
  textsInStore: boolean;
}
/** The column values (JSON) of the analysed documents, in order. */
export type AnalyseResponse = string[];

/** What an analyser hands the writer. */
type WriterInput = { seq: number; remove: readonly string[]; batch: PreparedBatch } | { seq: number; error: string };

export type WriteRequest = { kind: 'begin' } | { kind: 'end' };
/** Announced by the writer for every batch, in order. */
export type WrittenEvent = { seq: number; ids: number[]; removed: number[] } | { seq: number; error: string };

export type IndexWorkerData =
  { role: 'analyse'; writer: MessagePort } | { role: 'write'; file: string; analysers: MessagePort[] };

/** Measured on 2 cores, 100k `full` records: 1,775 records/s with analysis at the writer's priority, 1,938 below it. */
const ANALYSIS_NICENESS = 10;

const data = workerData as IndexWorkerData;
const port = parentPort;
if (!port) throw new Error('index-worker runs as a worker thread');

if (data.role === 'analyse') {
  // The writer is the critical thread: analysis runs ahead in the time the writer and the caller
  // leave (on Linux a thread's nice value is its own; elsewhere it would be the whole process's).
  // Relative to the process's own: an import started with `nice` keeps its threads in that order.
  if (process.platform === 'linux') setPriority(0, Math.min(19, getPriority(0) + ANALYSIS_NICENESS));
  const seenWords = new Set<string>();
  serveRequests<AnalyseRequest, AnalyseResponse>(port, ({ seq, docs, remove, textsInStore }) => {
    try {
      const { batch } = prepareDocs(docs, { textsInStore, seenWords });
      data.writer.postMessage({ seq, remove, batch } satisfies WriterInput);
      return batch.docs.map((d) => d.cols);
    } catch (error) {
      // The writer waits for every seq in turn: tell it this one failed.
      data.writer.postMessage({
        seq,
        error: error instanceof Error ? error.message : String(error),
      } satisfies WriterInput);
      throw error;
    }
  });
} else {
  const db = new Database(data.file);
  // The `patlas` tokenizer of the fts table and the postings collector live in the extension.
  loadNativeExtension(db);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  // The engine's own connection reads meanwhile (WAL) and may write (semantic vectors): wait for it.
  db.pragma('busy_timeout = 60000');
  db.pragma('cache_size = -131072');
  // Checkpoint every ~64 MB of WAL rather than every 4 MB: pages rewritten by several batches
  // (FTS5 merges, B-tree interiors) reach the file once, and there are fewer fsyncs.
  db.pragma('wal_autocheckpoint = 16000');
  const writer = new IndexWriter(db);
  const log = new ChangeReader(db);
  /** The change log's position when the load began (snapshotAfterBulkLoad). */
  let loadBeganAt = 0;
  const waiting = new Map<number, WriterInput>();
  let nextSeq = 0;
  let broken: string | undefined;

  const drain = () => {
    for (let input = waiting.get(nextSeq); input; input = waiting.get(nextSeq)) {
      waiting.delete(nextSeq);
      nextSeq++;
      if ('error' in input) broken ??= input.error;
      if (broken !== undefined || 'error' in input) {
        port.postMessage({ event: { seq: input.seq, error: broken ?? 'failed' } satisfies WrittenEvent });
        continue;
      }
      try {
        const removed = input.remove.length > 0 ? writer.remove(input.remove) : [];
        const ids = writer.write(input.batch);
        port.postMessage({ event: { seq: input.seq, ids, removed } satisfies WrittenEvent });
      } catch (error) {
        broken = error instanceof Error ? error.message : String(error);
        port.postMessage({ event: { seq: input.seq, error: broken } satisfies WrittenEvent });
      }
    }
  };

  for (const analyser of data.analysers) {
    analyser.on('message', (input: WriterInput) => {
      waiting.set(input.seq, input);
      drain();
    });
  }
  serveRequests<WriteRequest, null>(port, (request) => {
    switch (request.kind) {
      case 'begin':
        writer.beginBulk();
        loadBeganAt = log.latest();
        return null;
      case 'end':
        writer.endBulk();
        try {
          snapshotAfterBulkLoad(db, log, data.file, loadBeganAt);
        } catch {
          // The snapshot only saves readers a full load of the columns.
        }
        db.pragma('wal_checkpoint(PASSIVE)');
        db.close();
        return null;
    }
  });
}

/**
 * A search worker thread (search-pool.ts): its own read-only engine over the index file, with its
 * own in-memory columns, which follow the writer's commits (change-log.ts). Piscina calls the
 * default export once per task; an EngineError goes back as data, as structured cloning keeps only
 * an error's message.
 */
import { workerData } from 'node:worker_threads';
import { segmentForSearch } from '../../analysis/chinese.js';
import { EngineError, type SearchEngine } from '../../search-engine.js';
import { inThreadTextMining, type TextMiningRunner } from '../../text-mining/runner.js';
import { createSqliteEngine, type TextSource } from './sqlite-engine.js';
import type { SearchTask, SearchTaskResult, SearchWorkerData } from './search-pool.js';

const data = workerData as SearchWorkerData;

async function openTextSource(): Promise<TextSource | undefined> {
  if (!data.textSource) return undefined;
  const module = (await import(data.textSource.module)) as { openTextSource(arg: unknown): TextSource };
  return module.openTextSource(data.textSource.arg);
}

const textSource = await openTextSource();
/** The stop flag of the task running (one at a time per worker): set by the pool past the budget. */
let stopFlag: Int32Array | undefined;

const engine = createSqliteEngine({
  file: data.file,
  readOnly: true,
  shouldStop: () => stopFlag !== undefined && Atomics.load(stopFlag, 0) !== 0,
  ...(textSource ? { textSource } : {}),
  ...(data.rankLimit !== undefined ? { rankLimit: data.rankLimit } : {}),
  ...(data.maxAnalysisTotal !== undefined ? { maxAnalysisTotal: data.maxAnalysisTotal } : {}),
  ...(data.clauseCacheMb !== undefined ? { clauseCache: { maxMb: data.clauseCacheMb } } : {}),
});

const textMining = inThreadTextMining(engine);

/**
 * While idle, the worker takes in what the writer committed (engine.catchUp() brings the columns up
 * to date, change-log.ts, and reads the new postings segments' directories) every CATCH_UP_MS: an
 * import's batches are read as they land instead of all at once by the next task, within its
 * budget (~80 µs a document), and the first search after a bulk load's merges does not read them.
 */
const CATCH_UP_MS = 500;
let isBusy = false;
/** Jieba's dictionary (~150 ms to build) is built on the first idle tick, not in the first semantic search nor before the worker is ready. */
let jiebaBuilt = false;
setInterval(() => {
  if (isBusy) return;
  if (!jiebaBuilt) {
    segmentForSearch('专利检索');
    jiebaBuilt = true;
  }
  void (engine.catchUp ? engine.catchUp() : engine.size());
}, CATCH_UP_MS).unref();

export default async function runSearchTask(task: SearchTask): Promise<SearchTaskResult> {
  if (task.method === 'ping') return { ok: true, value: null };
  stopFlag = task.stop;
  isBusy = true;
  try {
    const method = (
      task.method in textMining
        ? textMining[task.method as keyof TextMiningRunner]
        : engine[task.method as keyof SearchEngine]
    ) as (...args: unknown[]) => Promise<unknown>;
    return { ok: true, value: await method(...task.args) };
  } catch (error) {
    if (error instanceof EngineError) return { ok: false, code: error.code, params: error.params };
    throw error;
  } finally {
    stopFlag = undefined;
    isBusy = false;
  }
}

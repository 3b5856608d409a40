import { parentPort, workerData } from 'node:worker_threads';
import { SchemeIndex, type SchemeQuery } from './scheme-queries.js';

/**
 * The scheme worker's body (scheme-store.ts starts it): keeps the scheme trees and answers queries,
 * one at a time. Between queries, when none waits, it builds what is not built yet (the other tree,
 * the title search fields), one piece a turn, so that later first uses are quick.
 */
export interface SchemeRequest {
  id: number;
  query: SchemeQuery;
}

export type SchemeReply = { id: number; answer: unknown } | { id: number; error: string };

const port = parentPort;
if (port) {
  const index = new SchemeIndex((workerData as { dir: string }).dir);
  // One query at a time, in order; between them, when none waits, one warm-up step a turn.
  let queue = Promise.resolve();
  let waiting = 0;
  let warming = false;
  const warmLater = () => {
    if (warming) return;
    warming = true;
    setImmediate(() => {
      if (waiting > 0) {
        warming = false;
        return;
      }
      queue = queue
        .then(() => index.warmStep())
        .then((more) => {
          warming = false;
          if (more) warmLater();
        })
        .catch(() => {
          warming = false;
        });
    });
  };
  port.on('message', ({ id, query }: SchemeRequest) => {
    waiting += 1;
    queue = queue.then(async () => {
      let reply: SchemeReply;
      try {
        reply = { id, answer: await index.run(query) };
      } catch (err) {
        reply = { id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) };
      }
      waiting -= 1;
      port.postMessage(reply);
      warmLater();
    });
  });
}

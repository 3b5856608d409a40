/**
 * A long computation written once as a generator that yields between pieces of work, then run
 * either in one go (runSteps: text mining, inside a request that waits for it) or cooperatively
 * (runStepsInSlices: learning the semantic space from 20000 patents takes seconds, and the server
 * must keep answering meanwhile). A yield only marks a point where the work may pause.
 */
export type Steps<T> = Generator<void, T, void>;

/** Runs every step at once. */
export function runSteps<T>(steps: Steps<T>): T {
  let next = steps.next();
  while (!next.done) next = steps.next();
  return next.value;
}

/** Hands the event loop back (setImmediate) whenever a slice of `sliceMs` has been used up. */
export async function runStepsInSlices<T>(steps: Steps<T>, sliceMs: number): Promise<T> {
  let start = performance.now();
  let next = steps.next();
  while (!next.done) {
    if (performance.now() - start >= sliceMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      start = performance.now();
    }
    next = steps.next();
  }
  return next.value;
}

/** Spec 1 §9: "Chunk load timeout 120000 ms"; §8: "Chunk loading: error after 120 seconds". */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A page's code that did not arrive within CHUNK_LOAD_TIMEOUT_MS. */
export class ChunkLoadTimeoutError extends Error {
  constructor() {
    super(`The page's code did not load within ${CHUNK_LOAD_TIMEOUT_MS / 1000} s`);
    this.name = 'ChunkLoadTimeoutError';
  }
}

/**
 * A lazily imported module (a page, a layout), failed with ChunkLoadTimeoutError when it takes
 * longer than the timeout; the route's error page then offers a reload.
 */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadTimeoutError()), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** A failed lazy import: the build changed under an open page, or the network dropped. */
export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed|error loading dynamically|Loading chunk/i.test(
      error.message,
    )
  );
}

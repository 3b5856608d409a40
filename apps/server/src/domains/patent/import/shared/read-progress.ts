import type { ReadStream } from 'node:fs';

/**
 * How far the import has read each file, in raw (compressed) bytes, for its progress and ETA.
 * Formats open their files through open-text.ts / cn-open.ts, which register the file stream
 * here; the importer reads `bytesRead` off it when it reports progress (no listener is added, so
 * the stream's flow is untouched).
 */
const streams = new Map<string, ReadStream>();

export function trackFileRead(file: string, stream: ReadStream): void {
  // The latest stream of a file stands for it (format detection opens it first, the read again);
  // once closed it still tells how far it got, as a plain number.
  streams.set(file, stream);
}

/** Raw bytes read so far from the file's most recently opened stream (0 when it was never opened). */
export function fileBytesRead(file: string): number {
  return streams.get(file)?.bytesRead ?? 0;
}

/** Forgets a file once its import is over (the stream objects are not kept alive). */
export function forgetFileRead(file: string): void {
  streams.delete(file);
}

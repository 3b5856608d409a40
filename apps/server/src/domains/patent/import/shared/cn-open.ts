import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { trackFileRead } from './read-progress.js';

/** True when the file is gzip-compressed by name (`x.csv.gz`). */
export function isGzipName(file: string): boolean {
  return /\.gz$/i.test(file);
}

/** The file name without a trailing `.gz`, so formats can look at the real extension. */
export function stripGzName(file: string): string {
  return file.replace(/\.gz$/i, '');
}

/**
 * Opens a file as a byte stream, gunzipping `*.gz` on the fly so memory stays bounded
 * whatever the size. Errors of either stream surface on the returned one.
 */
export function openCnBytes(file: string): Readable {
  const raw = createReadStream(file);
  trackFileRead(file, raw);
  if (!isGzipName(file)) return raw;
  const gunzip = createGunzip();
  raw.on('error', (error) => gunzip.destroy(error));
  return raw.pipe(gunzip);
}

/** Same as openCnBytes, decoded as UTF-8 (multi-byte characters split across chunks are kept whole). */
export function openCnText(file: string): Readable {
  const stream = openCnBytes(file);
  stream.setEncoding('utf8');
  return stream;
}

/** Yields each line with its 1-based number; a leading BOM and `\r` line ends are removed. */
export async function* readCnLines(file: string): AsyncGenerator<{ line: number; text: string }> {
  const lines = createInterface({ input: openCnText(file), crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line += 1;
    yield { line, text: line === 1 ? text.replace(/^\uFEFF/, '') : text };
  }
}

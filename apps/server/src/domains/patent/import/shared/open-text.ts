import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { trackFileRead } from './read-progress.js';

/** True when the file is gzip-compressed (by name). */
export function isGzip(file: string): boolean {
  return file.toLowerCase().endsWith('.gz');
}

/** The file name a format should recognise: `.gz` removed. */
export function plainName(file: string): string {
  return isGzip(file) ? file.slice(0, -3) : file;
}

/** A UTF-8 text stream of the file, gunzipped on the fly when it ends in `.gz`. */
export function openText(file: string): Readable {
  const raw = createReadStream(file);
  trackFileRead(file, raw);
  if (!isGzip(file)) return raw.setEncoding('utf8');
  const gunzip = createGunzip();
  // A read error on the file would otherwise leave the gunzip stream waiting for ever.
  raw.on('error', (err) => gunzip.destroy(err));
  return raw.pipe(gunzip).setEncoding('utf8');
}

export interface TextLine {
  /** 1-based line number in the decompressed file. */
  line: number;
  text: string;
}

/** The file's lines one by one (without the line break), with their 1-based numbers. */
export async function* readLines(file: string): AsyncGenerator<TextLine> {
  const input = openText(file);
  const lines = createInterface({ input, crlfDelay: Infinity });
  let line = 0;
  try {
    for await (const text of lines) {
      line += 1;
      // A UTF-8 byte-order mark on the first line is not text.
      yield { line, text: line === 1 ? text.replace(/^\uFEFF/, '') : text };
    }
  } finally {
    lines.close();
    input.destroy();
  }
}

/** The first `max` characters of the file (decompressed), for format detection. */
export async function readHead(file: string, max = 4096): Promise<string> {
  const input = openText(file);
  let head = '';
  try {
    for await (const chunk of input) {
      head += chunk as string;
      if (head.length >= max) break;
    }
  } finally {
    input.destroy();
  }
  return head.slice(0, max).replace(/^\uFEFF/, '');
}

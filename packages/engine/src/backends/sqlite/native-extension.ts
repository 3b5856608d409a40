import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Database } from 'better-sqlite3';

/**
 * The engine's SQLite extension (native/patlas-fts.c, built at install by native/build.mjs):
 * `patlas_ids(rowid)`, the hit ids of a statement as one blob, and `patlas_near(fts, …)`, word
 * proximity checked on FTS5 position lists. src/ and dist/ sit at the same depth in the package.
 */
export const NATIVE_EXTENSION_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '..',
  'native',
  'build',
  'patlas-fts.so',
);

export function loadNativeExtension(db: Database): void {
  if (!existsSync(NATIVE_EXTENSION_FILE)) {
    throw new Error(
      `The search engine's SQLite extension is missing (${NATIVE_EXTENSION_FILE}). ` +
        '`npm install` builds it; or run `node packages/engine/native/build.mjs` (needs a C compiler).',
    );
  }
  // SQLite derives the entry point from the file name: sqlite3_patlasfts_init.
  db.loadExtension(NATIVE_EXTENSION_FILE);
}

/** A `patlas_ids()` blob as ids, ascending (FTS5 yields rowids in order; sorted here if not). */
export function idsOfBlob(blob: Buffer | null | undefined): Int32Array {
  if (!blob || blob.length === 0) return new Int32Array(0);
  const ids =
    blob.byteOffset % 4 === 0
      ? new Int32Array(blob.buffer, blob.byteOffset, blob.length / 4)
      : new Int32Array(blob.buffer.slice(blob.byteOffset, blob.byteOffset + blob.length));
  for (let i = 1; i < ids.length; i++) {
    if ((ids[i] as number) < (ids[i - 1] as number)) return ids.sort();
  }
  return ids;
}

/** Ascending ids as the bitset `patlas_in(rowid, bits)` reads: bit id of byte id >> 3. */
export function bitsetOf(ids: Int32Array): Buffer {
  const bits = Buffer.alloc(ids.length === 0 ? 1 : ((ids[ids.length - 1] as number) >> 3) + 1);
  for (let i = 0; i < ids.length; i++) {
    const id = ids[i] as number;
    bits[id >> 3] = (bits[id >> 3] as number) | (1 << (id & 7));
  }
  return bits;
}

/**
 * FTS5's averages record (`<table>_data` row 1): a varint row count, then each column's token
 * total (SQLite varints: 7 bits a byte, high bit while more follow). patlas_title_bm25 is given
 * the main table's figures so that title matches score as on the main table.
 */
export function decodeFtsAverages(block: Buffer | null | undefined): { rows: number; tokens: number } {
  const values: number[] = [];
  let at = 0;
  while (block && at < block.length) {
    let v = 0;
    let i = 0;
    for (; i < 8 && at + i < block.length; i++) {
      const byte = block[at + i] as number;
      v = v * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) break;
    }
    if (i === 8) v = v * 256 + (block[at + 8] as number);
    at += Math.min(i + 1, 9);
    values.push(v);
  }
  const [rows = 0, ...columns] = values;
  return { rows, tokens: columns.reduce((a, b) => a + b, 0) };
}

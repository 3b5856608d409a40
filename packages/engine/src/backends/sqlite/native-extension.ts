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

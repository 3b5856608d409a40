import { readFileSync } from 'node:fs';
import { loadWordVectors, type WordVectors } from '@patlas/engine';
import { SemanticModelError } from './onnx-embedder.js';

/** Files read in this process (tests build many apps; the vectors are read-only). */
const LOADED = new Map<string, { vectors: WordVectors; loadMs: number; bytes: number }>();

/**
 * The shipped word vectors (SEMANTIC_VECTORS_PATH, data/vectors/patlas-ft.vec), read once at
 * start: about 28 MB kept as int8 views on the file's bytes, dequantised a row at a time. A path
 * that does not hold a usable file stops the start with one line naming the variable.
 */
export function loadShippedVectors(file: string): { vectors: WordVectors; loadMs: number; bytes: number } {
  const hit = LOADED.get(file);
  if (hit) return hit;
  const started = performance.now();
  let loaded: WordVectors;
  let bytes: number;
  try {
    const buf = readFileSync(file);
    bytes = buf.length;
    loaded = loadWordVectors(buf);
  } catch (err) {
    throw new SemanticModelError(
      `SEMANTIC_VECTORS_PATH=${file}: the word vectors cannot be read (${err instanceof Error ? err.message : String(err)}); ` +
        'rebuild them with bench/scripts/train-vectors.ts, or set it to "off" to learn vectors from the corpus',
    );
  }
  const entry = { vectors: loaded, loadMs: performance.now() - started, bytes };
  LOADED.set(file, entry);
  return entry;
}

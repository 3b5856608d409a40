/**
 * Where benchmarks read and write, resolved from this file (so from the repository), never from a
 * machine's absolute paths nor from the working directory.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Benchmark output (indexes, generated corpora): bench/out/, git-ignored, absent in a fresh clone. */
export const OUT_DIR = path.join(REPO_ROOT, 'bench/out');

/**
 * Public data sets some benchmarks measure on (never the product or its tests): `../shared/data`
 * beside the repository, or PATLAS_SHARED_DATA (a git worktree elsewhere).
 */
export const SHARED_DATA = path.resolve(process.env.PATLAS_SHARED_DATA ?? path.resolve(REPO_ROOT, '../shared/data'));

/** A file in bench/out/, the folder created when missing. */
export function outFile(name: string): string {
  mkdirSync(OUT_DIR, { recursive: true });
  return path.join(OUT_DIR, name);
}

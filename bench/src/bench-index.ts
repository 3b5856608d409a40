/**
 * The generated index a benchmark runs on, in the file layout of search.bench.ts
 * (`<file>` + `<file>.json` with the build figures), reused when it holds the same corpus under the
 * current index schema, else rebuilt by streaming bench/corpus.ts into the SQLite engine's bulk load.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { INDEX_SCHEMA_VERSION, createSqliteEngine, type PostingsMode } from '@patlas/engine';
import type { Patent } from '@patlas/contracts';
import { generateCorpus, type FieldProfile } from '../corpus.js';

export interface BenchIndexInfo {
  size: number;
  seed: number;
  profile: FieldProfile;
  schema: number;
  /** The engine's postings mode while building: which postings the file keeps. */
  postings?: PostingsMode;
  seconds: number;
  recordsPerSecond: number;
  peakRssMb: number;
  sampleNumber: string;
  builtAt: string;
}

const BATCH = 2000;

export async function openBenchIndex(
  file: string,
  options: { size: number; seed: number; profile: FieldProfile; rebuild?: boolean; postings?: PostingsMode },
): Promise<BenchIndexInfo> {
  const { size, seed, profile } = options;
  const metaFile = `${file}.json`;
  if (!options.rebuild && existsSync(file) && existsSync(metaFile)) {
    const meta = JSON.parse(readFileSync(metaFile, 'utf8')) as BenchIndexInfo;
    const postings = options.postings ?? 'own';
    if (
      meta.schema === INDEX_SCHEMA_VERSION &&
      meta.size === size &&
      meta.seed === seed &&
      meta.profile === profile &&
      (meta.postings ?? 'own') === postings
    ) {
      console.log(`reusing ${path.relative(process.cwd(), file)} (built ${meta.builtAt})`);
      return meta;
    }
  }
  console.log(`building ${path.relative(process.cwd(), file)} …`);
  mkdirSync(path.dirname(file), { recursive: true });
  for (const ext of ['', '-wal', '-shm']) rmSync(file + ext, { force: true });
  // The import path (bulkLoad: analysis threads and a writer thread), as `patlas import` indexes.
  // With the engine's own postings and FTS5's by default (issue 44): the search bench times them side by side.
  const engine = createSqliteEngine({ file, loadColumns: 'first-use', postings: options.postings ?? 'own' });
  const load = engine.bulkLoad();
  const started = performance.now();
  let batch: Patent[] = [];
  let done = 0;
  let sampleNumber = '';
  for (const patent of generateCorpus({ count: size, seed, profile })) {
    if (done + batch.length === Math.floor(size / 3)) sampleNumber = patent.publicationNumber;
    batch.push(patent);
    if (batch.length === BATCH) {
      await load.index(batch);
      done += batch.length;
      batch = [];
      if (done % 100_000 === 0) {
        const s = (performance.now() - started) / 1000;
        console.log(`  indexed ${done} in ${s.toFixed(0)} s (${(done / s).toFixed(0)} records/s)`);
      }
    }
  }
  if (batch.length > 0) await load.index(batch);
  await load.finish();
  await engine.close();
  const seconds = (performance.now() - started) / 1000;
  const info: BenchIndexInfo = {
    size,
    seed,
    profile,
    schema: INDEX_SCHEMA_VERSION,
    postings: options.postings ?? 'own',
    seconds,
    recordsPerSecond: size / seconds,
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    sampleNumber,
    builtAt: new Date().toISOString(),
  };
  writeFileSync(metaFile, JSON.stringify(info, null, 2));
  console.log(`index build: ${info.recordsPerSecond.toFixed(0)} records/s (${seconds.toFixed(0)} s incl. generation)`);
  return info;
}

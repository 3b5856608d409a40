/**
 * Index build rate and size per postings choice (issue 44): the same generated corpus loaded by
 * the engine's bulk load (as `patlas import` indexes) into a file keeping FTS5's postings only
 * (the default), FTS5's and the engine's own (`own`, what search.bench.ts compares on), and the
 * engine's own only (`only`: no FTS5 row written). Prints records/s (the bulk load's own figure,
 * corpus generation included), the file's size and its largest tables.
 *
 *   npx tsx --conditions=@patlas/source bench/index-build.bench.ts --size 100000 [--profile full] [--modes fts5,own,only]
 *
 * Each file is bench/out/build-<size>-<profile>-<mode>.db, rebuilt on every run.
 */
import { existsSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import type { PostingsMode } from '@patlas/engine';
import type { FieldProfile } from './corpus.js';
import { openBenchIndex } from './src/bench-index.js';
import { outFile } from './src/paths.js';
import { formatTable } from './src/search-stats.js';

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '100000' },
    profile: { type: 'string', default: 'full' },
    modes: { type: 'string', default: 'fts5,own,only' },
  },
});
const size = Number(values.size);
const profile = values.profile as FieldProfile;
const modes = (values.modes as string).split(',') as PostingsMode[];

const fileSize = (file: string): number =>
  ['', '-wal', '-shm'].reduce((sum, ext) => sum + (existsSync(file + ext) ? statSync(file + ext).size : 0), 0);
const mb = (bytes: number): string => (bytes / 2 ** 20).toFixed(0);

/** The largest tables of the file (dbstat), in MB. */
function largestTables(file: string): string {
  const db = new Database(file, { readonly: true });
  try {
    const rows = db
      .prepare('SELECT name, sum(pgsize) AS bytes FROM dbstat GROUP BY name ORDER BY bytes DESC LIMIT 4')
      .all() as { name: string; bytes: number }[];
    return rows.map((r) => `${r.name} ${mb(r.bytes)}`).join(', ');
  } finally {
    db.close();
  }
}

console.log(`index build: ${size} generated '${profile}' records; ${os.cpus().length} × ${os.cpus()[0]?.model}`);
const rows: string[][] = [];
for (const mode of modes) {
  const file = outFile(`build-${size}-${profile}-${mode}.db`);
  // Each run builds afresh: the rate is the figure.
  const info = await openBenchIndex(file, { size, seed: 42, profile, rebuild: true, postings: mode });
  rows.push([mode, info.recordsPerSecond.toFixed(0), info.seconds.toFixed(0), mb(fileSize(file)), largestTables(file)]);
  for (const ext of ['', '-wal', '-shm', '.json']) rmSync(file + ext, { force: true });
}
console.log(formatTable(['postings', 'records/s', 's (incl. generation)', 'file MB', 'largest tables MB'], rows));

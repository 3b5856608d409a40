/**
 * How small a positional index of this corpus could be (issue 15's 3.5 GB at 1M `full` records):
 * the Elias–Fano size of every FTS5 posting list, beside what FTS5 takes for them.
 *
 *   npx tsx --conditions=@patlas/source bench/index-bound.ts [--size 1000000] [--profile full]
 *
 * Reads the index bench/search.bench.ts builds (bench/out/search-<size>-42-<profile>.db; build it
 * with that benchmark first). For every (term, column) of `fts` (fts5vocab), with N documents, df
 * documents holding the term in that column and cnt occurrences:
 * - document ids: df × (2 + log2(N / df)) bits (Elias–Fano over [0, N));
 * - occurrences per document: 1 bit where every document holds it once, else 2;
 * - positions: cnt × (2 + log2(L / tf)) bits, L the column's mean length over the N documents and
 *   tf = cnt / df (Elias–Fano of tf positions within a document of L);
 * - the term itself, front-coded to half its length.
 * Codecs in use are above such bounds, not below: it is a floor, not an estimate of a build.
 */
import { existsSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { loadNativeExtension } from '@patlas/engine';
import { outFile } from './src/paths.js';

interface ColumnBound {
  terms: number;
  entries: number;
  occurrences: number;
  idBits: number;
  tfBits: number;
  termBytes: number;
  /** df, cnt pairs: positions need the column's mean length, known after the pass. */
  pairs: number[];
}

const { values } = parseArgs({
  options: { size: { type: 'string', default: '1000000' }, profile: { type: 'string', default: 'full' } },
});
const file = outFile(`search-${values.size}-42-${values.profile}.db`);
if (!existsSync(file)) {
  console.error(
    `no index at ${file}: run bench/search.bench.ts --size ${values.size} --profile ${values.profile} first`,
  );
  process.exit(1);
}
const db = new Database(file, { readonly: true });
loadNativeExtension(db);
const n = db.prepare('SELECT count(*) FROM docs').pluck().get() as number;
db.exec("CREATE VIRTUAL TABLE temp.vocab_col USING fts5vocab(main, fts, 'col')");
const started = performance.now();
const columns = new Map<string, ColumnBound>();
for (const [col, term, df, cnt] of db
  .prepare('SELECT col, term, doc, cnt FROM temp.vocab_col')
  .raw()
  .iterate() as IterableIterator<[string, string, number, number]>) {
  let c = columns.get(col);
  if (!c)
    columns.set(col, (c = { terms: 0, entries: 0, occurrences: 0, idBits: 0, tfBits: 0, termBytes: 0, pairs: [] }));
  c.terms++;
  c.entries += df;
  c.occurrences += cnt;
  c.idBits += df * (2 + Math.log2(n / df));
  c.tfBits += df * (cnt === df ? 1 : 2);
  c.termBytes += Buffer.byteLength(term) / 2;
  c.pairs.push(df, cnt);
}
const gb = (bytes: number): string => (bytes / 1e9).toFixed(3);
const rows: string[] = [];
let total = 0;
for (const [col, c] of [...columns].sort((a, b) => b[1].occurrences - a[1].occurrences)) {
  const meanLength = c.occurrences / n;
  let positionBits = 0;
  for (let i = 0; i < c.pairs.length; i += 2) {
    const df = c.pairs[i] as number;
    const cnt = c.pairs[i + 1] as number;
    positionBits += cnt * (2 + Math.max(0, Math.log2(meanLength / (cnt / df))));
  }
  const bytes = (c.idBits + c.tfBits + positionBits) / 8 + c.termBytes;
  total += bytes;
  rows.push(
    `${col.padEnd(6)} ${String(c.terms).padStart(10)} ${String(c.entries).padStart(12)} ${String(c.occurrences).padStart(12)}` +
      `   ids ${gb(c.idBits / 8)}  tf ${gb(c.tfBits / 8)}  positions ${gb(positionBits / 8)}  terms ${gb(c.termBytes)}  = ${gb(bytes)} GB`,
  );
}
const ftsBytes = db.prepare("SELECT sum(pgsize) FROM dbstat WHERE name = 'fts_data'").pluck().get() as number;
console.log(
  `index ${file} (${(statSync(file).size / 1e9).toFixed(2)} GB file): ${n} documents, ${values.profile} profile`,
);
console.log('column      terms      entries  occurrences   Elias–Fano bound');
for (const row of rows) console.log(row);
console.log(
  `bound of all postings: ${gb(total)} GB; FTS5 holds them in ${gb(ftsBytes)} GB (${(ftsBytes / total).toFixed(2)}×)`,
);
console.log(`(${((performance.now() - started) / 1000).toFixed(0)} s)`);

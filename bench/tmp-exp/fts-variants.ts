import Database from 'better-sqlite3';
import { createReadStream, rmSync } from 'node:fs';
import { createGunzip } from 'node:zlib';
import readline from 'node:readline';
import { prepareDocs } from '../../packages/engine/src/backends/sqlite/index-writer.js';
import { FTS_COLUMNS } from '../../packages/engine/src/backends/sqlite/index-schema.js';

const N = Number(process.argv[2] ?? 20000);
const docs: any[] = [];
const rl = readline.createInterface({ input: createReadStream('bench/out/corpus-100000-42-full.jsonl.gz').pipe(createGunzip()) });
for await (const line of rl) { if (!line.trim()) continue; docs.push(JSON.parse(line)); if (docs.length >= N) break; }
let t = performance.now();
const prepared: any[] = [];
for (let i = 0; i < docs.length; i += 1000) prepared.push(...prepareDocs(docs.slice(i, i + 1000), { textsInStore: true }).batch.docs);
console.log('prepare s', ((performance.now() - t) / 1000).toFixed(1));
const clmIdx = FTS_COLUMNS.indexOf('clm');
for (const [name, opts, split] of [
  ['prefix1', "prefix='1'", false],
  ['noprefix', '', false],
  
] as const) {
  const file = `/tmp/fts-${name}.db`;
  rmSync(file, { force: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL'); db.pragma('synchronous = NORMAL');
  db.exec(`CREATE VIRTUAL TABLE fts USING fts5(${FTS_COLUMNS.join(', ')}, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0'${opts ? ', ' + opts : ''})`);
  if (split) db.exec(`CREATE VIRTUAL TABLE fclm USING fts5(clm, content='', detail=column, tokenize='unicode61 remove_diacritics 0')`);
  db.exec("INSERT INTO fts(fts, rank) VALUES('automerge', 16); INSERT INTO fts(fts, rank) VALUES('crisismerge', 64)");
  const ins = db.prepare(`INSERT INTO fts (rowid, ${FTS_COLUMNS.join(', ')}) VALUES (?, ${FTS_COLUMNS.map(() => '?').join(', ')})`);
  const insC = split ? db.prepare('INSERT INTO fclm (rowid, clm) VALUES (?, ?)') : undefined;
  t = performance.now();
  const tx = db.transaction((batch: any[], base: number) => {
    batch.forEach((d, j) => {
      const fts = [...d.fts];
      if (split) { insC!.run(base + j + 1, fts[clmIdx]); fts[clmIdx] = ''; }
      ins.run(base + j + 1, ...fts);
    });
  });
  for (let i = 0; i < prepared.length; i += 1000) tx(prepared.slice(i, i + 1000), i);
  const s = (performance.now() - t) / 1000;
  db.pragma('wal_checkpoint(TRUNCATE)');
  const size = (db.prepare('PRAGMA page_count').pluck().get() as number) * 4096 / 2 ** 20;
  console.log(name, 'insert s', s.toFixed(1), 'rec/s', Math.round(N / s), 'MB', size.toFixed(1), 'per-1M GB', (size * 1e6 / N / 1024).toFixed(2));
  db.close();
}

import Database from 'better-sqlite3';
import { createReadStream, rmSync } from 'node:fs';
import { createGunzip } from 'node:zlib';
import readline from 'node:readline';
import { prepareDocs } from '../../packages/engine/src/backends/sqlite/index-writer.js';
import { FTS_COLUMNS } from '../../packages/engine/src/backends/sqlite/index-schema.js';

const OFF = Number(process.argv[2] ?? 40000), N = Number(process.argv[3] ?? 20000);
const docs: any[] = [];
let i0 = 0;
const rl = readline.createInterface({ input: createReadStream('bench/out/corpus-100000-42-full.jsonl.gz').pipe(createGunzip()) });
for await (const line of rl) { if (i0++ < OFF) continue; docs.push(JSON.parse(line)); if (docs.length >= N) break; }
const prepared: any[] = [];
for (let i = 0; i < docs.length; i += 1000) prepared.push(...prepareDocs(docs.slice(i, i + 1000), { textsInStore: true }).batch.docs);
const ci = FTS_COLUMNS.indexOf('clm');
const reorder = (cols: string[]) => ['clm', ...cols.filter((c) => c !== 'clm')];
type V = { name: string; cols: string[]; opts: string; splitClm?: string };
const variants: V[] = [
  { name: 'prefix1', cols: [...FTS_COLUMNS], opts: ", prefix='1'" },
  { name: 'noprefix', cols: [...FTS_COLUMNS], opts: '' },
  { name: 'noprefix-clmfirst', cols: reorder([...FTS_COLUMNS]), opts: '' },
  { name: 'noprefix-clmfirst-pgsz8000', cols: reorder([...FTS_COLUMNS]), opts: '', },
  { name: 'noprefix-clmsplit-full', cols: [...FTS_COLUMNS], opts: '', splitClm: "detail=full" },
  { name: 'noprefix-clmsplit-column', cols: [...FTS_COLUMNS], opts: '', splitClm: "detail=column" },
];
for (const v of variants) {
  const file = `/tmp/fts2-${v.name}.db`;
  rmSync(file, { force: true }); rmSync(file + '-wal', { force: true });
  const db = new Database(file);
  db.pragma('journal_mode = WAL'); db.pragma('synchronous = NORMAL');
  db.exec(`CREATE VIRTUAL TABLE fts USING fts5(${v.cols.join(', ')}, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 0'${v.opts})`);
  if (v.name.includes('pgsz')) db.exec("INSERT INTO fts(fts, rank) VALUES('pgsz', 8000)");
  if (v.splitClm) db.exec(`CREATE VIRTUAL TABLE fclm USING fts5(clm, content='', contentless_delete=1, ${v.splitClm}, tokenize='unicode61 remove_diacritics 0')`);
  db.exec("INSERT INTO fts(fts, rank) VALUES('automerge', 16); INSERT INTO fts(fts, rank) VALUES('crisismerge', 64)");
  const ins = db.prepare(`INSERT INTO fts (rowid, ${v.cols.join(', ')}) VALUES (?, ${v.cols.map(() => '?').join(', ')})`);
  const insC = v.splitClm ? db.prepare('INSERT INTO fclm (rowid, clm) VALUES (?, ?)') : undefined;
  const t = performance.now();
  const tx = db.transaction((batch: any[], base: number) => {
    batch.forEach((d, j) => {
      const byName = new Map(FTS_COLUMNS.map((c, k) => [c as string, d.fts[k] as string]));
      if (v.splitClm) { insC!.run(base + j + 1, byName.get('clm')); byName.set('clm', ''); }
      ins.run(base + j + 1, ...v.cols.map((c) => byName.get(c)));
    });
  });
  for (let i = 0; i < prepared.length; i += 1000) tx(prepared.slice(i, i + 1000), i);
  const s = (performance.now() - t) / 1000;
  db.pragma('wal_checkpoint(TRUNCATE)');
  const size = (db.prepare('PRAGMA page_count').pluck().get() as number) * 4096 / 2 ** 20;
  console.log(v.name.padEnd(28), 'insert s', s.toFixed(1), 'rec/s', Math.round(N / s), 'MB', size.toFixed(1), 'KB/doc', (size * 1024 / N).toFixed(2));
  db.close();
}

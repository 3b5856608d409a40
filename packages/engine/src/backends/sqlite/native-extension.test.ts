import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { QueryNode } from '@patlas/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BM25_WEIGHTS } from './index-schema.js';
import type { IndexablePatent } from './index-tokens.js';
import { bitsetOf, idsOfBlob, loadNativeExtension } from './native-extension.js';
import { createSqliteEngine } from './sqlite-engine.js';

const WORDS = ['数据', '处理', '图像', '电池', '正极', 'data', 'processing', 'battery', 'image', 'sensor', '一种'];

function generate(n: number, from: number, seed0: number): IndexablePatent[] {
  let seed = seed0;
  const rnd = (k: number): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % k;
  };
  const text = (len: number): string => Array.from({ length: len }, () => WORDS[rnd(WORDS.length)]).join(' ');
  return Array.from({ length: n }, (_, i) => ({
    publicationNumber: `CN${500000 + from + i}A`,
    country: 'CN',
    title: { text: text(1 + rnd(6)) },
    abstract: { text: text(5 + rnd(30)) },
    claims: { text: text(rnd(40)) },
  }));
}

const span = { start: 0, end: 0 };

const MATCHES = [
  '{ti ab clm}: ("数据")',
  '{ti tiw}: ("一种")',
  '({ti ab clm}: ("数据")) OR ({ti ab clm}: ("data"))',
  '({ti ab clm}: ("一种")) AND ({ti}: ("sensor"))',
  '{ti ab clm}: (NEAR("图像" "sensor", 3))',
  '({ti ab clm}: ("电池")) NOT ({ti ab clm}: ("正极"))',
];

describe('the engine SQLite extension (native/patlas-fts.c)', () => {
  let dir: string;
  let file: string;
  let db: Database.Database;
  const weights = BM25_WEIGHTS.join(', ');

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'patlas-native-'));
    file = path.join(dir, 'index.db');
    const engine = createSqliteEngine({ file });
    await engine.index(generate(1500, 0, 3));
    await engine.close();
    db = new Database(file);
    loadNativeExtension(db);
  });
  afterAll(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('patlas_ids answers the ids a MATCH yields, ascending, as one blob', () => {
    for (const match of [...MATCHES, '{ti}: ("nothing")']) {
      const rows = db.prepare('SELECT rowid FROM fts WHERE fts MATCH ? ORDER BY rowid').pluck().all(match) as number[];
      const blob = db.prepare('SELECT patlas_ids(rowid) FROM fts WHERE fts MATCH ?').pluck().get(match) as Buffer;
      expect(Array.from(idsOfBlob(blob)), match).toEqual(rows);
    }
    expect(rowsOf('{ti}: ("nothing")')).toHaveLength(0);
  });

  function rowsOf(match: string): [number, number][] {
    return db
      .prepare(`SELECT rowid, bm25(fts, ${weights}) FROM fts WHERE fts MATCH ? ORDER BY rowid`)
      .raw()
      .all(match) as [number, number][];
  }
  function patlasRowsOf(match: string, generation: number): [number, number][] {
    return db
      .prepare(`SELECT rowid, patlas_bm25(fts, :m, :g, ${weights}) FROM fts WHERE fts MATCH :m ORDER BY rowid`)
      .raw()
      .all({ m: match, g: generation }) as [number, number][];
  }

  it('patlas_bm25 gives the very doubles of bm25(), from its first statement and from its kept counts', () => {
    for (const match of MATCHES) {
      const expected = rowsOf(match);
      expect(expected.length, match).toBeGreaterThan(10);
      expect(patlasRowsOf(match, 1), match).toEqual(expected);
      expect(patlasRowsOf(match, 1), match).toEqual(expected);
    }
  });

  it('patlas_bm25 counts again after a write, whether or not the generation moved', async () => {
    for (const match of MATCHES) patlasRowsOf(match, 7);
    // Another connection writes (as a bulk load's writer thread does): the counts change.
    const writes = [generate(400, 2000, 5), generate(300, 3000, 9)];
    for (const [i, docs] of writes.entries()) {
      const writer = createSqliteEngine({ file });
      await writer.index(docs);
      await writer.close();
      for (const match of MATCHES) {
        const expected = rowsOf(match);
        expect(expected, match).not.toEqual([]);
        // Same generation as before the write: the row count tells the counts apart.
        expect(patlasRowsOf(match, 7), `${match} (write ${i})`).toEqual(expected);
        expect(patlasRowsOf(match, 8 + i), `${match} (write ${i})`).toEqual(expected);
      }
    }
  });

  it('patlas_in tests the bits bitsetOf sets', () => {
    const hits = Int32Array.from([0, 3, 7, 8, 9, 64, 1499]);
    const bits = bitsetOf(hits);
    const inSet = db.prepare('SELECT patlas_in(?, ?)').pluck();
    for (let id = 0; id < 1600; id++) expect(inSet.get(id, bits), String(id)).toBe(hits.includes(id) ? 1 : 0);
    expect(inSet.get(-1, bits)).toBe(0);
  });

  it('a large compound hit set scores its newest hits matching in the title, not other documents', async () => {
    // Every title says "data"; only the first 100 documents (the oldest ids) are in the date range.
    const engine = createSqliteEngine({ file: ':memory:', rankLimit: 5 });
    await engine.index(
      Array.from({ length: 200 }, (_, i) => ({
        publicationNumber: `CN${700000 + i}A`,
        country: 'CN',
        publicationDate: i < 100 ? '2015-06-01' : '2022-06-01',
        title: { text: i % 2 === 0 ? 'data sensor' : 'data' },
      })),
    );
    const ast: QueryNode = {
      kind: 'And',
      children: [
        { kind: 'Term', field: null, value: 'data', phrase: false, span },
        { kind: 'Range', field: 'PD', from: '2010', to: '2020', includeFrom: true, includeTo: true, span },
      ],
      span,
    };
    const res = await engine.search({ ast, pageSize: 10 });
    expect(res.total).toBe(100);
    const scored = res.items.filter((item) => (item.score ?? 0) > 0).map((item) => item.publicationNumber);
    expect(scored.sort()).toEqual(['CN700095A', 'CN700096A', 'CN700097A', 'CN700098A', 'CN700099A']);
    await engine.close();
  });

  it('the engine ranks with it: a search over the file gives bm25 order', async () => {
    const engine = createSqliteEngine({ file, readOnly: true });
    try {
      const res = await engine.search({
        ast: { kind: 'Term', field: null, value: '数据', phrase: false, span: { start: 0, end: 0 } },
        pageSize: 20,
      });
      expect(res.total).toBe(rowsOf('{ti ab clm}: ("数据")').length);
      const scores = res.items.map((item) => item.score as number);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    } finally {
      await engine.close();
    }
  });
});

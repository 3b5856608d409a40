import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseExpression, type QueryNode } from '@patlas/query';
import { recordVersion } from '../../record-version.js';
import { DocColumns } from './doc-columns.js';
import { createSqliteEngine } from './sqlite-engine.js';
import { analyseDoc, type IndexablePatent } from './index-tokens.js';

function parse(expression: string): QueryNode {
  const parsed = parseExpression(expression);
  if (!parsed.ok) throw new Error(expression);
  return parsed.ast;
}

function patent(n: number, valueScore?: number): IndexablePatent {
  return {
    publicationNumber: `CN11000000${n}A`,
    country: 'CN',
    title: { text: `一种电池${n}` },
    applicationDate: '2020-01-01',
    ...(valueScore === undefined ? {} : { valueScore }),
  };
}

describe('value scores in the sqlite engine', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'patlas-value-scores-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('searches PV, sorts by value and shows the score on hits', async () => {
    const engine = createSqliteEngine({ file: path.join(dir, 'index.db') });
    await engine.index([patent(1, 91.5), patent(2, 40), patent(3, 80), patent(4)]);
    const high = await engine.search({ ast: parse('PV>=80'), sort: { field: 'value' } });
    expect(high.items.map((h) => [h.publicationNumber, h.valueScore])).toEqual([
      ['CN110000001A', 91.5],
      ['CN110000003A', 80],
    ]);
    const all = await engine.search({ ast: parse('TI=电池'), sort: { field: 'value', order: 'asc' } });
    // Records without a score come last whatever the order.
    expect(all.items.map((h) => h.publicationNumber)).toEqual([
      'CN110000002A',
      'CN110000003A',
      'CN110000001A',
      'CN110000004A',
    ]);
    expect(all.items[3]).not.toHaveProperty('valueScore');
    await engine.close();
  });

  it('counts patents by value band (the value distribution), following scores set later, in the writer and a reader', async () => {
    const file = path.join(dir, 'index.db');
    const engine = createSqliteEngine({ file });
    await engine.index([patent(1, 91.5), patent(2, 40), patent(3, 100), patent(4), patent(5, 0)]);
    const reader = createSqliteEngine({ file, readOnly: true });
    const bands = async (e: typeof engine) => {
      const { result } = await e.aggregate(parse('TI=电池'), { kind: 'terms', dimension: 'valueBand', limit: 10 });
      if (result.kind !== 'terms') throw new Error(result.kind);
      return result.buckets.map((b) => [b.key, b.count]);
    };
    // Lowest band first (a distribution, not a ranking); 100 falls in the top band; a patent without a score in none.
    expect(await bands(engine)).toEqual([
      ['0-10', 1],
      ['40-50', 1],
      ['90-100', 2],
    ]);
    await engine.setValueScores([
      { publicationNumber: 'CN110000002A', valueScore: 95 },
      { publicationNumber: 'CN110000004A', valueScore: 55 },
      { publicationNumber: 'CN110000005A', valueScore: null },
    ]);
    for (const e of [engine, reader]) {
      expect(await bands(e)).toEqual([
        ['50-60', 1],
        ['90-100', 3],
      ]);
      // A chart element opens as the set + its band.
      const band = await e.search({ ast: parse('TI=电池'), filters: [{ field: 'valueBand', values: ['50-60'] }] });
      expect(band.items.map((h) => h.publicationNumber)).toEqual(['CN110000004A']);
    }
    await reader.close();
    await engine.close();
  });

  it('keeps the store version of a record indexed with a score', async () => {
    const engine = createSqliteEngine({ file: path.join(dir, 'index.db') });
    const { valueScore: _score, ...record } = patent(1, 77);
    const scored: IndexablePatent = { ...record, valueScore: 77 };
    await engine.index([scored]);
    const [version] = await engine.versions({ keys: ['CN110000001A'] });
    expect(version?.version).toBe(recordVersion(JSON.stringify(record)));
    await engine.close();
  });

  it('sets scores without indexing again, seen by another connection (a search worker)', async () => {
    const file = path.join(dir, 'index.db');
    const engine = createSqliteEngine({ file });
    await engine.index([patent(1, 10), patent(2, 20)]);
    const reader = createSqliteEngine({ file, readOnly: true });
    expect((await reader.search({ ast: parse('PV>=50') })).total).toBe(0);

    const updated = await engine.setValueScores([
      { publicationNumber: 'CN 110000001 A', valueScore: 88 },
      { publicationNumber: 'CN110000002A', valueScore: null },
      { publicationNumber: 'CN999999999A', valueScore: 50 },
    ]);
    expect(updated).toBe(2);
    for (const e of [engine, reader]) {
      const hits = await e.search({ ast: parse('PV>=50') });
      expect(hits.items.map((h) => [h.publicationNumber, h.valueScore])).toEqual([['CN110000001A', 88]]);
      const cleared = await e.get(['CN110000002A']);
      expect(cleared).toHaveLength(1);
      expect((await e.search({ ast: parse('PV<=100') })).total).toBe(1);
    }
    await reader.close();
    await engine.close();
  });

  it('reloads a document whose score changed without growing the columns pool', () => {
    const columns = new DocColumns();
    const doc: IndexablePatent = {
      ...patent(1, 10),
      applicants: [{ name: '宁德时代新能源科技股份有限公司' }],
      inventors: [{ name: '张伟' }, { name: '李娜' }],
      classifications: { ipc: ['H01M4/525', 'H01M10/0525'] },
    };
    columns.set(7, analyseDoc(doc, new Map()).cols);
    const used = columns.poolUsed;
    // What a search worker does when the change log names the document: its whole columns again.
    columns.set(7, analyseDoc({ ...doc, valueScore: 90 }, new Map()).cols);
    expect(columns.poolUsed).toBe(used);
    expect(columns.ranges.pv[7]).toBe(90);
    expect(columns.valuesOf('inventor', 7)).toEqual(['张伟', '李娜']);
    // A document with more values than before gets a new place.
    columns.set(
      7,
      analyseDoc({ ...doc, inventors: [{ name: '张伟' }, { name: '李娜' }, { name: '王强' }] }, new Map()).cols,
    );
    expect(columns.valuesOf('inventor', 7)).toEqual(['张伟', '李娜', '王强']);
  });
});

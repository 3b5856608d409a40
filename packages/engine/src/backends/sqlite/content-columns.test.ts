import { describe, expect, it } from 'vitest';
import { CONTENT_FIELDS, compileQuery } from './compile-query.js';
import { DocColumns } from './doc-columns.js';
import { analyseDoc, type DocColumnValues, type IndexablePatent } from './index-tokens.js';

const record = (extra: Partial<IndexablePatent>): IndexablePatent => ({
  publicationNumber: 'CN107274401A',
  country: 'CN',
  title: { text: '一种头戴显示设备' },
  applicants: [],
  inventors: [],
  ...extra,
});

describe('what a record holds, as engine-only columns (issue 43)', () => {
  it('counts drawings and marks claims or description text as full text', () => {
    const cols = (extra: Partial<IndexablePatent>) => analyseDoc(record(extra), new Map()).cols;
    expect(cols({})).toMatchObject({ drw: 0, ftx: 0 });
    expect(cols({ drawings: [{ file: 'a.png' }, { file: 'b.png' }] })).toMatchObject({ drw: 2, ftx: 0 });
    expect(cols({ claims: { text: '1. 一种光学模组。' } })).toMatchObject({ ftx: 1 });
    expect(cols({ description: { text: '技术领域' } })).toMatchObject({ ftx: 1 });
    expect(cols({ claims: { text: '  ' } })).toMatchObject({ ftx: 0 });
  });

  it('reads a row written before these columns as unknown: no range on them matches it', () => {
    const base = analyseDoc(record({}), new Map()).cols;
    const { drw: _drw, ftx: _ftx, ...older } = base;
    const columns = new DocColumns();
    columns.set(1, { ...base, drw: 3, ftx: 1 });
    columns.set(2, base);
    columns.set(3, older as DocColumnValues);
    const atLeast = (column: 'drw' | 'ftx', min: number) =>
      [1, 2, 3].filter((id) => columns.rangePredicate(column, min, undefined, true, true)(id));
    expect(atLeast('drw', 1)).toEqual([1]);
    expect(atLeast('ftx', 1)).toEqual([1]);
    // Known (0 or more): the older row is neither with nor without.
    expect(atLeast('ftx', 0)).toEqual([1, 2]);
  });

  it('compiles the engine-only fields to column ranges', () => {
    const span = { start: 0, end: 0 };
    for (const [field, column] of [
      [CONTENT_FIELDS.drawings, 'drw'],
      [CONTENT_FIELDS.fullText, 'ftx'],
    ] as const) {
      const range = { kind: 'Range', field, from: '1', includeFrom: true, includeTo: true, span } as const;
      const plan = compileQuery(range, { expandWord: () => [] });
      expect(plan).toMatchObject({ kind: 'range', column, from: 1 });
    }
  });
});

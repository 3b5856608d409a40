import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NearNode, QueryNode, TermNode } from '@patlas/query';
import { analyseTerm, findTerm, type Occurrence } from '../../analysis/query-terms.js';
import { segmentUnits } from '../../analysis/text-normalise.js';
import { asciiNearHolds, compileQuery, hasWideOr, printPlan, wordSequenceRegExp } from './compile-query.js';
import { createSqliteEngine } from './sqlite-engine.js';
import type { IndexablePatent } from './index-tokens.js';

const span = { start: 0, end: 0 };
const term = (value: string, phrase = false): TermNode => ({ kind: 'Term', field: 'TI', value, phrase, span });

/** Pieces chosen so that sides overlap (图像/像素), repeat, share stems (process/processing) and mix scripts. */
const PIECES = [
  '图',
  '像',
  '素',
  '数',
  '据',
  '图像',
  'data',
  'Data',
  'processing',
  'processes',
  'image',
  '7',
  '。',
  ' ',
  ', ',
];
const SIDES = ['图像', '像素', '数据', '图', 'data', 'processing', 'image', 'data processing', '7'];

function reference(text: string, near: NearNode): boolean {
  const units = segmentUnits(text);
  const phrase = (t: TermNode): ReturnType<typeof analyseTerm> => analyseTerm(t.value, true);
  const ls = findTerm(phrase(near.left), text, units) ?? [];
  const rs = findTerm(phrase(near.right), text, units) ?? [];
  const d = near.distance ?? 0;
  const gap = (a: Occurrence, b: Occurrence): boolean => b.first > a.last && b.first - a.last - 1 <= d;
  return ls.some((l) => rs.some((r) => gap(l, r) || (!near.ordered && gap(r, l))));
}

function randomTitles(count: number, seed0: number): string[] {
  let seed = seed0;
  const rnd = (k: number): number => {
    seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
    return (seed >>> 8) % k;
  };
  const titles: string[] = [];
  for (let i = 0; i < count; i++) {
    let s = '';
    const n = 2 + rnd(12);
    for (let j = 0; j < n; j++) {
      const p = PIECES[rnd(PIECES.length)] as string;
      s += /^[a-z0-9]/i.test(p) && /[a-z0-9]$/i.test(s) ? ` ${p}` : p;
    }
    titles.push(s);
  }
  return titles;
}

describe('SQLite fast paths', () => {
  it('reloads the in-memory columns from doc_cols when a file is reopened, after upsert and removal', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'patlas-engine-'));
    const file = path.join(dir, 'index.db');
    try {
      const doc = (n: number, pd: string): IndexablePatent => ({
        publicationNumber: `CN${300000 + n}A`,
        country: 'CN',
        publicationDate: pd,
        title: { text: '图像数据' },
      });
      const first = createSqliteEngine({ file });
      await first.index([doc(1, '2015-01-01'), doc(2, '2016-01-01'), doc(3, '2017-01-01')]);
      await first.index([doc(2, '2019-06-01')]);
      await first.remove(['CN300003A']);
      await first.close();
      const again = createSqliteEngine({ file });
      const range: QueryNode = { kind: 'Range', field: 'PD', from: '2018', includeFrom: true, includeTo: true, span };
      expect(await again.size()).toBe(2);
      expect((await again.search({ ast: range })).items.map((h) => h.publicationNumber)).toEqual(['CN300002A']);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('pages ranked in SQLite equal the general path (ties included)', async () => {
    const engine = createSqliteEngine({ file: ':memory:' });
    await engine.index(
      randomTitles(300, 11).map((title, i) => ({
        publicationNumber: `CN${200000 + i}A`,
        country: 'CN',
        publicationDate: `20${10 + (i % 7)}-01-01`,
        title: { text: title },
      })),
    );
    const parse = (v: string): TermNode => ({ ...term(v), field: null });
    const asts = [
      parse('data'),
      parse('图像'),
      { ...parse('data processing'), phrase: true },
      { kind: 'And', children: [parse('data'), parse('图像')], span } as const,
      {
        kind: 'Near',
        field: null,
        left: parse('图像'),
        right: parse('数据'),
        ordered: false,
        unit: 'word',
        distance: 2,
        span,
      } as const,
    ];
    for (const ast of asts) {
      for (const page of [1, 2, 3]) {
        const fast = await engine.search({ ast, page, pageSize: 10 });
        const general = await engine.search({ ast, page, pageSize: 10, facets: ['year'] });
        expect(fast.total).toBe(general.total);
        expect(fast.items.map((h) => [h.publicationNumber, h.score])).toEqual(
          general.items.map((h) => [h.publicationNumber, h.score]),
        );
      }
    }
    await engine.close();
  });

  it('evaluates wide ORs one condition at a time, with the hits the definition gives', async () => {
    const WORDS =
      'alpha bravo charlie delta echo foxtrot golf hotel india juliet kilo lima mike november oscar papa quebec romeo sierra tango uniform victor whiskey xray yankee zulu anchor bridge castle dragon'.split(
        ' ',
      );
    let seed = 5;
    const rnd = (k: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % k;
    };
    const titles = Array.from({ length: 600 }, () =>
      Array.from({ length: 1 + rnd(4) }, () => WORDS[rnd(WORDS.length)] as string),
    );
    const engine = createSqliteEngine({ file: ':memory:' });
    await engine.index(
      titles.map((words, i) => ({
        publicationNumber: `CN${400000 + i}A`,
        country: 'CN',
        title: { text: words.join(' ') },
      })),
    );
    const word = (w: string): TermNode => ({ ...term(w), field: 'TI' });
    const or = (ws: readonly string[]): QueryNode => ({ kind: 'Or', children: ws.map(word), span });
    const groupA = WORDS.slice(0, 16);
    const groupB = WORDS.slice(10, 26);
    const excluded = WORDS.slice(20, 24);
    const ast: QueryNode = {
      kind: 'And',
      children: [or(groupA), or(groupB), { kind: 'Not', child: or(excluded), span }],
      span,
    };
    const plan = compileQuery(ast, { expandWord: () => [] });
    expect(plan.kind === 'fts' && plan.tree !== undefined && hasWideOr(plan.tree)).toBe(true);
    const expected = titles
      .map((words, i) => ({ words, pn: `CN${400000 + i}A` }))
      .filter(
        ({ words }) =>
          words.some((w) => groupA.includes(w)) &&
          words.some((w) => groupB.includes(w)) &&
          !words.some((w) => excluded.includes(w)),
      )
      .map((d) => d.pn)
      .sort();
    expect(expected.length).toBeGreaterThan(50);
    const found: string[] = [];
    for (let page = 1; found.length < expected.length && page < 20; page++) {
      found.push(...(await engine.search({ ast, page, pageSize: 100 })).items.map((h) => h.publicationNumber));
    }
    expect(found.sort()).toEqual(expected);
    expect(await engine.count(ast)).toBe(expected.length);
    await engine.close();
  });

  it('NEAR-exact and fast-checked proximity agree with the unit-by-unit definition', async () => {
    let seed = 7;
    const rnd = (k: number): number => {
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      return (seed >>> 8) % k;
    };
    const titles: string[] = [];
    for (let i = 0; i < 400; i++) {
      let s = '';
      const n = 2 + rnd(12);
      for (let j = 0; j < n; j++) {
        const p = PIECES[rnd(PIECES.length)] as string;
        s += /^[a-z0-9]/i.test(p) && /[a-z0-9]$/i.test(s) ? ` ${p}` : p;
      }
      titles.push(s);
    }
    const engine = createSqliteEngine({ file: ':memory:' });
    const docs: IndexablePatent[] = titles.map((title, i) => ({
      publicationNumber: `CN${100000 + i}A`,
      country: 'CN',
      title: { text: title },
    }));
    await engine.index(docs);
    let checked = 0;
    for (const a of SIDES) {
      for (const b of SIDES) {
        for (const ordered of [false, true]) {
          for (const distance of [0, 1, 3]) {
            const near: NearNode = {
              kind: 'Near',
              field: 'TI',
              left: term(a),
              right: term(b),
              ordered,
              unit: 'word',
              distance,
              span,
            };
            const found: string[] = [];
            let total = 0;
            for (let page = 1; page === 1 || found.length < total; page++) {
              const res = await engine.search({ ast: near, page, pageSize: 100 });
              total = res.total;
              found.push(...res.items.map((h) => h.publicationNumber));
            }
            const expected = docs
              .filter((_, i) => reference(titles[i] as string, near))
              .map((d) => d.publicationNumber);
            const label = `${a} ${ordered ? 'W' : 'N'}/${distance} ${b}`;
            expect(found.sort(), label).toEqual(expected.sort());
            expect(total, label).toBe(expected.length);
            checked += expected.length;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(1000);
    await engine.close();
  });

  it('checks word proximity of two single phrases on FTS5 positions, and other proximity on the text', () => {
    const ctx = { expandWord: () => [] };
    const near = (left: string, right: string, ordered: boolean, unit: NearNode['unit'] = 'word'): string =>
      printPlan(
        compileQuery(
          { kind: 'Near', field: 'TI', left: term(left), right: term(right), ordered, unit, distance: 3, span },
          ctx,
        ),
      );
    expect(near('数据', 'data processing', true)).toMatch(/W\/3 on positions\)$/);
    expect(near('图像', '像素', false)).toMatch(/N\/3 on positions\)$/);
    // Same sentence or paragraph needs the text.
    expect(near('数据', '图像', false, 'sentence')).not.toMatch(/on positions/);
    expect(near('数据', '图像', true, 'paragraph')).not.toMatch(/on positions/);
  });

  it('checks ASCII word proximity by regular expression as the unit-by-unit definition does', () => {
    const text = 'Data-processing: the DATA processes, 7 data data processed x';
    const forms = { data: ['data'], process: ['process', 'processes', 'processed', 'processing'] };
    const near = (a: string, b: string, ordered: boolean, distance: number): boolean => {
      const node: NearNode = {
        kind: 'Near',
        field: 'TI',
        left: term(a),
        right: term(b),
        ordered,
        unit: 'word',
        distance,
        span,
      };
      return reference(text, node);
    };
    const re = (...stems: (keyof typeof forms)[]): RegExp => wordSequenceRegExp(stems.map((s) => forms[s]));
    for (const distance of [0, 1, 2, 5]) {
      for (const ordered of [false, true]) {
        expect(asciiNearHolds(text, re('data'), re('process'), distance, ordered)).toBe(
          near('data', 'processing', ordered, distance),
        );
        expect(asciiNearHolds(text, re('process'), re('data'), distance, ordered)).toBe(
          near('processing', 'data', ordered, distance),
        );
        expect(asciiNearHolds(text, re('data'), re('data'), distance, ordered)).toBe(
          near('data', 'data', ordered, distance),
        );
        expect(asciiNearHolds(text, re('data', 'data'), re('process'), distance, ordered)).toBe(
          near('"data data"', 'processing', ordered, distance),
        );
      }
    }
    expect(asciiNearHolds(text, re('data'), re('process'), 0, true)).toBe(true);
    expect(asciiNearHolds(text, re('process'), re('data'), 0, true)).toBe(false);
  });
});

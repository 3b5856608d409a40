import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseExpression, type QueryNode } from '@patlas/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClauseCache } from './clause-cache.js';
import type { IndexablePatent } from './index-tokens.js';
import { createSqliteEngine } from './sqlite-engine.js';

const ids = (...values: number[]): Int32Array => Int32Array.from(values);

function parse(expression: string): QueryNode {
  const parsed = parseExpression(expression);
  if (!parsed.ok) throw new Error(`${expression}: ${parsed.errors.map((e) => e.code).join(', ')}`);
  return parsed.ast;
}

describe('ClauseCache', () => {
  it('keeps what was costly, for one generation, and hands out copies', () => {
    const cache = new ClauseCache({ maxBytes: 1 << 20, minCostMs: 0 });
    cache.useGeneration(1);
    let computed = 0;
    const compute = () => {
      computed++;
      return ids(1, 2, 3);
    };
    const first = cache.idsOf('a', compute);
    first[0] = 99; // the caller reorders or overwrites its array
    const second = cache.idsOf('a', compute);
    expect([...second]).toEqual([1, 2, 3]);
    second.fill(0);
    expect([...cache.idsOf('a', compute)]).toEqual([1, 2, 3]);
    expect(computed).toBe(1);
    expect(cache.countOf('a', () => 42)).toBe(3);
    expect(cache.stats()).toMatchObject({ entries: 1, hits: 3, misses: 1 });

    cache.useGeneration(1);
    cache.idsOf('a', compute);
    expect(computed).toBe(1);
    // Any index write moves the generation: nothing kept survives it.
    cache.useGeneration(2);
    cache.idsOf('a', compute);
    expect(computed).toBe(2);
  });

  it('does not keep what was cheap, or anything with no budget', () => {
    const slow = new ClauseCache({ maxBytes: 1 << 20, minCostMs: 60_000 });
    let computed = 0;
    const compute = () => {
      computed++;
      return ids(1);
    };
    slow.idsOf('a', compute);
    slow.idsOf('a', compute);
    expect(computed).toBe(2);
    expect(slow.countOf('c', () => 5)).toBe(5);
    expect(slow.countOf('c', () => 6)).toBe(6);

    const none = new ClauseCache({ maxBytes: 0, minCostMs: 0 });
    none.idsOf('a', compute);
    none.idsOf('a', compute);
    expect(computed).toBe(4);
    expect(none.countOf('c', () => 5)).toBe(5);
    expect(none.countOf('c', () => 6)).toBe(6);
  });

  it('drops the least recently used first when the bytes run out, and never keeps an entry over a quarter', () => {
    // 4,000 ids = 16,000 bytes each: over a quarter of 40,000 bytes, so not kept.
    const cache = new ClauseCache({ maxBytes: 40_000, minCostMs: 0 });
    const block = () => new Int32Array(4000);
    cache.idsOf('a', block);
    // Too big to keep: over a quarter of the budget.
    cache.idsOf('huge', () => new Int32Array(3000));
    expect(cache.stats().entries).toBe(0);

    const small = new ClauseCache({ maxBytes: 40_000 * 4, minCostMs: 0 });
    small.idsOf('a', block);
    small.idsOf('b', block);
    small.idsOf('a', block); // a is now the most recently used
    small.idsOf('c', block);
    small.idsOf('d', block);
    small.idsOf('e', block);
    small.idsOf('f', block);
    small.idsOf('g', block);
    small.idsOf('h', block);
    small.idsOf('i', block);
    small.idsOf('j', block);
    const before = small.stats().misses;
    small.idsOf('j', block);
    expect(small.stats().misses).toBe(before);
    small.idsOf('b', block);
    expect(small.stats().misses).toBe(before + 1);
    expect(small.stats().bytes).toBeLessThanOrEqual(40_000 * 4);
  });
});

function patents(from: number, n: number, title: string): IndexablePatent[] {
  return Array.from({ length: n }, (_, i) => ({
    publicationNumber: `CN${700000 + from + i}A`,
    country: 'CN',
    title: { text: `${title} ${i % 3 === 0 ? '电池' : '齿轮'}` },
    abstract: { text: `一种装置，包括传感器 ${i % 5 === 0 ? '图像数据处理' : '数据'}。` },
  }));
}

describe('the engine with kept conditions (clause-cache.ts)', () => {
  let dir: string;
  let file: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'patlas-clause-cache-'));
    file = path.join(dir, 'index.db');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('answers repeated and combined searches as without it, and sees what another connection writes', async () => {
    const writer = createSqliteEngine({ file });
    await writer.index(patents(0, 300, '一种检测方法'));
    // Every condition kept, however cheap: the worker's cache is exercised on every read.
    const kept = createSqliteEngine({ file, readOnly: true, clauseCache: { minCostMs: 0 } });
    const plain = createSqliteEngine({ file, readOnly: true, clauseCache: { maxMb: 0 } });
    const expressions = [
      '电池',
      '一种',
      '电池 AND 传感器',
      '电池 OR 齿轮',
      '一种 NOT 电池',
      '"图像数据处理"',
      '图像 W/2 数据',
      'TI=(电池) AND AB=(数据)',
    ];
    const both = async (expression: string, page = 1) => {
      const request = { ast: parse(expression), page, pageSize: 10, facets: [] };
      const [a, b] = [await kept.search(request), await plain.search(request)];
      expect(a.total, expression).toBe(b.total);
      expect(
        a.items.map((i) => i.publicationNumber),
        expression,
      ).toEqual(b.items.map((i) => i.publicationNumber));
      return a.total;
    };
    const before = new Map<string, number>();
    for (const e of expressions) before.set(e, await both(e));
    // Again, page 2, and after other queries reused the same conditions.
    for (const e of expressions) {
      expect(await both(e)).toBe(before.get(e));
      await both(e, 2);
    }

    // Another connection writes: 90 more patents with 电池 in the title, and 一种 in every abstract.
    await writer.index(patents(1000, 90, '一种新型电池'));
    expect(await both('电池')).toBe((before.get('电池') ?? 0) + 90);
    expect(await both('一种')).toBe((before.get('一种') ?? 0) + 90);
    for (const e of expressions) await both(e);

    // A removal too.
    await writer.remove(['CN701000A']);
    expect(await both('电池')).toBe((before.get('电池') ?? 0) + 89);
    await kept.close();
    await plain.close();
    await writer.close();
  });
});

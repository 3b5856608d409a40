import type { Patent } from '@patlas/contracts';
import { parseExpression, type QueryNode } from '@patlas/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchEngine } from '../../search-engine.js';
import { createSqliteEngine } from './sqlite-engine.js';

const ast = (text: string): QueryNode => {
  const parsed = parseExpression(text);
  if (!parsed.ok) throw new Error(text);
  return parsed.ast;
};
const record = (n: number, title: string, country = 'CN'): Patent => ({
  publicationNumber: `${country}1500000${n}A`,
  country,
  kind: 'A',
  title: { lang: 'zh', text: title },
  publicationDate: `2024-0${n}-01`,
});

/** CountOptions.plus (a search as of a data version, docs/search-as-of.md): hits whatever the query says. */
describe('CountOptions.plus', () => {
  let engine: SearchEngine;
  beforeAll(async () => {
    engine = createSqliteEngine({ file: ':memory:' });
    await engine.index([
      record(1, '一种锂电池'),
      record(2, '一种钠电池'),
      record(3, '一种钠电池外壳', 'US'),
      record(4, '一种锂电池隔膜'),
    ]);
  });
  afterAll(async () => {
    await engine.close();
  });
  const numbers = async (text: string, options: Parameters<SearchEngine['count']>[1]) => {
    const { publicationNumbers, total } = await engine.rankedNumbers({
      ast: ast(text),
      offset: 0,
      limit: 100,
      ...options,
      sort: { field: 'PD', order: 'asc' },
    });
    expect(await engine.count(ast(text), options)).toBe(total);
    return publicationNumbers;
  };

  it('adds the records whatever the expression, scope and filters, in every read', async () => {
    expect(await numbers('TI=锂电池', { plus: ['CN15000002A'] })).toEqual([
      'CN15000001A',
      'CN15000002A',
      'CN15000004A',
    ]);
    // The scope and filters leave the plus records alone (they were checked as they were).
    expect(await numbers('TI=锂电池', { plus: ['US15000003A'], scope: 'cn' })).toEqual([
      'CN15000001A',
      'US15000003A',
      'CN15000004A',
    ]);
    const page = await engine.search({ ast: ast('TI=锂电池'), plus: ['CN15000002A'], facets: ['country'] });
    expect(page.total).toBe(3);
    expect(page.facets.country?.map((b) => [b.value, b.count])).toEqual([['CN', 3]]);
  });

  it('stays within a ranked set and never takes a record left out', async () => {
    expect(await numbers('TI=锂电池', { plus: ['CN15000002A'], without: ['CN15000002A'] })).toEqual([
      'CN15000001A',
      'CN15000004A',
    ]);
    expect(
      await numbers('TI=锂电池', { plus: ['CN15000002A', 'US15000003A'], within: ['CN15000004A', 'US15000003A'] }),
    ).toEqual(['US15000003A', 'CN15000004A']);
  });
});

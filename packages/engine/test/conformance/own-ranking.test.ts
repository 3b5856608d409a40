import { describe, expect, it } from 'vitest';
import { parseExpression } from '@patlas/query';
import { FIXTURE_CORPUS } from './fixture-corpus.js';
import { createSqliteEngine } from '../../src/index.js';
import type { PostingsMode } from '../../src/index.js';

const ast = (expression: string) => {
  const parsed = parseExpression(expression);
  if (!parsed.ok) throw new Error(expression);
  return parsed.ast;
};

const QUERIES = ['方法', 'TI=(方法 OR 天线)', '系统 OR 基站', 'AB=(装置 OR 方法)', 'TIABC=(方法 NOT 网络)', '电池'];

/** Every hit of each query in relevance order, with `rankLimit`. */
async function orders(postings: PostingsMode, rankLimit: number): Promise<string[][]> {
  const engine = createSqliteEngine({ file: ':memory:', postings, rankLimit });
  await engine.index(FIXTURE_CORPUS);
  const out: string[][] = [];
  for (const q of QUERIES) {
    const page = await engine.search({ ast: ast(q), pageSize: 100 });
    expect(page.items.length).toBe(Math.min(page.total, 100));
    out.push(page.items.map((h) => h.publicationNumber));
  }
  await engine.close();
  return out;
}

describe('relevance on the engine own postings (BM25F)', () => {
  it('scores every hit: the order is the same when the set is far past rankLimit', async () => {
    const exact = await orders('only', 10_000);
    expect(exact.every((o) => o.length > 0)).toBe(true);
    expect(exact.some((o) => o.length > 6)).toBe(true);
    expect(await orders('only', 3)).toEqual(exact);
    // FTS5's ranking scores only the newest title matches past rankLimit: there the order moves.
    expect(await orders('fts5', 3)).not.toEqual(await orders('fts5', 10_000));
  });
  it('gives each page the full order’s rows and scores, with and without facets, where only the page is scored exactly', async () => {
    const engine = createSqliteEngine({ file: ':memory:', postings: 'only' });
    await engine.index(FIXTURE_CORPUS);
    // Phrases of several tokens: their counts are bounded from their tokens' before positions are read.
    for (const q of [
      '存储介质 OR 处理方法 OR 电子设备 OR 终端设备 OR 信号',
      'TIABC=(存储介质 OR 数据处理 OR 电子设备) OR 基站',
      '(存储介质 OR 电子设备 OR 信号 OR 数据) NOT 电池',
      // One term, and an OR of terms: the page (no facets) comes from MaxScore's best hits alone.
      '方法',
      '系统 OR 基站 OR 方法 OR 天线',
      // One phrase in one column: its hits' counts from its rarest term, positions only past one.
      'PA=有限公司',
    ]) {
      const all = await engine.search({ ast: ast(q), pageSize: 100 });
      expect(all.total).toBeGreaterThan(9);
      const whole = all.items.map((h) => [h.publicationNumber, h.score]);
      for (const facets of [[], ['applicant' as const]]) {
        for (const page of [1, 2, 3]) {
          const part = await engine.search({ ast: ast(q), page, pageSize: 3, facets });
          expect(part.items.map((h) => [h.publicationNumber, h.score])).toEqual(whole.slice((page - 1) * 3, page * 3));
        }
      }
    }
    await engine.close();
  });
});

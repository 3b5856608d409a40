import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { loadNativeExtension } from './native-extension.js';
import { parseExpression, type QueryNode } from '@patlas/query';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { titleOnlyMatch } from './compile-query.js';
import type { IndexablePatent } from './index-tokens.js';
import { createSqliteEngine, type SqliteEngineOptions } from './sqlite-engine.js';

function parse(expression: string): QueryNode {
  const result = parseExpression(expression);
  if (!result.ok) throw new Error(`does not parse: ${expression}`);
  return result.ast;
}

/** A small deterministic generator (mulberry32), so that every run indexes the same corpus. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TITLE_WORDS = [
  '锂电池',
  '电池',
  '齿轮',
  '传感器',
  '图像',
  '数据处理',
  '装置',
  '方法',
  'battery',
  'sensor',
  'gear',
];
const TEXT_WORDS = [
  '一种',
  '电池',
  '数据',
  '处理',
  '图像',
  '正极',
  '负极',
  '传感器',
  '齿轮',
  '控制',
  'data',
  'processing',
];

function corpus(seed: number, from: number, n: number): IndexablePatent[] {
  const next = random(seed);
  const pick = (words: readonly string[], k: number) =>
    Array.from({ length: k }, () => words[Math.floor(next() * words.length)] as string).join('');
  return Array.from({ length: n }, (_, i) => ({
    publicationNumber: `CN${800000 + from + i}A`,
    country: 'CN',
    title: { text: `${pick(TITLE_WORDS, 1 + Math.floor(next() * 3))}${next() < 0.3 ? ' and battery sensor' : ''}` },
    abstract: { text: `${pick(TEXT_WORDS, 8 + Math.floor(next() * 20))}。` },
    claims: { text: pick(TEXT_WORDS, 20 + Math.floor(next() * 60)) },
    legalStatus: next() < 0.5 ? '有效' : '失效',
    ipc: [next() < 0.5 ? 'H01M 4/525' : 'G06F 17/30'],
  }));
}

// Title conditions, their combinations, and large sets ranked by their newest title matches.
const EXPRESSIONS = [
  'TI=电池',
  'TI=电',
  'TI=(电池 OR 齿轮)',
  'TI="锂电池"',
  'TI=(电池 NOT 锂电池)',
  'TI=(电池 W/3 装置)',
  'TI=(battery W/2 sensor)',
  'TI=电池 AND AB=数据',
  'TI=数据处理 AND IPC=G06F AND LS=有效',
  '电池',
  '电池 AND 传感器',
  '(数据 OR data) AND (处理 OR processing)',
  '一种 NOT 图像',
  '电',
];

describe('the title table (index-schema.ts v9)', () => {
  let dir: string;
  let file: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'patlas-title-table-'));
    file = path.join(dir, 'index.db');
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('knows which MATCH strings only title columns can satisfy', () => {
    expect(titleOnlyMatch('{ti}: ("数据")')).toBe(true);
    expect(titleOnlyMatch('{ti tiw}: (({ti ab clm}: ("数据")) OR ({tiw}: "数据"))')).toBe(true);
    expect(titleOnlyMatch('({ti}: ("数据")) OR ({tiw}: "数据")')).toBe(true);
    expect(titleOnlyMatch('{ti}: ("锂" + "电池" + "池") AND {tiw}: "电"*')).toBe(true);
    expect(titleOnlyMatch('{ti}: (NEAR("battery" "sensor", 2))')).toBe(true);
    expect(titleOnlyMatch('{ti ab clm}: ("数据")')).toBe(false);
    expect(titleOnlyMatch('({ti}: ("数据")) AND ({ab}: ("图像"))')).toBe(false);
    expect(titleOnlyMatch('"数据"')).toBe(false);
    expect(titleOnlyMatch('-{ti}: "数据"')).toBe(false);
    expect(titleOnlyMatch('{ti}: ("数据") OR "图像"')).toBe(false);
    expect(titleOnlyMatch('')).toBe(false);
  });

  it('gives the hits, totals, order and scores of the main table, before and after writes', async () => {
    const writer = createSqliteEngine({ file });
    await writer.index(corpus(7, 0, 600));
    const engines = (extra: Partial<SqliteEngineOptions>) => ({
      title: createSqliteEngine({ file, readOnly: true, clauseCache: { maxMb: 0 }, ...extra }),
      main: createSqliteEngine({ file, readOnly: true, clauseCache: { maxMb: 0 }, titleTable: false, ...extra }),
    });
    // The default budget, and one of 40: larger sets are then ranked by their newest title matches.
    const pairs = [engines({}), engines({ rankLimit: 40 })];
    const compare = async () => {
      for (const { title, main } of pairs) {
        for (const expression of EXPRESSIONS) {
          for (const page of [1, 2]) {
            const request = { ast: parse(expression), page, pageSize: 20, facets: [] };
            const [a, b] = [await title.search(request), await main.search(request)];
            expect(a.total, expression).toBe(b.total);
            expect(
              a.items.map((i) => [i.publicationNumber, i.score]),
              `${expression}, page ${page}`,
            ).toEqual(b.items.map((i) => [i.publicationNumber, i.score]));
          }
        }
      }
    };
    await compare();
    // Some title hits must be scored at all, or the comparison says little.
    const scored = await pairs[1]!.title.search({ ast: parse('电池'), page: 1, pageSize: 20, facets: [] });
    expect(scored.total).toBeGreaterThan(40);
    expect(scored.items.some((i) => i.score > 0)).toBe(true);

    // Records rewritten with other titles, new ones, and removals: the title table follows.
    await writer.index(corpus(8, 0, 100));
    await writer.index(corpus(9, 5000, 50));
    await writer.remove(['CN800001A', 'CN805002A']);
    await compare();

    const raw = new Database(file, { readonly: true });

    loadNativeExtension(raw);
    const rows = (table: string) => raw.prepare(`SELECT count(*) FROM ${table}`).pluck().get() as number;
    expect(rows('fts_title')).toBe(rows('docs'));
    expect(rows('docs')).toBe(600 + 50 - 2);
    // The same documents hold 电池 in their titles in both tables.
    const ids = (sql: string) => raw.prepare(sql).pluck().all();
    expect(ids(`SELECT rowid FROM fts_title WHERE fts_title MATCH '{ti}: ("电池")'`)).toEqual(
      ids(`SELECT rowid FROM fts WHERE fts MATCH '{ti}: ("电池")'`),
    );
    raw.close();
    for (const { title, main } of pairs) {
      await title.close();
      await main.close();
    }
    await writer.close();
  });
});

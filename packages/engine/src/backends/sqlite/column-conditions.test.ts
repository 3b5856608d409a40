import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { loadNativeExtension } from './native-extension.js';
import { parseExpression } from '@patlas/query';
import { compileQuery, printPlan, type Plan } from './compile-query.js';
import { createSqliteEngine } from './sqlite-engine.js';
import type { IndexablePatent } from './index-tokens.js';

/**
 * Class and exact-value conditions answered from the columns' posting lists (issue 23) select
 * exactly the documents their FTS5 form selects, on codes and statuses written the ways records
 * write them.
 */
const IPC = [
  ['G06F 17/30', 'H04L 29/06'],
  ['G06F17/30'],
  ['G06F 3/01', 'G06K 9/62'],
  ['G06F'],
  ['g06f 16/24'],
  ['G06N 3/08', 'G06F 16/35'],
  ['H01M 4/525', 'H01M 10/0525'],
  ['H01M4/13'],
  ['H01M 10/42', 'H02J 7/00'],
  ['A61K 31/00', 'A61P 35/00'],
  ['Ｇ０６Ｆ １７／３０'],
  [],
];
const STATUS = ['有效', '失效', '审中', '有效 ', '授权', 'Active', 'active', '有效期届满', '', '未缴年费'];
const TYPES = ['invention_application', 'invention_grant', 'utility_model', 'design'] as const;
const COUNTRIES = ['CN', 'US', 'cn', 'EP', 'JP'];

const corpus: IndexablePatent[] = Array.from({ length: 120 }, (_, i) => ({
  publicationNumber: `CN${110000000 + i}A`,
  country: COUNTRIES[i % COUNTRIES.length]!,
  patentType: TYPES[i % TYPES.length],
  title: { text: i % 2 ? '一种数据处理方法' : '锂电池正极材料' },
  applicants: [{ name: '测试公司' }],
  classifications: {
    ipc: IPC[i % IPC.length]!,
    cpc: i % 3 ? ['G06F 16/2455', 'Y02E 60/10'] : ['H01M 4/525'],
  },
  ...(STATUS[i % STATUS.length] ? { legalStatus: STATUS[i % STATUS.length] } : {}),
  publicationDate: `${2000 + (i % 20)}-01-01`,
}));

const EXPRESSIONS = [
  'IPC=G06F',
  'IPC=G06',
  'IPC=G',
  'IPC=H01M4',
  'IPC=H01M4/*',
  'IPC=G06F17',
  'IPC=h01m',
  'CPC=G06F',
  'CPC=H01M4',
  'LS=有效',
  'LS=有*',
  'LS=active',
  'LS=ACTIVE',
  'PT=实用新型',
  'PT=invention*',
  'CC=CN',
  'CC=us',
  'TI=数据 AND IPC=G06F AND LS=有效',
  'IPC=G06F NOT LS=失效',
  'IPC=H01M OR CC=EP',
  '数据 AND NOT CC=CN',
];

describe('class and exact-value conditions from the columns', () => {
  let dir: string;
  let file: string;
  let engine: ReturnType<typeof createSqliteEngine>;
  let raw: Database.Database;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'patlas-column-conditions-'));
    file = path.join(dir, 'index.db');
    engine = createSqliteEngine({ file });
    await engine.index(corpus);
    raw = new Database(file, { readonly: true });
    loadNativeExtension(raw);
  });
  afterAll(async () => {
    raw.close();
    await engine.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The same plan with every column condition replaced by its FTS5 form, evaluated in SQL. */
  function viaFts(plan: Plan): Set<number> {
    const all = (): Set<number> => new Set(raw.prepare('SELECT id FROM docs').pluck().all() as number[]);
    const match = (m: string): Set<number> =>
      new Set(raw.prepare('SELECT rowid FROM fts WHERE fts MATCH ?').pluck().all(m) as number[]);
    switch (plan.kind) {
      case 'fts':
      case 'column':
        return match(plan.match);
      case 'and':
        return plan.children.map(viaFts).reduce((a, b) => new Set([...a].filter((x) => b.has(x))));
      case 'or':
        return plan.children.map(viaFts).reduce((a, b) => new Set([...a, ...b]));
      case 'not': {
        const inner = viaFts(plan.child);
        return new Set([...all()].filter((x) => !inner.has(x)));
      }
      case 'none':
        return new Set();
      default:
        throw new Error(`not in this test: ${plan.kind}`);
    }
  }

  it.each(EXPRESSIONS)('%s', async (expression) => {
    const parsed = parseExpression(expression);
    if (!parsed.ok) throw new Error(`does not parse: ${expression}`);
    const plan = compileQuery(parsed.ast, { expandWord: () => [] });
    expect(printPlan(plan)).toContain('COLUMN(');
    const expected = [...viaFts(plan)].sort((a, b) => a - b);
    const ids = raw.prepare('SELECT pn, id FROM docs').raw().all() as [string, number][];
    const idOf = new Map(ids);
    const found = await engine.rankedNumbers({ ast: parsed.ast, offset: 0, limit: 500 });
    expect(found.total).toBe(expected.length);
    expect(found.publicationNumbers.map((pn) => idOf.get(pn)).sort((a, b) => a! - b!)).toEqual(expected);
    expect(expected.length).toBeGreaterThan(0);
    expect(await engine.count(parsed.ast)).toBe(expected.length);
  });

  it('follows changes: a record re-indexed with another status or class moves between the lists', async () => {
    const ast = (e: string) => {
      const p = parseExpression(e);
      if (!p.ok) throw new Error(e);
      return p.ast;
    };
    const before = await engine.count(ast('LS=有效 AND IPC=A61K'));
    await engine.index([{ ...corpus[9]!, legalStatus: '有效', classifications: { ipc: ['A61K 31/00'] } }]);
    expect(await engine.count(ast('LS=有效 AND IPC=A61K'))).toBe(before + 1);
    await engine.remove([corpus[9]!.publicationNumber]);
    expect(await engine.count(ast('LS=有效 AND IPC=A61K'))).toBe(before);
    await engine.index([corpus[9]!]);
  });
});

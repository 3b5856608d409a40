import { describe, expect, it } from 'vitest';
import { parseExpression } from '@patlas/query';
import { createSqliteEngine } from './sqlite-engine.js';
import type { DataScope } from '../../search-engine.js';
import type { IndexablePatent } from './index-tokens.js';

/** Applicants as the importers build them: a type, and a country or a Chinese province. */
const DOCS: IndexablePatent[] = [
  {
    publicationNumber: 'CN100000001A',
    country: 'CN',
    title: { text: '一种基站信号控制方法' },
    applicants: [{ name: '华为技术有限公司', type: 'company', country: 'CN', province: '广东' }],
  },
  {
    publicationNumber: 'CN100000002A',
    country: 'CN',
    title: { text: '一种终端充电装置' },
    // A province and no country: a Chinese applicant.
    applicants: [{ name: '清华大学', type: 'university', province: '北京' }],
  },
  {
    publicationNumber: 'TW100000003A',
    country: 'TW',
    title: { text: '晶圆封装结构' },
    applicants: [{ name: '台湾积体电路制造股份有限公司', type: 'company', country: 'TW' }],
  },
  {
    publicationNumber: 'US10000004B2',
    country: 'US',
    title: { text: 'Battery electrode' },
    applicants: [{ name: 'John Smith', type: 'person', country: 'US' }],
  },
  {
    publicationNumber: 'AU2000000005A1',
    country: 'AU',
    title: { text: 'Solar cell' },
    applicants: [{ name: 'Sun Pty Ltd' }],
  },
];

function ast(expression: string) {
  const parsed = parseExpression(expression);
  if (!parsed.ok) throw new Error(`unparsed: ${expression}`);
  return parsed.ast;
}

async function numbers(engine: ReturnType<typeof createSqliteEngine>, expression: string, scope?: DataScope) {
  const page = await engine.search({ ast: ast(expression), pageSize: 10, ...(scope ? { scope } : {}) });
  return page.items.map((h) => h.publicationNumber).sort();
}

describe('company information fields (PA-TYPE, PA-CC) and the data-source scope', () => {
  it('finds applicants by type and by country or region, by code or Chinese name', async () => {
    const engine = createSqliteEngine({ file: ':memory:' });
    await engine.index(DOCS);
    expect(await numbers(engine, 'PA-TYPE=企业')).toEqual(['CN100000001A', 'TW100000003A']);
    expect(await numbers(engine, '申请人类型=(大专院校 OR person)')).toEqual(['CN100000002A', 'US10000004B2']);
    expect(await numbers(engine, 'PA-CC=CN')).toEqual(['CN100000001A', 'CN100000002A']);
    expect(await numbers(engine, 'PA-CC=(HK OR MO OR 台湾)')).toEqual(['TW100000003A']);
    // A record that says nothing of its applicant's type is not guessed into one.
    expect(await numbers(engine, 'PA-TYPE=其他')).toEqual([]);
    expect(await numbers(engine, 'PA-TYPE=企业 AND TI=晶圆')).toEqual(['TW100000003A']);
    await engine.close();
  });

  it('scopes by the offices chosen, OTHER being every office the list does not name', async () => {
    const engine = createSqliteEngine({ file: ':memory:' });
    await engine.index(DOCS);
    const all = 'TI=(方法 OR 装置 OR 晶圆 OR battery OR solar)';
    expect(await numbers(engine, all, { offices: ['HK', 'MO', 'TW'], other: false })).toEqual(['TW100000003A']);
    expect(await numbers(engine, all, { offices: [], other: true })).toEqual(['AU2000000005A1']);
    expect(await numbers(engine, all, { offices: ['CN'], other: true })).toEqual([
      'AU2000000005A1',
      'CN100000001A',
      'CN100000002A',
    ]);
    // The old scopes as they were: cn with HK, MO and TW.
    expect(await numbers(engine, all, 'cn')).toEqual(['CN100000001A', 'CN100000002A', 'TW100000003A']);
    await engine.close();
  });
});

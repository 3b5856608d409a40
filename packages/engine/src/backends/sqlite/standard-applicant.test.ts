import { describe, expect, it } from 'vitest';
import { parseExpression } from '@patlas/query';
import { createSqliteEngine } from './sqlite-engine.js';
import type { IndexablePatent } from './index-tokens.js';

/** Names as Patentics/incoPat exports pair them: the written applicant and its 标准化申请人. */
const DOCS: IndexablePatent[] = [
  {
    publicationNumber: 'CN100000001A',
    country: 'CN',
    title: { text: '一种基站信号控制方法' },
    applicants: [{ name: '华为技术有限公司' }],
  },
  {
    publicationNumber: 'CN100000002A',
    country: 'CN',
    title: { text: '一种终端充电装置' },
    applicants: [{ name: '华为终端有限公司', standardName: '华为技术有限公司' }, { name: '清华大学' }],
  },
  {
    publicationNumber: 'CN100000003A',
    country: 'CN',
    title: { text: '一种图像识别网络' },
    applicants: [{ name: 'HUAWEI TECH CO LTD', standardName: '华为技术有限公司' }],
  },
  {
    // Contains the standard name as written, but is not standardised to it.
    publicationNumber: 'CN100000004A',
    country: 'CN',
    title: { text: '一种电池材料' },
    applicants: [{ name: '华为技术有限公司深圳研究所' }],
  },
];

function ast(expression: string) {
  const parsed = parseExpression(expression);
  if (!parsed.ok) throw new Error(`unparsed: ${expression}`);
  return parsed.ast;
}

describe('standardised applicants (PA-STD, applicantStandard)', () => {
  it('finds every variant standardised to a name, and not the names written differently', async () => {
    const engine = createSqliteEngine({ file: ':memory:' });
    await engine.index(DOCS);
    const found = await engine.search({ ast: ast('PA-STD=("华为技术有限公司")'), pageSize: 10 });
    // The phrase also matches the longer written name; the exact dimension filter does not.
    expect(found.items.map((h) => h.publicationNumber).sort()).toEqual([
      'CN100000001A',
      'CN100000002A',
      'CN100000003A',
      'CN100000004A',
    ]);
    const exact = await engine.search({
      ast: ast('PA-STD=("华为技术有限公司")'),
      filters: [{ field: 'applicantStandard', values: ['华为技术有限公司'] }],
      pageSize: 10,
    });
    expect(exact.items.map((h) => h.publicationNumber).sort()).toEqual([
      'CN100000001A',
      'CN100000002A',
      'CN100000003A',
    ]);
    // PA-STD looks at standardised names only: the written English variant is not one.
    expect(await engine.count(ast('PA-STD=(HUAWEI)'))).toBe(0);
    expect(await engine.count(ast('PA=(HUAWEI)'))).toBe(1);
    // The Chinese alias works as the field name.
    expect(await engine.count(ast('标准化申请人=(清华大学)'))).toBe(1);
    await engine.close();
  });

  it('ranks standardised names as an analysis dimension', async () => {
    const engine = createSqliteEngine({ file: ':memory:' });
    await engine.index(DOCS);
    const res = await engine.aggregate(ast('PA-STD=(华为)'), {
      kind: 'terms',
      dimension: 'applicantStandard',
      limit: 10,
    });
    if (res.result.kind !== 'terms') throw new Error('terms expected');
    expect(res.result.buckets.map((b) => [b.key, b.count])).toEqual([
      ['华为技术有限公司', 3],
      expect.anything(),
      expect.anything(),
    ]);
    expect(new Set(res.result.buckets.slice(1).map((b) => b.key))).toEqual(
      new Set(['清华大学', '华为技术有限公司深圳研究所']),
    );
    await engine.close();
  });
});

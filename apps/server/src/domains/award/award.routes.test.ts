import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBatteryCorpus } from '../../../test/factories.js';
import {
  authHeader,
  buildTestApp,
  indexPatents,
  injectJson,
  productCalls,
  reachableDialects,
  uploadFile,
  type AuthHeader,
} from '../../../test/helpers.js';

const dialects = await reachableDialects();

/**
 * A fixture list of the battery corpus's numbers (not real award data: docs/awards.md), written
 * the ways operators' files write them, with broken lines among them.
 */
const CSV = [
  '公开号,奖项,年份',
  'CN 110000001 A,中国专利金奖,2021',
  'cn110000002b,中国专利银奖,2020年',
  '"CN110000003U","中国专利优秀奖",2019',
  'US2019000001A1,中国专利优秀奖,',
  'CN999999999A,中国专利金奖,2022',
  'not a number,中国专利金奖,2021',
  'CN110000001A,,2021',
  'CN110000001A,中国专利金奖,21',
  'CN110000001A',
  'CN110000001A,中国专利金奖,2021',
].join('\n');

describe.each(dialects)('awards API on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let operator: AuthHeader;
  let user: AuthHeader;
  const { call, okData } = productCalls(
    () => t,
    () => user,
  );
  const search = async (expression: string) =>
    (await okData('/search/search', { searchExpre: expression, page: 1, pageSize: 20, facets: [] })) as {
      total: number;
      items: { publicationNumber: string }[];
    };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    operator = await authHeader(t);
    user = await authHeader(t, ['/search/quick', '/search/result', '/search/detail']);
    await indexPatents(t, buildBatteryCorpus());
  });
  afterAll(async () => t.close());

  it('imports a CSV: numbers in any form, malformed lines reported with their line, the rest searchable', async () => {
    const res = await uploadFile(
      t,
      '/api/product/sys/awards/import',
      { content: Buffer.from(`\uFEFF${CSV}`), name: 'awards.csv', type: 'text/csv' },
      operator,
    );
    expect(res.json(), res.body).toMatchObject({ status: 1 });
    const report = res.json().data;
    expect(report).toMatchObject({ lines: 10, imported: 5, unchanged: 0, held: 4, refused: 5 });
    expect(report.problems.map((p: { line: number; problem: string }) => [p.line, p.problem])).toEqual([
      [7, 'number'],
      [8, 'award'],
      [9, 'year'],
      [10, 'columns'],
      [11, 'duplicate'],
    ]);

    expect((await search('AWARD=金奖')).items.map((i) => i.publicationNumber)).toEqual(['CN110000001A']);
    expect((await search('获奖=中国专利')).total).toBe(4);
    expect((await search('AWARD=2019')).items.map((i) => i.publicationNumber)).toEqual(['CN110000003U']);
    expect((await search('AWARD=* AND PA=(比亚迪)')).total).toBe(2);

    // The same file again: nothing new.
    const again = await uploadFile(
      t,
      '/api/product/sys/awards/import',
      { content: Buffer.from(CSV), name: 'a.csv' },
      operator,
    );
    expect(again.json().data).toMatchObject({ imported: 0, unchanged: 5 });
  });

  it('answers the awards of a patent or of a list of numbers in any written form', async () => {
    const one = await okData('/award/getInfo', { pn: 'CN110000001' });
    expect(one).toEqual([
      { number: 'CN110000001', publicationNumber: 'CN110000001A', awards: [{ award: '中国专利金奖', year: 2021 }] },
    ]);
    const many = await okData('/award/getInfo', { numbers: ['US2019000001A1', 'CN117151122A', 'CN999999999A'] });
    expect(many).toEqual([
      {
        number: 'US2019000001A1',
        publicationNumber: 'US2019000001A1',
        awards: [{ award: '中国专利优秀奖', year: null }],
      },
      { number: 'CN117151122A', publicationNumber: 'CN117151122A', awards: [] },
      // On the list, not in the corpus.
      { number: 'CN999999999A', publicationNumber: null, awards: [{ award: '中国专利金奖', year: 2022 }] },
    ]);
    const bad = await call('/award/getInfo', {}, user, 'en');
    expect(bad.statusCode).toBe(400);
  });

  it('matches a listed number once the corpus holds it (a later patent import)', async () => {
    expect((await search('AWARD=2022')).total).toBe(0);
    const { stored } = await t.context.repositories.patents.upsertMany([
      { publicationNumber: 'CN999999999A', country: 'CN', title: { text: '一种储能电池' } },
    ]);
    await t.context.engine.index(stored);
    await t.context.services.awards.syncIndex();
    expect((await search('AWARD=2022')).items.map((i) => i.publicationNumber)).toEqual(['CN999999999A']);
  });

  it("counts and lists a company's awarded patents on its dashboard, with the result page of them", async () => {
    const company = await authHeader(t, ['/enterpriseDatabase', '/search/result']);
    const res = await injectJson(
      t,
      'POST',
      '/api/product/dashboards/co/awards',
      { subject: { kind: 'company', name: '比亚迪股份有限公司' } },
      company,
    );
    expect(res.json(), res.body).toMatchObject({ status: 1 });
    const data = res.json().data;
    expect(data.total).toBe(2);
    expect(data.byAward).toEqual([
      { award: '中国专利优秀奖', count: 1 },
      { award: '中国专利银奖', count: 1 },
    ]);
    expect(data.items.map((i: { publicationNumber: string }) => i.publicationNumber)).toEqual([
      'CN110000003U',
      'CN110000002B',
    ]);
    expect(data.items[0].awards).toEqual([{ award: '中国专利优秀奖', year: 2019 }]);
    // The same set as a result page: its expression and filters give the same total.
    const page = await injectJson(
      t,
      'POST',
      '/api/product/search/search',
      { searchExpre: data.searchExpre, filters: data.filters, facets: [] },
      company,
    );
    expect(page.json().data.total).toBe(2);
  });

  it('lists, filters and removes rows for operators only, and the index follows', async () => {
    const page = (await injectJson(t, 'GET', '/api/product/sys/awards?q=银奖', undefined, operator)).json().data;
    expect(page).toMatchObject({ total: 1, items: [{ number: 'cn110000002b', publicationNumber: 'CN110000002B' }] });
    expect((await injectJson(t, 'GET', '/api/product/sys/awards', undefined, user)).statusCode).toBe(403);
    const denied = await uploadFile(
      t,
      '/api/product/sys/awards/import',
      { content: Buffer.from(CSV), name: 'a.csv' },
      user,
    );
    expect(denied.statusCode).toBe(403);

    const removed = await injectJson(t, 'DELETE', `/api/product/sys/awards/${page.items[0].id}`, undefined, operator);
    expect(removed.json().data).toEqual({ deleted: 1 });
    expect((await search('AWARD=银奖')).total).toBe(0);
    expect((await search('AWARD=金奖')).total).toBe(2);
    await injectJson(t, 'DELETE', '/api/product/sys/awards', undefined, operator);
    expect((await search('AWARD=*')).total).toBe(0);
  });

  it('refuses a file that is not an award CSV, with the message in zh and en', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const zh = await uploadFile(t, '/api/product/sys/awards/import', { content: png, name: 'x.csv' }, operator);
    expect(zh.json()).toMatchObject({ status: 0, data: { code: 'AWARD_FILE_INVALID' } });
    expect(zh.json().message).toContain('UTF-8');
    const gbk = Buffer.from([0xd6, 0xd0, 0xb9, 0xfa, 0x2c, 0x31]);
    const en = await uploadFile(t, '/api/product/sys/awards/import', { content: gbk, name: 'x.csv' }, operator, 'en');
    expect(en.json().message).toBe('The file cannot be read: upload a UTF-8 CSV file (columns: number, award, year)');
  });
});

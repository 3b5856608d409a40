import type { Patent } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, reachableDialects, type AuthHeader } from '../../../test/helpers.js';
import { buildCnPatent, buildUsPatent } from '../../../test/factories.js';

const dialects = await reachableDialects();

const CORPUS: Patent[] = [
  buildCnPatent(),
  buildCnPatent({
    publicationNumber: 'CN110000001A',
    applicationNumber: 'CN201810000001.2',
    title: { lang: 'zh', text: '一种锂电池正极材料及其制备方法' },
    abstract: { lang: 'zh', text: '本发明涉及锂电池技术领域，提供一种高容量正极材料。' },
    applicants: [{ name: '宁德时代新能源科技股份有限公司', type: 'company', province: '福建省', city: '宁德市' }],
    applicationDate: '2018-03-02',
    publicationDate: '2018-09-10',
    classifications: { ipc: ['H01M4/525', 'H01M10/0525'], ipcMain: 'H01M4/525' },
    family: { simpleFamilyId: 'F1', simple: ['CN110000001A', 'US2019000001A1'] },
  }),
  buildCnPatent({
    publicationNumber: 'CN110000002B',
    applicationNumber: 'CN201610000002.3',
    title: { lang: 'zh', text: '一种电池组散热结构' },
    abstract: { lang: 'zh', text: '一种电池组的散热结构，包括散热片。' },
    applicants: [{ name: '比亚迪股份有限公司', type: 'company' }],
    applicationDate: '2016-05-01',
    publicationDate: '2017-01-01',
    kind: 'B',
    patentType: 'invention_grant',
    classifications: { ipc: ['H01M10/613'] },
  }),
  buildUsPatent({
    publicationNumber: 'US2019000001A1',
    applicationNumber: 'US16000001',
    kind: 'A1',
    patentType: 'invention_application',
    title: { lang: 'en', text: 'Cathode material for a lithium battery' },
    abstract: { lang: 'en', text: 'A lithium battery cathode with high capacity.' },
    applicationDate: '2018-12-01',
    publicationDate: '2019-06-01',
    classifications: { ipc: ['H01M4/525'] },
    family: { simpleFamilyId: 'F1', simple: ['CN110000001A', 'US2019000001A1'] },
  }),
  buildUsPatent(),
];

describe.each(dialects)('search API on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let auth: AuthHeader;
  const post = (url: string, payload: unknown, lang = 'zh') =>
    t.app.inject({
      method: 'POST',
      url,
      payload: payload as object,
      headers: { 'accept-language': lang, authorization: auth.authorization },
    });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    auth = await authHeader(t);
    const { stored } = await t.context.repositories.patents.upsertMany(CORPUS);
    await t.context.engine.index(stored);
  });
  afterAll(async () => t.close());

  it('runs the issue example expression', async () => {
    const res = await post('/api/platform/data/search/query', {
      searchExpre: 'TI=(锂电池 OR "lithium battery") AND PA=(宁德时代) AND AD>=2018 AND IPC=H01M4/*',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe(1);
    expect(body.data.total).toBe(1);
    expect(body.data.items[0].publicationNumber).toBe('CN110000001A');
    expect(body.data.items[0].highlights.title).toContain('<em>');
    expect(body.data.expression).toContain('PA=');
  });

  it('finds a two-character Chinese term inside longer words, with facets', async () => {
    const res = await post('/api/platform/data/search/query', { searchExpre: '电池', pageSize: 20 });
    const data = res.json().data;
    expect(data.items.map((i: { publicationNumber: string }) => i.publicationNumber).sort()).toEqual([
      'CN110000001A',
      'CN110000002B',
    ]);
    expect(data.facets.applicant.map((b: { value: string }) => b.value).sort()).toEqual([
      '宁德时代新能源科技股份有限公司',
      '比亚迪股份有限公司',
    ]);
  });

  it('filters, scopes and merges', async () => {
    const filtered = await post('/api/platform/data/search/query', {
      searchExpre: 'IPC=H01M',
      filters: [{ field: 'country', values: ['US'] }],
    });
    expect(filtered.json().data.total).toBe(1);
    const cn = await post('/api/platform/data/search/query', { searchExpre: 'IPC=H01M', source: 'cn' });
    expect(cn.json().data.total).toBe(2);
    const merged = await post('/api/platform/data/search/query', { searchExpre: 'IPC=H01M4/525', mergeType: 2 });
    expect(merged.json().data.total).toBe(1);
    const unmerged = await post('/api/platform/data/search/expression/total-hits', { searchExpre: 'IPC=H01M4/525' });
    expect(unmerged.json()).toEqual({ status: 1, message: '', data: { total: 2 } });
  });

  it('applies the leading NOT rule (spec 1 §5)', async () => {
    const res = await post('/api/platform/data/search/expression/total-hits', { searchExpre: 'NOT 电池' });
    expect(res.json().data.total).toBe(CORPUS.length - 2);
  });

  it('refuses a bad expression with the column, in zh and en', async () => {
    const zh = await post('/api/platform/data/search/query', { searchExpre: 'TI=(电池 AND 正极' });
    expect(zh.statusCode).toBe(400);
    expect(zh.json().status).toBe(0);
    expect(zh.json().message).toBe('检索式有误：第 4 列的括号“(”不匹配');
    expect(zh.json().data).toMatchObject({ code: 'QUERY_UNBALANCED_PARENS', span: { start: 3 } });
    const en = await post('/api/platform/data/search/query', { searchExpre: 'TI=(电池 AND 正极' }, 'en');
    expect(en.json().message).toBe('Expression incorrect: unbalanced parenthesis "(" at column 4');
    const tooLong = await post('/api/platform/data/search/query', { searchExpre: 'a'.repeat(50_001) });
    expect(tooLong.json().data.code).toBe('QUERY_TOO_LONG');
    expect(tooLong.json().message).toContain('检索式超出字数限制');
  });

  it('refuses pages beyond 100000', async () => {
    const res = await post('/api/platform/data/search/query', { searchExpre: '电池', page: 100_001 });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.field).toBe('page');
  });

  it('stores no state for a result-page search; getCacheUrlParam stores one on request and reads it back', async () => {
    const states = async () =>
      (await t.context.database.db.selectFrom('search_states').select('key').execute()).map((r) => r.key);
    const before = await states();
    const res = await post('/api/product/search/searchNew', {
      searchExpre: '电池',
      filters: [{ field: 'applicant', values: ['比亚迪股份有限公司'] }],
      viewMode: 'tuwenshitu',
    });
    expect(res.json().data.total).toBe(1);
    // The page's deep link is its URL (issue 42): a plain search writes no row and answers no key.
    expect(res.json().data).not.toHaveProperty('key');
    expect(await states()).toEqual(before);

    const stored = await post('/api/product/search/getCacheUrlParam', {
      state: { searchExpre: '电池', viewMode: 'tuwenshitu', page: 1 },
    });
    const { key } = stored.json().data;
    expect(key).toMatch(/^[\w-]{16}$/);
    const back = await post('/api/product/search/getCacheUrlParam', { key });
    expect(back.json().data.state).toMatchObject({ searchExpre: '电池', viewMode: 'tuwenshitu', page: 1 });
    const missing = await post('/api/product/search/getCacheUrlParam', { key: 'nosuchkey-000000' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().data.code).toBe('SEARCH_STATE_NOT_FOUND');
  });

  it('answers the simple search without facets', async () => {
    const res = await post('/api/product/search/search', { searchExpre: 'battery' });
    const data = res.json().data;
    expect(data.total).toBe(2);
    expect(data.facets).toEqual({});
  });

  it('expands simple families', async () => {
    const res = await post('/api/product/family/expand', { publicationNumbers: ['CN 110000001 A'] });
    expect(res.json().data.publicationNumbers.sort()).toEqual(['CN110000001A', 'US2019000001A1']);
  });

  it('extracts the keywords of a text', async () => {
    const res = await post('/api/product/search/extract/word', {
      text: '本发明公开了一种锂离子电池正极材料及其制备方法，所述正极材料为镍钴锰酸锂三元材料。',
      topK: 5,
    });
    const words = res.json().data.words.map((w: { word: string }) => w.word);
    expect(words).toContain('正极');
    expect(words.length).toBeLessThanOrEqual(5);
  });
});

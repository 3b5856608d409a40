import type { Patent } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, indexPatents, injectJson, type TestUser } from '../../../test/helpers.js';

/**
 * Issue 46 items 4 and 6 through the HTTP API: the company information fields (PA-TYPE, PA-CC) and
 * the data sources grouped cn / cnOther / abroad with OTHER, in searches, totals, stored states and
 * history combination (docs/company-fields.md, docs/data-sources.md).
 */
const RECORDS: Patent[] = [
  {
    publicationNumber: 'CN110000001A',
    country: 'CN',
    title: { lang: 'zh', text: '一种锂电池正极材料' },
    applicants: [{ name: '宁德时代新能源科技股份有限公司', type: 'company', country: 'CN', province: '福建' }],
  },
  {
    publicationNumber: 'CN110000002A',
    country: 'CN',
    title: { lang: 'zh', text: '一种锂电池隔膜' },
    applicants: [{ name: '清华大学', type: 'university', province: '北京' }],
  },
  {
    publicationNumber: 'HK1200003A1',
    country: 'HK',
    title: { lang: 'zh', text: '锂电池管理装置' },
    applicants: [{ name: '香港科技大学', type: 'university', country: 'HK' }],
  },
  {
    publicationNumber: 'TW202300004A',
    country: 'TW',
    title: { lang: 'zh', text: '锂电池封装结构' },
    applicants: [{ name: '台达电子工业股份有限公司', type: 'company', country: 'TW' }],
  },
  {
    publicationNumber: 'US11000005B2',
    country: 'US',
    title: { lang: 'en', text: 'Lithium battery cathode' },
    applicants: [{ name: 'Tesla Inc', type: 'company', country: 'US' }],
  },
  {
    publicationNumber: 'AU2023000006A1',
    country: 'AU',
    title: { lang: 'en', text: 'Lithium battery recycling' },
    applicants: [{ name: 'Recycle Pty Ltd', type: 'company', country: 'AU' }],
  },
];
const ALL = 'TIABC=(锂电池 OR lithium)';

describe('company information fields and data-source groups through the API', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let user: TestUser;
  const post = (url: string, payload: unknown, lang = 'zh') => injectJson(t, 'POST', url, payload, user, lang);
  const hits = async (searchExpre: string, source?: string): Promise<string[]> => {
    const res = await post('/api/platform/data/search/query', {
      searchExpre,
      pageSize: 50,
      ...(source ? { source } : {}),
    });
    expect(res.json(), `${searchExpre} ${source}`).toMatchObject({ status: 1 });
    return (res.json().data.items as { publicationNumber: string }[]).map((i) => i.publicationNumber).sort();
  };

  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    user = await authHeader(t);
    await indexPatents(t, RECORDS);
  });
  afterAll(async () => t.close());

  it('finds applicants by company type and by country or region', async () => {
    expect(await hits('PA-TYPE=企业 AND ' + ALL)).toEqual([
      'AU2023000006A1',
      'CN110000001A',
      'TW202300004A',
      'US11000005B2',
    ]);
    expect(await hits('申请人类型=大专院校')).toEqual(['CN110000002A', 'HK1200003A1']);
    // A province alone is a Chinese applicant; regions by code or Chinese name.
    expect(await hits('PA-CC=CN')).toEqual(['CN110000001A', 'CN110000002A']);
    expect(await hits('申请人国别=(香港 OR 台湾)')).toEqual(['HK1200003A1', 'TW202300004A']);
    expect(await hits('PA-TYPE=企业 AND PA-CC=(HK OR MO OR TW)')).toEqual(['TW202300004A']);
  });

  it('filters by the groups, single offices and OTHER; the old cn / uncn read as before', async () => {
    expect(await hits(ALL, 'cnOther')).toEqual(['HK1200003A1', 'TW202300004A']);
    expect(await hits(ALL, 'CN')).toEqual(['CN110000001A', 'CN110000002A']);
    expect(await hits(ALL, 'OTHER')).toEqual(['AU2023000006A1']);
    expect(await hits(ALL, 'CN,OTHER')).toEqual(['AU2023000006A1', 'CN110000001A', 'CN110000002A']);
    expect(await hits(ALL, 'abroad')).toEqual(['AU2023000006A1', 'US11000005B2']);
    expect(await hits(ALL, 'cn')).toEqual(['CN110000001A', 'CN110000002A', 'HK1200003A1', 'TW202300004A']);
    expect(await hits(ALL, 'uncn')).toEqual(['AU2023000006A1', 'US11000005B2']);
    const total = await post('/api/platform/data/search/expression/total-hits', {
      searchExpre: ALL,
      source: 'cnOther',
    });
    expect(total.json().data.total).toBe(2);
    const bad = await post('/api/platform/data/search/query', { searchExpre: ALL, source: 'XX' });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps the groups in history entries and combines them as the offices they stand for', async () => {
    const save = async (state: object, sources: string) => {
      const entry = { operationName: 'search', searchExpression: ALL, exp: ALL, resultTotal: '2', sources, state };
      const res = await post('/api/product/history', { content: JSON.stringify(entry) });
      expect(res.json(), res.body).toMatchObject({ status: 1 });
      return res.json().data.id as string;
    };
    const hkTw = await save({ searchExpre: ALL, source: 'cnOther' }, 'cnOther');
    const old = await save({ searchExpre: ALL, source: 'uncn' }, 'uncn');
    const listed = await post('/api/product/history/list', { pageSize: 10 });
    const entries = (listed.json().data.items as { id: string; entry: { sources?: string; state?: object } }[]).filter(
      (i) => i.id === hkTw || i.id === old,
    );
    expect(entries.map((i) => i.entry.sources).sort()).toEqual(['cnOther', 'uncn']);
    const combined = await post('/api/product/history/historyRetrievalCombined', {
      items: [{ id: hkTw }, { id: old, operator: 'OR' }],
    });
    expect(combined.json(), combined.body).toMatchObject({ status: 1 });
    // (Hong Kong, Macao, Taiwan) OR (outside China): HK, TW, US and AU.
    expect(combined.json().data.total).toBe(4);
  });
});

import type { Patent } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, reachableDialects, type AuthHeader } from '../../../test/helpers.js';
import { buildCnPatent, buildUsPatent } from '../../../test/factories.js';

const dialects = await reachableDialects();

/** Cathode patents: one dated 2021, one dated 2019, three without a publication date. */
const cathode = (n: number, publicationDate?: string): Patent =>
  buildCnPatent({
    publicationNumber: `CN11300000${n}A`,
    applicationNumber: `CN20211000000${n}.${n}`,
    title: { lang: 'zh', text: `一种电池正极材料 ${n}` },
    abstract: { lang: 'zh', text: '一种电池正极材料及其制备方法。' },
    applicationDate: '2020-01-01',
    ...(publicationDate ? { publicationDate } : {}),
  });

const CORPUS: Patent[] = [
  cathode(1, '2021-06-01'),
  cathode(2, '2019-06-01'),
  cathode(3),
  cathode(4),
  cathode(5),
  buildCnPatent({
    publicationNumber: 'CN215644798U',
    applicationNumber: 'CN202121234567.8',
    kind: 'U',
    patentType: 'utility_model',
    title: { lang: 'zh', text: '一种储能电池包' },
    publicationDate: '2022-01-25',
  }),
  buildUsPatent({ publicationNumber: 'US8930553B2', applicationNumber: 'US13123456', publicationDate: '2015-01-06' }),
];

describe.each(dialects)('search notes on %s (issue 14)', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let auth: AuthHeader;
  const search = async (body: object) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product/search/searchNew',
      payload: body,
      headers: { 'accept-language': 'zh', authorization: auth.authorization },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    auth = await authHeader(t);
    const { stored } = await t.context.repositories.patents.upsertMany(CORPUS);
    await t.context.engine.index(stored);
  });
  afterAll(async () => t.close());

  it('says how many records a date condition dropped for lacking the date, with the search without it', async () => {
    const data = await search({ searchExpre: 'TI=(电池 AND 正极) AND PD>=2020' });
    expect(data.total).toBe(1);
    expect(data.missingFields).toEqual([
      { field: 'PD', condition: 'PD>=2020', count: 3, searchExpre: 'TI=(电池 AND 正极)' },
    ]);
    const without = await search({ searchExpre: data.missingFields[0].searchExpre });
    expect(without.total).toBe(5);
    expect(without.missingFields).toBeUndefined();
  });

  it('counts per field after filters and search-within, and keeps the rest of the search', async () => {
    const data = await search({
      searchExpre: 'PD<=2021 AND 正极',
      secondExpre: 'AD>=2020 AND PD>=2019',
      filters: [{ field: 'country', values: ['CN'] }],
    });
    expect(data.total).toBe(2);
    // The PD conditions of the search and of the search within go together (one alone would still require a date).
    expect(data.missingFields).toEqual([
      { field: 'PD', condition: 'PD<=2021 AND PD>=2019', count: 3, searchExpre: '正极', secondExpre: 'AD>=2020' },
    ]);
    // Conditions that drop nothing say nothing; a date under OR or NOT drops nothing.
    const none = await search({ searchExpre: '正极 AND (PD>=2020 OR AD>=2020) AND NOT PD<=2019' });
    expect(none.missingFields).toBeUndefined();
  });

  it('suggests searching words mixed into a search that are patent numbers as numbers', async () => {
    // A box that is only a number is searched as one (issue 43): no note, the record found.
    const single = await search({ searchExpre: 'US 8,930,553 B2' });
    expect(single.numberTerms).toBeUndefined();
    expect(single.items[0].publicationNumber).toBe('US8930553B2');

    const mixed = await search({ searchExpre: '电池 AND CN215644798U' });
    expect(mixed.numberTerms).toEqual({ terms: ['CN215644798U'], searchExpre: '电池 AND PN=CN215644798U' });
    expect((await search({ searchExpre: mixed.numberTerms.searchExpre })).total).toBe(1);

    expect((await search({ searchExpre: '电池 AND PM2.5' })).numberTerms).toBeUndefined();
  });
});

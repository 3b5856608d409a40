import type { Patent } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  buildTestApp,
  indexPatents,
  productCalls,
  reachableDialects,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.js';
import { buildCnPatent, buildUsPatent } from '../../../test/factories.js';

const dialects = await reachableDialects();

/**
 * A: CN110000001A (the root). B and C cite A in different number forms; D cites B; A cites the US
 * patent U and a number not held. E cites nothing.
 */
function corpus(): Patent[] {
  const cn = (n: number, citations: Patent['citations'], title: string) =>
    buildCnPatent({
      publicationNumber: `CN11000000${n}A`,
      applicationNumber: `CN2019100000${n}0.${n}`,
      title: { lang: 'zh', text: title },
      abstract: { lang: 'zh', text: `${title}的方法。` },
      publicationDate: `201${n}-05-01`,
      ...(citations ? { citations } : {}),
    });
  return [
    cn(1, [{ number: 'US6980000', country: 'US', kind: 'B2' }, { number: 'JP2001000001A' }], '锂电池正极'),
    cn(2, [{ number: '110000001', country: 'CN', kind: 'A' }], '锂电池负极'),
    cn(3, [{ number: 'CN 110000001 A' }], '锂电池隔膜'),
    cn(4, [{ number: 'CN110000002A' }], '电池包'),
    cn(5, undefined, '齿轮箱'),
    buildUsPatent(),
  ];
}

describe.each(dialects)('citation search on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  const { call, okData, fails } = productCalls(
    () => t,
    () => user,
  );
  const page = async (set: unknown, extra: object = {}) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/api/platform/data/search/query',
        payload: { searchExpre: '', set, page: 1, pageSize: 20, ...extra },
        headers: { authorization: user.authorization },
      })
    ).json();

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    user = await authHeader(t);
    await indexPatents(t, corpus());
  });
  afterAll(async () => t.close());

  it('finds the patents citing one patent across number forms and opens them as a result page', async () => {
    const quote = await okData('/search/quote', { direction: 'citing', numbers: 'CN 110000001 A' });
    expect(quote).toMatchObject({ direction: 'citing', seeds: ['CN110000001A'], notFound: [], total: 2 });
    expect(quote.set.kind).toBe('citation');
    expect(quote.set.key).toMatch(/^citing-/);
    const body = await page(quote.set);
    expect(body.status).toBe(1);
    expect(body.data.total).toBe(2);
    expect(body.data.items.map((i: { publicationNumber: string }) => i.publicationNumber).sort()).toEqual([
      'CN110000002A',
      'CN110000003A',
    ]);
    expect(body.data.set).toMatchObject({ kind: 'citation', label: 'CN110000001A', size: 2 });
    // Filters and search within apply inside the set.
    const within = await page(quote.set, { searchExpre: 'TI=(负极)' });
    expect(within.data.total).toBe(1);
    // The same question gets the same key (a deep link stays valid).
    const again = await okData('/search/quote', { direction: 'citing', numbers: ['CN110000001A'] });
    expect(again.set.key).toBe(quote.set.key);
  });

  it('finds what patents cite, counts numbers not held, ranks the most linked first', async () => {
    const cited = await okData('/search/quote', { direction: 'cited', numbers: ['CN110000001A'] });
    expect(cited).toMatchObject({ total: 1, unheld: 1 });
    expect((await page(cited.set)).data.items[0].publicationNumber).toBe('US6980000B2');
    // B and C both cite A, D cites B: A links to two seeds, so it leads.
    const many = await okData('/search/quote', {
      direction: 'cited',
      numbers: 'CN110000002A CN110000003A CN110000004A',
    });
    const items = (await page(many.set)).data.items as { publicationNumber: string }[];
    expect(items.map((i) => i.publicationNumber)).toEqual(['CN110000001A', 'CN110000002A']);
    // Seeds from a result set: the patents citing every 锂电池 patent.
    const fromSet = await okData('/search/quote', { direction: 'citing', resultSet: { searchExpre: 'TI=(锂电池)' } });
    expect(fromSet.seeds.sort()).toEqual(['CN110000001A', 'CN110000002A', 'CN110000003A']);
    expect(
      (await page(fromSet.set)).data.items.map((i: { publicationNumber: string }) => i.publicationNumber).sort(),
    ).toEqual(['CN110000002A', 'CN110000003A', 'CN110000004A']);
  });

  it('refuses unknown numbers, empty input and unknown keys in the user language', async () => {
    const missing = await fails(
      '/search/quote',
      { direction: 'citing', numbers: 'CN999999999A' },
      'CITATION_SEEDS_NOT_FOUND',
    );
    expect(missing.message).toContain('CN999999999A');
    await fails('/search/quote', { direction: 'citing', numbers: ' ,, ' }, 'CITATION_SEEDS_EMPTY');
    const en = await call('/search/quote', { direction: 'citing', numbers: '' }, user, 'en');
    expect(en.json().message).toBe('Enter patent numbers or select patents');
    expect((await call('/search/quote', { direction: 'sideways', numbers: 'CN110000001A' }, user)).statusCode).toBe(
      400,
    );
    const unknown = await page({ kind: 'citation', key: 'citing-doesnotexist' });
    expect(unknown).toMatchObject({ status: 0, data: { code: 'CITATION_SEARCH_NOT_FOUND' } });
  });
});

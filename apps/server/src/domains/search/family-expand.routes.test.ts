import type { Patent } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, reachableDialects, type TestUser } from '../../../test/helpers.js';
import { buildCnPatent, buildUsPatent } from '../../../test/factories.js';

const dialects = await reachableDialects();

const FAMILY = { simpleFamilyId: 'F7', simple: ['CN120000007A', 'US2020000007A1', 'EP3000007A1'] };
const CORPUS: Patent[] = [
  buildCnPatent({
    publicationNumber: 'CN120000007A',
    applicationNumber: 'CN201910000007.1',
    title: { lang: 'zh', text: '一种钠离子电池负极材料' },
    family: FAMILY,
  }),
  buildUsPatent({
    publicationNumber: 'US2020000007A1',
    applicationNumber: 'US16000007',
    kind: 'A1',
    title: { lang: 'en', text: 'Anode material for a sodium-ion battery' },
    family: FAMILY,
  }),
  // A record without a family id whose own list names a held member (as in the demo corpus).
  buildUsPatent({
    publicationNumber: 'US2021000009A1',
    applicationNumber: 'US17000009',
    kind: 'A1',
    title: { lang: 'en', text: 'Battery bypass' },
    family: { simple: ['US 11000009 B2', 'US2021000009A1'] },
  }),
  buildUsPatent({
    publicationNumber: 'US11000009B2',
    applicationNumber: 'US17000009',
    kind: 'B2',
    title: { lang: 'en', text: 'Battery bypass' },
  }),
  buildCnPatent({
    publicationNumber: 'CN120000008B',
    applicationNumber: 'CN201910000008.2',
    kind: 'B',
    patentType: 'invention_grant',
    title: { lang: 'zh', text: '一种电池外壳' },
  }),
];

describe.each(dialects)('simple-family expansion on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let user: TestUser;
  const post = (payload: unknown, lang = 'zh', who: TestUser = user) =>
    t.app.inject({
      method: 'POST',
      url: '/api/product/family/expand',
      payload: payload as object,
      headers: { 'accept-language': lang, authorization: who.authorization },
    });

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    user = await authHeader(t);
    const { stored } = await t.context.repositories.patents.upsertMany(CORPUS);
    await t.context.engine.index(stored);
  });
  afterAll(async () => t.close());

  it('expands the selection to the held members of its simple families, as a result-page expression', async () => {
    const res = await post({ publicationNumbers: ['CN 120000007 A', 'CN120000008B'] });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    // EP3000007A1 is a family member the corpus does not hold: not listed.
    expect([...data.publicationNumbers].sort()).toEqual(['CN120000007A', 'CN120000008B', 'US2020000007A1']);
    expect(data.quota).toEqual({ limit: null, used: 1 });

    // The expression opens exactly the expanded set on the result page.
    const page = await t.app.inject({
      method: 'POST',
      url: '/api/product/search/searchNew',
      payload: { searchExpre: data.expression, facets: [] },
      headers: { authorization: user.authorization },
    });
    expect(page.statusCode).toBe(200);
    const numbers = page.json().data.items.map((i: { publicationNumber: string }) => i.publicationNumber);
    expect(numbers.sort()).toEqual(['CN120000007A', 'CN120000008B', 'US2020000007A1']);
  });

  it('also expands by the members a record lists without a family id, across number forms', async () => {
    const res = await post({ publicationNumbers: ['US2021000009A1'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.publicationNumbers).toEqual(['US11000009B2', 'US2021000009A1']);
  });

  it('expands a whole result set (the page selected as a whole) by its search', async () => {
    const res = await post({ resultSet: { searchExpre: 'PN=CN120000007A', filters: [], mergeType: 0 } });
    expect(res.statusCode).toBe(200);
    expect([...res.json().data.publicationNumbers].sort()).toEqual(['CN120000007A', 'US2020000007A1']);
    const both = await post({ publicationNumbers: ['CN120000007A'], resultSet: { searchExpre: 'x' } });
    expect(both.statusCode).toBe(400);
  });

  it('refuses more than 1000 selected patents with the spec message in the user language', async () => {
    const many = Array.from({ length: 1001 }, (_, i) => `CN${130000000 + i}A`);
    const zh = await post({ publicationNumbers: many });
    expect(zh.statusCode).toBe(400);
    expect(zh.json().data.code).toBe('FAMILY_EXPAND_TOO_MANY');
    expect(zh.json().message).toBe('所选专利不能超过 1000 条');
    const en = await post({ publicationNumbers: many }, 'en');
    expect(en.json().message).toBe('Selected patents cannot exceed 1000 entries');
  });

  it('holds the account to its familyExpand quota, counted on /user/limit', async () => {
    const limited = await authHeader(t);
    await t.context.repositories.users.update(limited.userId, { quotas: { familyExpand: 2 } });
    for (const used of [1, 2]) {
      const res = await post({ publicationNumbers: ['US2020000007A1'] }, 'zh', limited);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.quota).toEqual({ limit: 2, used });
    }
    const zh = await post({ publicationNumbers: ['US2020000007A1'] }, 'zh', limited);
    expect(zh.statusCode).toBe(400);
    expect(zh.json().data.code).toBe('FAMILY_EXPAND_QUOTA_EXCEEDED');
    expect(zh.json().message).toBe('同族扩展次数已超过账号上限（已用 2 / 2），请联系销售经理');
    const en = await post({ publicationNumbers: ['US2020000007A1'] }, 'en', limited);
    expect(en.json().message).toBe(
      'Simple-family expansions exceed your account maximum (2 of 2 used); please contact your sales manager',
    );
    // A refused expansion is not counted.
    const limit = await t.app.inject({
      method: 'POST',
      url: '/api/product/user/limit',
      payload: {},
      headers: { authorization: limited.authorization },
    });
    expect(limit.json().data.familyExpand).toEqual({ limit: 2, used: 2 });
  });
});

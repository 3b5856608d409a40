import type { Patent } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, type AuthHeader } from '../../../test/helpers.js';
import { buildCnPatent } from '../../../test/factories.js';

/**
 * Issue 14: on data with almost no legal status, 中国发明三率 showed 授权率 100% and 有效率 0%.
 * Ten applications: two granted (B publications, no status), one rejected, seven without any status.
 */
const application = (n: number, overrides: Partial<Patent> = {}): Patent =>
  buildCnPatent({
    publicationNumber: `CN1140000${String(n).padStart(2, '0')}A`,
    applicationNumber: `CN2022100000${String(n).padStart(2, '0')}.1`,
    title: { lang: 'zh', text: `一种储能装置 ${n}` },
    applicationDate: '2022-01-01',
    publicationDate: '2022-07-01',
    ...overrides,
  });

const CORPUS: Patent[] = [
  ...Array.from({ length: 10 }, (_, i) => application(i + 1)),
  application(1, {
    publicationNumber: 'CN114000001B',
    kind: 'B',
    patentType: 'invention_grant',
    publicationDate: '2023-05-01',
  }),
  application(2, {
    publicationNumber: 'CN114000002B',
    kind: 'B',
    patentType: 'invention_grant',
    publicationDate: '2023-05-01',
  }),
  application(3, { publicationNumber: 'CN114000003A', legalStatus: '驳回' }),
];

describe('China invention three rates on sparse legal status (issue 14)', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let auth: AuthHeader;

  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    auth = await authHeader(t);
    const { stored } = await t.context.repositories.patents.upsertMany(CORPUS);
    await t.context.engine.index(stored);
  });
  afterAll(async () => t.close());

  it('gives each rate the share of its population its denominator covers', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product/search/china/invention/three/rate',
      payload: { searchExpre: 'TI=储能装置', filters: [], mergeType: 0 },
      headers: { 'accept-language': 'zh', authorization: auth.authorization },
    });
    const data = res.json().data;
    expect(data.result).toMatchObject({ applications: 10, granted: 2, rejected: 1, pending: 7, concluded: 3 });
    // 2 of 3 concluded were granted, but the concluded are 3 of 10 applications.
    expect(data.result.grantRate).toEqual({ numerator: 2, denominator: 3, rate: 2 / 3, coverage: 0.3 });
    expect(data.result.rejectionRate.coverage).toBe(0.3);
    // No grant has a recorded status: whether any is still in force is unknown.
    expect(data.result.validityRate).toEqual({ numerator: 0, denominator: 2, rate: 0, coverage: 0 });
  });
});

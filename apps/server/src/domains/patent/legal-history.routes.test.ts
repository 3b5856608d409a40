import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  buildTestApp,
  indexPatents,
  injectJson,
  reachableDialects,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.js';
import { buildCnPatent } from '../../../test/factories.js';

const dialects = await reachableDialects();

describe.each(dialects)('/legal/cnki on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  const get = (method: 'GET' | 'POST', number: string, lang = 'zh') =>
    injectJson(
      t,
      method,
      `/api/product/legal/cnki?applicationNumber=${encodeURIComponent(number)}`,
      undefined,
      user,
      lang,
    );

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    user = await authHeader(t);
    const application = 'CN202010123456.7';
    await indexPatents(t, [
      buildCnPatent({
        publicationNumber: 'CN111000001A',
        applicationNumber: application,
        publicationDate: '2020-06-01',
        legalStatus: '审中',
        legalEvents: [
          { date: '2020-06-01', code: 'PB01', description: '公开' },
          { date: '2020-07-01', code: 'SE01', description: '实质审查的生效' },
        ],
      }),
      buildCnPatent({
        publicationNumber: 'CN111000001B',
        kind: 'B',
        patentType: 'invention_grant',
        applicationNumber: application,
        publicationDate: '2022-03-01',
        legalStatus: '有效',
        legalEvents: [
          { date: '2020-07-01', code: 'SE01', description: '实质审查的生效' },
          { date: '2022-03-01', code: 'GR01', description: '专利权授予' },
        ],
      }),
      buildCnPatent({ publicationNumber: 'CN111000002A', applicationNumber: 'CN202010999999.1' }),
    ]);
  });
  afterAll(async () => t.close());

  it('answers the events of all publications of an application, newest first, on GET and POST', async () => {
    for (const method of ['GET', 'POST'] as const) {
      for (const written of ['CN202010123456.7', '2020101234567', 'CN 202010123456.7']) {
        const res = await get(method, written);
        expect(res.json(), written).toMatchObject({ status: 1 });
        expect(res.json().data).toEqual({
          applicationNumber: 'CN202010123456.7',
          publicationNumbers: ['CN111000001A', 'CN111000001B'],
          legalStatus: '有效',
          legalEvents: [
            { date: '2022-03-01', code: 'GR01', description: '专利权授予' },
            { date: '2020-07-01', code: 'SE01', description: '实质审查的生效' },
            { date: '2020-06-01', code: 'PB01', description: '公开' },
          ],
        });
      }
    }
    // An application without events answers an empty history, not an error.
    expect((await get('GET', 'CN202010999999.1')).json().data.legalEvents).toEqual([]);
  });

  it('answers 404 for an application not held and 400 for no number, in the user language', async () => {
    const res = await get('GET', 'CN201010000000.1');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 0, data: { code: 'LEGAL_APPLICATION_NOT_FOUND' } });
    expect(res.json().message).toContain('CN201010000000.1');
    const en = await get('POST', 'CN201010000000.1', 'en');
    expect(en.json().message).toBe(
      'No legal information for application CN201010000000.1: this application is not in the database',
    );
    expect((await get('GET', 'no-digits')).json()).toMatchObject({ data: { code: 'APPLICATION_NUMBER_INVALID' } });
    const missing = await injectJson(t, 'GET', '/api/product/legal/cnki', undefined, user);
    expect(missing.statusCode).toBe(400);
  });
});

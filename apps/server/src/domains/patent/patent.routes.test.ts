import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, indexPatents, reachableDialects, type AuthHeader } from '../../../test/helpers.js';
import { buildCnPatent, buildUsPatent } from '../../../test/factories.js';

const dialects = await reachableDialects();

describe.each(dialects)('patent detail API on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let auth: AuthHeader;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    auth = await authHeader(t);
    const citing = buildUsPatent({
      publicationNumber: 'US7100000B2',
      applicationNumber: 'US10999999',
      title: { lang: 'en', text: 'Improved battery separator' },
      citations: [{ number: '6980000', country: 'US', kind: 'B2' }],
    });
    // A family of three: the CN application (held), its US counterpart (held), and a WO publication not held.
    const family = { simpleFamilyId: 'F9', simple: ['CN117151122A', 'US2024000001A1', 'WO2024000001A1'] };
    const usMember = buildUsPatent({
      publicationNumber: 'US2024000001A1',
      applicationNumber: 'US18000001',
      kind: 'A1',
      patentType: 'invention_application',
      applicationDate: '2023-12-20',
      publicationDate: '2024-06-20',
      grantDate: undefined,
      title: { lang: 'en', text: 'Blockchain based data sharing method' },
      family,
    });
    await t.context.repositories.patents.upsertMany([buildCnPatent({ family }), buildUsPatent(), citing, usMember]);
  });
  afterAll(async () => t.close());

  it('answers health with the patent count and version', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 1,
      message: '',
      data: {
        patents: 4,
        version: 'test',
        demoLoading: false,
        // Set only by the server's start (main.ts), which these tests do not run.
        starting: false,
        // The shipped word vectors are the model from the start; these patents were stored, not yet embedded.
        semantic: { model: expect.stringMatching(/^patlas-ft-\d+$/) as unknown, vectors: 0, building: false },
        features: { translation: false, rewrite: false },
      },
    });
  });

  it.each(['CN117151122A', 'CN 117151122 A', 'cn117151122', 'CN202311234567.8', '2023112345678'])(
    'finds the CN record from %s',
    async (pn) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/product/patent/detail?pn=${encodeURIComponent(pn)}`,
        headers: auth,
      });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.status).toBe(1);
      expect(body.data.publicationNumber).toBe('CN117151122A');
      expect(body.data.title.text).toBe('一种基于区块链的数据共享方法');
    },
  );

  it('links held citations and finds forward citations in the corpus', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product/patent/detail?pn=US06980000B2', headers: auth });
    const data = res.json().data;
    expect(data.publicationNumber).toBe('US6980000B2');
    expect(data.citedBy.map((c: { number: string }) => c.number)).toEqual(['US7100000B2']);
    expect(data.held['US7100000B2']).toBe('US7100000B2');
    // US5000000 is cited but not held: no link.
    expect(data.held['US5000000']).toBeUndefined();
  });

  it('describes each family member: from the store when held, from its number otherwise', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product/patent/detail?pn=CN117151122A', headers: auth });
    const members = res.json().data.familyMembers;
    expect(Object.keys(members)).toEqual(['CN117151122A', 'US2024000001A1', 'WO2024000001A1']);
    expect(members['US2024000001A1']).toEqual({
      number: 'US2024000001A1',
      publicationNumber: 'US2024000001A1',
      country: 'US',
      kind: 'A1',
      patentType: 'invention_application',
      applicationDate: '2023-12-20',
      publicationDate: '2024-06-20',
      title: { lang: 'en', text: 'Blockchain based data sharing method' },
      status: { code: 'published', basis: 'term', date: '2043-12-20' },
    });
    expect(members['CN117151122A'].title.text).toBe('一种基于区块链的数据共享方法');
    expect(members['WO2024000001A1']).toEqual({ number: 'WO2024000001A1', country: 'WO', kind: 'A1' });
  });

  it('answers the current legal status beside the record, with its basis', async () => {
    // The US grant states no status; filed 2003-04-01, its 20-year term has ended.
    const us = await t.app.inject({ method: 'GET', url: '/api/product/patent/detail?pn=US6980000B2', headers: auth });
    expect(us.json().data.currentStatus).toEqual({ code: 'inactive', basis: 'term', date: '2023-04-01' });
    // The CN application has no dates: its kind says it is a published application.
    const cn = await t.app.inject({ method: 'GET', url: '/api/product/patent/detail?pn=CN117151122A', headers: auth });
    expect(cn.json().data.currentStatus).toEqual({ code: 'published', basis: 'kind' });
  });

  it('says clearly, in the user language, that a number is not held', async () => {
    const zh = await t.app.inject({ method: 'GET', url: '/api/product/patent/detail?pn=CN999999999A', headers: auth });
    expect(zh.statusCode).toBe(404);
    expect(zh.json()).toEqual({
      status: 0,
      message: '未找到专利 CN999999999A：本库未收录该号码',
      data: { code: 'PATENT_NOT_FOUND' },
    });
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/product/patent/detail?pn=CN999999999A',
      headers: { 'accept-language': 'en-US,en;q=0.9,zh;q=0.5', ...auth },
    });
    expect(en.json().message).toBe('Patent CN999999999A not found: this number is not in the database');
  });

  it('answers a missing parameter with 400, the field and the reason', async () => {
    const zh = await t.app.inject({ method: 'GET', url: '/api/product/patent/detail', headers: auth });
    expect(zh.statusCode).toBe(400);
    expect(zh.json().status).toBe(0);
    expect(zh.json().data).toEqual({ code: 'VALIDATION_FAILED', field: 'pn' });
    expect(zh.json().message).toContain('参数错误：pn');
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/product/patent/detail?pn=',
      headers: { 'accept-language': 'en', ...auth },
    });
    expect(en.statusCode).toBe(400);
    expect(en.json().message).toMatch(/^Invalid parameter: pn must be at least 1/);
  });

  it('answers unknown API paths with the envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json().data.code).toBe('ROUTE_NOT_FOUND');
  });

  it('refuses drawing names that try to leave the drawings folder', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product/patent/drawing/..%2F..%2Fpatlas.db' });
    expect(res.statusCode).toBe(400);
    const missing = await t.app.inject({ method: 'GET', url: '/api/product/patent/drawing/USD0907292-D00001.png' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().data.code).toBe('DRAWING_NOT_FOUND');
  });
});

describe('unknown errors', () => {
  it('answer 500 with a request id and no internals', async () => {
    const t = await buildTestApp('sqlite');
    // Break the store under the running app: the next query fails inside the driver.
    await t.context.database.db.schema.dropTable('patents').execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(500);
    const body = res.json();
    expect(body.status).toBe(0);
    expect(body.data.code).toBe('INTERNAL');
    expect(body.data.requestId).toMatch(/^req-/);
    expect(body.message).toContain(body.data.requestId);
    expect(res.body).not.toMatch(/sqlite|SQL|stack|at .*\.ts/i);
    await t.close();
  });
});

describe('drawings of several patents', () => {
  it('answers the drawings of the numbers that have some', async () => {
    const t = await buildTestApp('sqlite');
    try {
      await t.context.repositories.patents.upsertMany([
        buildUsPatent({ drawings: [{ file: 'US6980000B2-D00001.png', caption: 'FIG. 1' }] }),
        buildCnPatent(),
      ]);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/product/patent/drawings',
        headers: await authHeader(t, ['/search/result']),
        payload: { publicationNumbers: ['US6980000B2', 'CN117151122A'] },
      });
      expect(res.json().data).toEqual({
        items: { US6980000B2: [{ file: 'US6980000B2-D00001.png', caption: 'FIG. 1' }] },
      });
    } finally {
      await t.close();
    }
  });
});

describe('a record with no title (the USPTO records: abstract and CPC only)', () => {
  it('is titled by the first sentence of its abstract in the result list and on the detail, marked apart', async () => {
    const t = await buildTestApp('sqlite');
    try {
      const auth = await authHeader(t);
      const {
        title: _title,
        applicants: _applicants,
        ...untitled
      } = buildUsPatent({
        abstract: {
          lang: 'en',
          text: 'A gas turbine combustor has a swirler upstream of the nozzle. The swirler is cast.',
        },
      });
      await indexPatents(t, [{ ...untitled, applicants: [] }]);
      const search = await t.app.inject({
        method: 'POST',
        url: '/api/product/search/search',
        headers: auth,
        payload: { searchExpre: 'swirler' },
      });
      const [hit] = search.json().data.items;
      expect(hit.publicationNumber).toBe('US6980000B2');
      expect(hit.title).toBeUndefined();
      expect(hit.abstractTitle).toBe('A gas turbine combustor has a swirler upstream of the nozzle');
      const detail = await t.app.inject({
        method: 'GET',
        url: '/api/product/patent/detail?pn=US6980000B2',
        headers: auth,
      });
      const data = detail.json().data;
      expect(data.title).toBeUndefined();
      expect(data.abstractTitle).toBe('A gas turbine combustor has a swirler upstream of the nozzle');
    } finally {
      await t.close();
    }
  });

  it('is not given to a record with a title', async () => {
    const t = await buildTestApp('sqlite');
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/product/patent/detail?pn=US6980000B2',
        headers: await authHeader(t),
      });
      expect(res.statusCode).toBe(404);
      await indexPatents(t, [buildUsPatent()]);
      const detail = await t.app.inject({
        method: 'GET',
        url: '/api/product/patent/detail?pn=US6980000B2',
        headers: await authHeader(t),
      });
      expect(detail.json().data.title.text).toBeTruthy();
      expect(detail.json().data.abstractTitle).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, reachableDialects, type AuthHeader } from '../../../test/helpers.js';
import { buildCnPatent, buildUsPatent } from '../../../test/factories.js';

const dialects = await reachableDialects();

const URL = '/api/product/patent/compare';

describe.each(dialects)('patent compare API on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let auth: AuthHeader;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    auth = await authHeader(t);
    const zju = { name: '浙江大学', type: 'university' as const };
    await t.context.repositories.patents.upsertMany([
      buildCnPatent({
        applicants: [zju, { name: '杭州链数科技有限公司', type: 'company' }],
        inventors: [{ name: '王伟' }, { name: '李娜' }],
        classifications: { ipc: ['H04L9/06', 'G06F21/62'], ipcMain: 'G06F21/62' },
        claims: { lang: 'zh', text: '1.一种基于区块链的数据共享方法，包括：上链；共享。2.根据权利要求1所述的方法。' },
        legalStatus: '有效',
        family: { simpleFamilyId: 'F9', simple: ['CN117151122A', 'US2024000001A1', 'WO2024000001A1'] },
        citations: [
          { number: 'CN110000000A', country: 'CN' },
          { number: 'CN110000001A', country: 'CN' },
        ],
      }),
      buildCnPatent({
        publicationNumber: 'CN118000000A',
        applicationNumber: 'CN202410000000.1',
        title: { lang: 'zh', text: '一种数据安全存储方法' },
        applicants: [zju],
        classifications: { ipc: ['G06F21/62'] },
        citedByCount: 4,
      }),
      buildUsPatent(),
      buildUsPatent({
        publicationNumber: 'US7100000B2',
        applicationNumber: 'US10999999',
        title: { lang: 'en', text: 'Improved battery separator' },
        citations: [{ number: '6980000', country: 'US', kind: 'B2' }],
      }),
    ]);
  });
  afterAll(async () => t.close());

  it('answers the patents side by side, in the order asked, found by any form of their numbers', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: auth,
      payload: { publicationNumbers: ['US 6980000 B2', 'CN117151122A', 'cn118000000a'] },
    });
    expect(res.statusCode).toBe(200);
    const { items, missing } = res.json().data;
    expect(missing).toEqual([]);
    expect(items.map((p: { publicationNumber: string }) => p.publicationNumber)).toEqual([
      'US6980000B2',
      'CN117151122A',
      'CN118000000A',
    ]);
    expect(items[0].requested).toBe('US 6980000 B2');
    const [us, cn, cn2] = items;
    expect(cn).toMatchObject({
      applicationNumber: 'CN202311234567.8',
      patentType: 'invention_application',
      applicants: ['浙江大学', '杭州链数科技有限公司'],
      inventors: ['王伟', '李娜'],
      // The main class first, each symbol once.
      ipc: ['G06F21/62', 'H04L9/06'],
      legalStatus: '有效',
      currentStatus: { code: 'active', basis: 'source', text: '有效' },
      firstClaim: { lang: 'zh', text: '1.一种基于区块链的数据共享方法，包括：上链；共享。' },
      abstract: { lang: 'zh', text: '本发明公开了一种基于区块链的数据共享方法，涉及数据安全技术领域。' },
      citationCount: 2,
      citedByCount: 0,
      familySize: 3,
    });
    // No claims text: no first claim; the source's cited-by count stands in for a list it lacks.
    expect(cn2.firstClaim).toBeUndefined();
    expect(cn2.citedByCount).toBe(4);
    expect(cn2.familySize).toBeUndefined();
    // Forward citations found in the corpus count, as on the detail page.
    expect(us).toMatchObject({ citationCount: 1, citedByCount: 1, inventors: ['John Smith'], applicants: [] });
    expect(us.currentStatus).toEqual({ code: 'inactive', basis: 'term', date: '2023-04-01' });
  });

  it('reports the numbers it does not hold and shows each patent once', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: auth,
      payload: { publicationNumbers: ['CN117151122A', 'CN999999999A', 'CN202311234567.8', 'US6980000B2'] },
    });
    const { items, missing } = res.json().data;
    // The application number names the same patent as the publication number.
    expect(items.map((p: { publicationNumber: string }) => p.publicationNumber)).toEqual([
      'CN117151122A',
      'US6980000B2',
    ]);
    expect(missing).toEqual(['CN999999999A']);
  });

  it('refuses fewer than 2 distinct patents, in the user language', async () => {
    const zh = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: auth,
      payload: { publicationNumbers: ['CN117151122A', 'CN 117151122 A'] },
    });
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toEqual({
      status: 0,
      message: '请至少选择 2 件专利进行对比',
      data: { code: 'COMPARE_TOO_FEW' },
    });
    const en = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { 'accept-language': 'en', ...auth },
      payload: { publicationNumbers: [] },
    });
    expect(en.json().message).toBe('Select at least 2 patents to compare');
  });

  it('refuses more than 10 patents with the spec wording', async () => {
    const numbers = Array.from({ length: 11 }, (_, i) => `CN90000000${i}A`);
    const zh = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: auth,
      payload: { publicationNumbers: numbers },
    });
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toEqual({ status: 0, message: '所选专利不能超过 10 条', data: { code: 'COMPARE_TOO_MANY' } });
    const en = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { 'accept-language': 'en', ...auth },
      payload: { publicationNumbers: numbers },
    });
    expect(en.json().message).toBe('Selected patents cannot exceed 10 entries');
    // Ten distinct numbers are allowed (those not held come back as missing).
    const ten = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: auth,
      payload: { publicationNumbers: numbers.slice(0, 10) },
    });
    expect(ten.statusCode).toBe(200);
    expect(ten.json().data.missing).toHaveLength(10);
  });

  it('answers a malformed body with 400 and the field', async () => {
    const res = await t.app.inject({ method: 'POST', url: URL, headers: auth, payload: { numbers: ['CN117151122A'] } });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toMatchObject({ code: 'VALIDATION_FAILED', field: 'publicationNumbers' });
  });

  it('checks access: a token, and the result or detail permission', async () => {
    const payload = { publicationNumbers: ['CN117151122A', 'US6980000B2'] };
    const anonymous = await t.app.inject({ method: 'POST', url: URL, payload });
    expect([anonymous.statusCode, anonymous.json().data.code]).toEqual([401, 'UNAUTHORIZED']);
    const without = await t.app.inject({ method: 'POST', url: URL, headers: await authHeader(t, []), payload });
    expect([without.statusCode, without.json().data.code]).toEqual([403, 'FORBIDDEN']);
    const resultOnly = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: await authHeader(t, ['/search/result']),
      payload,
    });
    expect(resultOnly.statusCode).toBe(200);
    expect(resultOnly.json().data.items).toHaveLength(2);
  });
});

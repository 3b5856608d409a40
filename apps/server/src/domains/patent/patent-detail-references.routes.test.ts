import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, reachableDialects, type AuthHeader } from '../../../test/helpers.js';
import { buildCnPatent } from '../../../test/factories.js';

const dialects = await reachableDialects();

/**
 * Issue 43 item 6: the detail record names the citations it holds (title, applicant, date), its
 * family tab's own row is its own publication, and text faults stored before the import repaired
 * them are repaired as the record is read.
 */
describe.each(dialects)('patent detail references on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let auth: AuthHeader;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    auth = await authHeader(t);
    // The application publication (A) is held; its grant (B) is not.
    const application = buildCnPatent({
      publicationNumber: 'CN114291051A',
      kind: 'A',
      applicationNumber: 'CN202111111111.1',
      publicationDate: '2022-04-08',
      title: { lang: 'zh', text: '一种车辆控制方法' },
      applicants: [{ name: '歌尔科技有限公司' }],
      family: { simple: ['CN114291051A', 'CN114291051B'] },
      citations: [
        { number: 'CN110000001A' },
        { number: '110000002', country: 'CN', kind: 'B' },
        { number: 'CN109999999A' },
      ],
      // As a Patentics export wrote them before the import repaired its texts.
      description: {
        lang: 'zh',
        text: '背景技术\n　手势识别作为人机交互的重要组成部分。<br/>　随着手势识别应用的场景越来越多。',
      },
      abstract: { lang: 'en', text: 'generating questionariesâ€™ based on the job description' },
    });
    const cited = buildCnPatent({
      publicationNumber: 'CN110000001A',
      applicationNumber: 'CN201910000001.1',
      publicationDate: '2019-07-12',
      title: { lang: 'zh', text: '一种头戴显示设备' },
      applicants: [{ name: '歌尔股份有限公司' }, { name: '其他公司' }],
    });
    const citedGrant = buildCnPatent({
      publicationNumber: 'CN110000002B',
      kind: 'B',
      applicationNumber: 'CN201910000002.1',
      publicationDate: '2021-01-05',
      title: { lang: 'zh', text: '一种虚拟现实眼镜' },
      applicants: undefined,
      assignees: [{ name: '青岛歌尔声学科技有限公司' }],
    });
    const citing = buildCnPatent({
      publicationNumber: 'CN115000003A',
      applicationNumber: 'CN202210000003.1',
      publicationDate: '2022-10-01',
      title: { lang: 'zh', text: '一种增强现实交互方法' },
      applicants: [{ name: '北京字节跳动网络技术有限公司' }],
      citations: [{ number: 'CN114291051A' }],
    });
    await t.context.repositories.patents.upsertMany([application, cited, citedGrant, citing]);
  });
  afterAll(async () => t.close());

  async function detail(pn: string) {
    const res = await t.app.inject({ method: 'GET', url: `/api/product/patent/detail?pn=${pn}`, headers: auth });
    expect(res.statusCode).toBe(200);
    return res.json().data;
  }

  it('answers title, first applicant and date of every held citation, cited and citing', async () => {
    const data = await detail('CN114291051A');
    expect(data.referenced).toEqual({
      CN110000001A: {
        publicationNumber: 'CN110000001A',
        title: { lang: 'zh', text: '一种头戴显示设备' },
        applicant: '歌尔股份有限公司',
        date: '2019-07-12',
      },
      CN110000002B: {
        publicationNumber: 'CN110000002B',
        title: { lang: 'zh', text: '一种虚拟现实眼镜' },
        applicant: '青岛歌尔声学科技有限公司',
        date: '2021-01-05',
      },
      CN115000003A: {
        publicationNumber: 'CN115000003A',
        title: { lang: 'zh', text: '一种增强现实交互方法' },
        applicant: '北京字节跳动网络技术有限公司',
        date: '2022-10-01',
      },
    });
    expect(data.held['CN110000002']).toBe('CN110000002B');
    // Cited but not held: neither linked nor described.
    expect(data.held['CN109999999A']).toBeUndefined();
  });

  it("describes the page's own family row by itself and does not take another kind's number for it", async () => {
    const data = await detail('CN114291051A');
    expect(data.familyMembers['CN114291051A']).toMatchObject({
      publicationNumber: 'CN114291051A',
      kind: 'A',
      publicationDate: '2022-04-08',
    });
    // The grant is not held: the lookup's kind-less fallback finds the A, which is not the B.
    expect(data.held['CN114291051B']).toBeUndefined();
    expect(data.familyMembers['CN114291051B']).toEqual({ number: 'CN114291051B', country: 'CN', kind: 'B' });
  });

  it('repairs text faults of a stored record as it is read', async () => {
    const data = await detail('CN114291051A');
    expect(data.description.text).not.toContain('<br');
    expect(data.description.text).toContain('重要组成部分。\n');
    expect(data.abstract.text).toBe('generating questionaries’ based on the job description');
  });
});

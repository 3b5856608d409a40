import { CHINA_PROVINCES, type Party, type Patent, type PatentType } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, reachableDialects, type AuthHeader } from '../../../test/helpers.js';

const dialects = await reachableDialects();

// ---- fixture: a small corpus whose figures are counted again below, by plain array code ----------

const TSINGHUA: Party = { name: '清华大学', type: 'university', province: '北京', city: '北京' };
const SCUT: Party = { name: '华南理工大学', type: 'university', province: '广东省', city: '广州' };
const GDUT: Party = { name: '广东工业大学', type: 'university', province: '广东', city: '广州' };
const HUAWEI: Party = { name: '华为技术有限公司', type: 'company', province: '广东', city: '深圳' };
const BYD: Party = { name: '比亚迪股份有限公司', type: 'company', province: '广东', city: '深圳' };
const ZJU: Party = { name: '浙江大学', type: 'university', province: '浙江', city: '杭州' };
const PERSON: Party = { name: '王小明', type: 'person', province: '广东', city: '佛山' };
const APPLE: Party = { name: 'Apple Inc.', type: 'company', country: 'US', province: 'CA' };
const STANFORD: Party = { name: 'Stanford University', type: 'university', country: 'US', province: 'CA' };

const APPLICANT_SETS: Party[][] = [
  [TSINGHUA],
  [TSINGHUA, HUAWEI],
  [SCUT],
  [SCUT, HUAWEI],
  [GDUT],
  [HUAWEI],
  [BYD],
  [ZJU],
  [PERSON],
  [TSINGHUA, ZJU],
];
const TYPES: PatentType[] = ['invention_application', 'invention_grant', 'utility_model'];
const STATUSES = ['有效', '失效', '审中'];
const IPCS = ['H01M4/525', 'G06F16/27', 'H04L9/32', 'B60L58/12'];

function cnPatent(i: number): Patent {
  const applicants = APPLICANT_SETS[i % APPLICANT_SETS.length]!;
  const year = 2015 + (i % 6);
  return {
    publicationNumber: `CN${String(120000000 + i)}${i % 3 === 1 ? 'B' : 'A'}`,
    applicationNumber: `CN${year}1000${String(i).padStart(4, '0')}.X`,
    country: 'CN',
    patentType: TYPES[i % TYPES.length]!,
    title: { lang: 'zh', text: `一种测试装置${i}` },
    applicants,
    inventors: [{ name: `发明人${i % 7}` }, { name: `发明人${(i + 3) % 7}` }],
    applicationDate: `${year}-03-0${1 + (i % 9)}`,
    publicationDate: `${year + 1}-01-15`,
    legalStatus: STATUSES[i % STATUSES.length]!,
    classifications: { ipc: [IPCS[i % IPCS.length]!] },
  };
}

function usPatent(i: number): Patent {
  return {
    publicationNumber: `US${String(10000000 + i)}B2`,
    applicationNumber: `US16${String(100000 + i)}`,
    country: 'US',
    patentType: 'invention_grant',
    title: { lang: 'en', text: `Test apparatus ${i}` },
    applicants: i % 2 === 0 ? [APPLE] : [STANFORD, APPLE],
    inventors: [{ name: `Inventor ${i % 4}` }],
    applicationDate: `201${i % 10}-05-01`,
    publicationDate: `201${i % 10}-11-01`,
    grantDate: `201${i % 10}-11-01`,
    legalStatus: 'active',
    classifications: { ipc: [IPCS[(i + 1) % IPCS.length]!] },
  };
}

const CN = Array.from({ length: 40 }, (_, i) => cnPatent(i));
const US = Array.from({ length: 12 }, (_, i) => usPatent(i));
const CORPUS = [...CN, ...US];

// Independent counting over the records.
const fullProvince = (p: string) => CHINA_PROVINCES.find((full) => full.startsWith(p.slice(0, 2)));
const inProvince = (p: Patent, province: string) =>
  (p.applicants ?? []).some((a) => a.province && fullProvince(a.province) === province);
const hasApplicant = (p: Patent, name: string) => (p.applicants ?? []).some((a) => a.name === name);
const yearOf = (p: Patent) => p.applicationDate?.slice(0, 4);
const isGranted = (p: Patent) =>
  p.patentType === 'invention_grant' || p.patentType === 'utility_model' || !!p.grantDate || p.legalStatus === '有效';

describe.each(dialects)('dashboards API on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let auth: AuthHeader;
  const post = (url: string, payload: unknown, header: AuthHeader = auth, lang = 'zh') =>
    t.app.inject({
      method: 'POST',
      url: `/api/product${url}`,
      payload: payload as object,
      headers: { 'accept-language': lang, authorization: header.authorization },
    });
  const dataOf = <T>(res: { statusCode: number; body: string; json: () => unknown }): T => {
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: T }).data;
  };
  /** The result page of a jump's state: its total. */
  const resultTotal = async (state: { searchExpre: string; filters: unknown[]; mergeType: number }) =>
    dataOf<{ total: number }>(
      await post('/search/searchNew', { ...state, page: 1, pageSize: 20, facets: [], highlight: false }),
    ).total;

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    auth = await authHeader(t);
    const { stored } = await t.context.repositories.patents.upsertMany(CORPUS);
    await t.context.engine.index(stored);
  });
  afterAll(async () => t.close());

  it('counts patents per province of China, all 34 listed, as the records say', async () => {
    const data = dataOf<{ total: number; provinces: { key: string; count: number }[] }>(
      await post('/search/patentMap/classification', {}),
    );
    expect(data.provinces).toHaveLength(34);
    for (const { key, count } of data.provinces) {
      expect(count, key).toBe(CORPUS.filter((p) => inProvince(p, key)).length);
    }
    expect(data.provinces[0]).toEqual({ key: '广东省', count: CN.filter((p) => inProvince(p, '广东省')).length });
    expect(data.total).toBe(CORPUS.filter((p) => CHINA_PROVINCES.some((pr) => inProvince(p, pr))).length);
    // US states recorded as provinces are not provinces of China.
    expect(data.provinces.map((b) => b.key)).not.toContain('CA');
  });

  it('narrows the map to a technology field given as an IPC prefix', async () => {
    const data = dataOf<{ provinces: { key: string; count: number }[] }>(
      await post('/search/patentMap/classification', { ipc: 'H01M' }),
    );
    const expected = CN.filter(
      (p) => inProvince(p, '广东省') && p.classifications?.ipc?.some((c) => c.startsWith('H01M')),
    ).length;
    expect(expected).toBeGreaterThan(0);
    expect(data.provinces.find((b) => b.key === '广东省')?.count).toBe(expected);
  });

  it('ranks the universities of a province and jumps to each with the same total as its result page', async () => {
    const data = dataOf<{
      province: string;
      total: number;
      universityPatents: number;
      universities: { key: string; count: number }[];
      trend: { key: string; count: number }[];
    }>(await post('/search/patentMap/analy', { province: '广东' }));
    const gd = CORPUS.filter((p) => inProvince(p, '广东省'));
    expect(data.province).toBe('广东省');
    expect(data.total).toBe(gd.length);
    // Companies and people of the province are not universities; Tsinghua co-files with a Guangdong company.
    const expectedNames = ['华南理工大学', '广东工业大学', '清华大学'];
    expect(data.universities.map((u) => u.key).sort()).toEqual([...expectedNames].sort());
    for (const u of data.universities) expect(u.count).toBe(gd.filter((p) => hasApplicant(p, u.key)).length);
    expect(data.universityPatents).toBe(gd.filter((p) => expectedNames.some((n) => hasApplicant(p, n))).length);
    for (const point of data.trend) expect(point.count).toBe(gd.filter((p) => yearOf(p) === point.key).length);

    for (const u of data.universities) {
      const jump = dataOf<{ searchExpre: string; filters: unknown[]; mergeType: number; total: number }>(
        await post('/search/patentMap/analysisJump', { province: '广东省', university: u.key }),
      );
      expect(jump.total).toBe(u.count);
      expect(await resultTotal(jump)).toBe(u.count);
    }
    const whole = dataOf<{ searchExpre: string; filters: unknown[]; mergeType: number; total: number }>(
      await post('/search/patentMap/analysisJump', { province: '广东省' }),
    );
    expect(whole.total).toBe(gd.length);
    expect(await resultTotal(whole)).toBe(gd.length);
  });

  it('answers a university dashboard whose figures match the records and whose jumps match the result page', async () => {
    const own = CORPUS.filter((p) => hasApplicant(p, '清华大学'));
    const data = dataOf<{
      kpis: Record<string, number>;
      trend: { key: string; count: number }[];
      publicationTrend: { key: string; count: number }[];
      applicants: { buckets: { key: string; count: number }[] };
      inventors: { buckets: { key: string; count: number }[]; distinct: number };
      technologies: { buckets: { key: string; count: number }[] };
      places: { dimension: string; buckets: { key: string; count: number }[] };
    }>(await post('/dashboards/cu/overview', { subject: { kind: 'university', name: '清华大学' } }));
    expect(data.kpis).toEqual({
      patents: own.length,
      inventions: own.filter((p) => p.patentType?.startsWith('invention')).length,
      granted: own.filter(isGranted).length,
      valid: own.filter((p) => p.legalStatus === '有效').length,
      inventors: new Set(own.flatMap((p) => (p.inventors ?? []).map((i) => i.name))).size,
      applicants: new Set(own.flatMap((p) => (p.applicants ?? []).map((a) => a.name))).size,
    });
    for (const point of data.publicationTrend) {
      expect(point.count).toBe(own.filter((p) => p.publicationDate?.slice(0, 4) === point.key).length);
    }
    expect(data.publicationTrend.reduce((n, p) => n + p.count, 0)).toBe(own.length);
    // Co-applicants: the university itself is left out.
    expect(data.applicants.buckets.map((b) => b.key).sort()).toEqual(['华为技术有限公司', '浙江大学'].sort());
    for (const b of data.applicants.buckets) expect(b.count).toBe(own.filter((p) => hasApplicant(p, b.key)).length);
    expect(data.places.dimension).toBe('applicantProvince');
    for (const b of data.technologies.buckets) {
      expect(b.count).toBe(own.filter((p) => p.classifications?.ipc?.some((c) => c.startsWith(b.key))).length);
    }

    for (const point of data.trend.filter((p) => p.count > 0)) {
      expect(point.count).toBe(own.filter((p) => yearOf(p) === point.key).length);
      const jump = dataOf<{ searchExpre: string; filters: unknown[]; mergeType: number; total: number }>(
        await post('/dashboards/cu/jump', {
          subject: { kind: 'university', name: '清华大学' },
          target: { kind: 'bucket', dimension: 'applicationYear', keys: [point.key] },
        }),
      );
      expect(jump.total).toBe(point.count);
      expect(await resultTotal(jump)).toBe(point.count);
    }
    const inventions = dataOf<{ searchExpre: string; filters: unknown[]; mergeType: number; total: number }>(
      await post('/dashboards/cu/jump', {
        subject: { kind: 'university', name: '清华大学' },
        target: { kind: 'bucket', dimension: 'patentType', keys: ['invention_application', 'invention_grant'] },
      }),
    );
    expect(inventions.total).toBe(data.kpis.inventions);
    expect(await resultTotal(inventions)).toBe(data.kpis.inventions);
  });

  it('answers region dashboards for a province, a city and an office', async () => {
    const gd = dataOf<{
      kpis: { patents: number };
      places: { dimension: string; buckets: { key: string; count: number }[] };
    }>(await post('/dashboards/region/overview', { subject: { kind: 'province', province: '广东省' } }));
    expect(gd.kpis.patents).toBe(CORPUS.filter((p) => inProvince(p, '广东省')).length);
    expect(gd.places.dimension).toBe('applicantCity');
    const shenzhen = gd.places.buckets.find((b) => b.key === '深圳');
    expect(shenzhen?.count).toBe(CN.filter((p) => (p.applicants ?? []).some((a) => a.city === '深圳')).length);
    const city = dataOf<{ kpis: { patents: number } }>(
      await post('/dashboards/region/overview', { subject: { kind: 'province', province: '广东', city: '深圳' } }),
    );
    expect(city.kpis.patents).toBe(shenzhen?.count);

    const us = dataOf<{ kpis: { patents: number; granted: number }; places: { dimension: string } }>(
      await post('/dashboards/region/overview', { subject: { kind: 'country', country: 'us' } }),
    );
    expect(us.kpis.patents).toBe(US.length);
    expect(us.kpis.granted).toBe(US.length);
    expect(us.places.dimension).toBe('applicantCountry');
  });

  it('finds universities, companies and regions for the picker, with their counts', async () => {
    const universities = dataOf<{ items: { name: string; count: number; subject: { kind: string } }[] }>(
      await post('/dashboards/cu/entities', { q: '大学' }),
    );
    const names = ['清华大学', '华南理工大学', '广东工业大学', '浙江大学'];
    expect(universities.items.map((i) => i.name).sort()).toEqual([...names].sort());
    for (const item of universities.items) {
      expect(item.subject.kind).toBe('university');
      expect(item.count).toBe(CORPUS.filter((p) => hasApplicant(p, item.name)).length);
    }
    const stanford = dataOf<{ items: { name: string; count: number }[] }>(
      await post('/dashboards/cu/entities', { q: 'stanford' }),
    );
    expect(stanford.items).toEqual([
      { subject: { kind: 'university', name: 'Stanford University' }, name: 'Stanford University', count: 6 },
    ]);
    const companies = dataOf<{ items: { name: string; count: number }[] }>(await post('/dashboards/co/entities', {}));
    expect(companies.items.map((i) => i.name)).toEqual(['Apple Inc.', '华为技术有限公司', '比亚迪股份有限公司']);
    expect(companies.items[0]?.count).toBe(US.length);
    const regions = dataOf<{ items: { name: string; count: number }[] }>(await post('/dashboards/region/entities', {}));
    expect(regions.items.find((i) => i.name === 'US')?.count).toBe(US.length);
    expect(regions.items.find((i) => i.name === '广东省')?.count).toBe(
      CORPUS.filter((p) => inProvince(p, '广东省')).length,
    );
  });

  it('refuses what is not a province of China, and a subject of another dashboard', async () => {
    const bad = await post('/search/patentMap/analy', { province: '加州' }, auth, 'en');
    expect(bad.statusCode).toBe(400);
    expect((bad.json() as { message: string }).message).toContain('not a province of China');
    const wrongKind = await post('/dashboards/cu/overview', { subject: { kind: 'company', name: 'Apple Inc.' } });
    expect(wrongKind.statusCode).toBe(400);
  });

  it('keeps each dashboard to its permission', async () => {
    const plain = await authHeader(t, ['/search/result']);
    expect(
      (await post('/dashboards/region/overview', { subject: { kind: 'country', country: 'US' } }, plain)).statusCode,
    ).toBe(200);
    expect(
      (await post('/dashboards/cu/overview', { subject: { kind: 'university', name: '清华大学' } }, plain)).statusCode,
    ).toBe(403);
    expect((await post('/dashboards/co/entities', {}, plain)).statusCode).toBe(403);
    expect((await post('/search/patentMap/classification', {}, plain)).statusCode).toBe(403);
    const universityOnly = await authHeader(t, ['/nationalUniversityDatabase']);
    expect((await post('/dashboards/cu/entities', {}, universityOnly)).statusCode).toBe(200);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/product/dashboards/region/entities',
      payload: {},
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

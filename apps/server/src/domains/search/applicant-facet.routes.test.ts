import type { Party, Patent } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, reachableDialects, type AuthHeader } from '../../../test/helpers.js';

const dialects = await reachableDialects();

// Goertek as the demo corpus writes it (issue 43 item 7): the Patentics/incoPat records standardise
// the group to its old name 歌尔声学股份有限公司, the PatSnap records carry no standardised name.
const GOERTEK_NEW: Party = { name: '歌尔股份有限公司' };
const GOERTEK_NEW_STD: Party = { name: '歌尔股份有限公司', standardName: '歌尔声学股份有限公司' };
const GOERTEK_OLD: Party = { name: '歌尔声学股份有限公司' };
const GOERTEK_TECH: Party = { name: '歌尔科技有限公司', standardName: '歌尔声学股份有限公司' };
const GOERTEK_EN: Party = { name: 'GOERTEK INC.', standardName: '歌尔声学股份有限公司' };
const OPTICS: Party = { name: '歌尔光学科技有限公司' };
const TSINGHUA: Party = { name: '清华大学' };

const APPLICANT_SETS: Party[][] = [
  [GOERTEK_NEW],
  [GOERTEK_NEW_STD],
  [GOERTEK_OLD],
  [GOERTEK_TECH, GOERTEK_NEW_STD],
  [GOERTEK_EN],
  [OPTICS],
  [TSINGHUA, GOERTEK_TECH],
];

function patent(i: number): Patent {
  return {
    publicationNumber: `CN${String(140000000 + i)}A`,
    country: 'CN',
    patentType: 'invention_application',
    title: { lang: 'zh', text: `一种头戴显示设备${i}` },
    applicants: APPLICANT_SETS[i % APPLICANT_SETS.length]!,
    applicationDate: `20${10 + (i % 10)}-03-01`,
    publicationDate: `20${11 + (i % 10)}-01-15`,
  };
}
const CORPUS = Array.from({ length: 28 }, (_, i) => patent(i));
const GOERTEK_WRITTEN = new Set(['歌尔股份有限公司', '歌尔声学股份有限公司', '歌尔科技有限公司', 'GOERTEK INC.']);
const goertekPatents = CORPUS.filter((p) => (p.applicants ?? []).some((a) => GOERTEK_WRITTEN.has(a.name))).length;
const writtenCount = (name: string) => CORPUS.filter((p) => (p.applicants ?? []).some((a) => a.name === name)).length;

interface Bucket {
  value: string;
  count: number;
  variants?: { value: string; count: number }[];
}
interface Result {
  total: number;
  facets: { applicant?: Bucket[] };
  applicantsMerged?: boolean;
}

describe.each(dialects)('merged applicant facet (issue 43) on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let auth: AuthHeader;
  const search = async (body: Record<string, unknown>): Promise<Result> => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product/search/searchNew',
      payload: { searchExpre: 'TI=头戴显示', mergeType: 0, page: 1, pageSize: 20, highlight: false, ...body },
      headers: { authorization: auth.authorization },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: Result }).data;
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    auth = await authHeader(t);
    const { stored } = await t.context.repositories.patents.upsertMany(CORPUS);
    await t.context.engine.index(stored);
  });
  afterAll(async () => t.close());

  it('counts the old and the current name as one company under the current name, with the variants listed', async () => {
    const result = await search({});
    expect(result.applicantsMerged).toBe(true);
    const buckets = result.facets.applicant ?? [];
    // The standardised name is the current one: the old name is no value of its own.
    expect(buckets.map((b) => b.value)).not.toContain('歌尔声学股份有限公司');
    const goertek = buckets.find((b) => b.value === '歌尔股份有限公司');
    expect(goertek?.count).toBe(goertekPatents);
    expect(goertek?.variants?.map((v) => v.value).sort()).toEqual([...GOERTEK_WRITTEN].sort());
    for (const v of goertek?.variants ?? []) expect(v.count, v.value).toBe(writtenCount(v.value));
    // A company with one spelling lists none.
    expect(buckets.find((b) => b.value === '歌尔光学科技有限公司')?.variants).toBeUndefined();

    // The value filters applicantStandard: the total after the click is the count shown.
    const filtered = await search({ filters: [{ field: 'applicantStandard', values: ['歌尔股份有限公司'] }] });
    expect(filtered.total).toBe(goertekPatents);
  });

  it('counts the names as written apart with the switch off', async () => {
    const result = await search({ mergeApplicants: false });
    expect(result.applicantsMerged).toBeUndefined();
    const buckets = result.facets.applicant ?? [];
    expect(buckets.find((b) => b.value === '歌尔股份有限公司')?.count).toBe(writtenCount('歌尔股份有限公司'));
    expect(buckets.find((b) => b.value === '歌尔声学股份有限公司')?.count).toBe(writtenCount('歌尔声学股份有限公司'));
    expect(buckets.every((b) => b.variants === undefined)).toBe(true);
  });

  it('ranks applicants by standardised name in analysis when asked, and a bar drills down to its count', async () => {
    const analyze = async (mergeApplicants?: boolean) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/product/search/analyze',
        payload: {
          searchExpre: 'TI=头戴显示',
          ...(mergeApplicants === undefined ? {} : { mergeApplicants }),
          analysis: { kind: 'terms', dimension: 'applicant', limit: 20 },
        },
        headers: { authorization: auth.authorization },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (
        res.json() as {
          data: { result: { dimension: string; buckets: { key: string; count: number }[] } };
        }
      ).data.result;
    };
    const merged = await analyze(true);
    expect(merged.dimension).toBe('applicantStandard');
    const bar = merged.buckets.find((b) => b.key === '歌尔股份有限公司');
    expect(bar?.count).toBe(goertekPatents);
    expect(merged.buckets.map((b) => b.key)).not.toContain('歌尔声学股份有限公司');
    const jump = await t.app.inject({
      method: 'POST',
      url: '/api/product/search/analysisJump',
      payload: {
        searchExpre: 'TI=头戴显示',
        target: { kind: 'bucket', dimension: merged.dimension, key: '歌尔股份有限公司' },
      },
      headers: { authorization: auth.authorization },
    });
    expect((jump.json() as { data: { total: number } }).data.total).toBe(goertekPatents);

    for (const written of [await analyze(false), await analyze()]) {
      expect(written.dimension).toBe('applicant');
      expect(written.buckets.find((b) => b.key === '歌尔股份有限公司')?.count).toBe(writtenCount('歌尔股份有限公司'));
      expect(written.buckets.find((b) => b.key === '歌尔声学股份有限公司')?.count).toBe(
        writtenCount('歌尔声学股份有限公司'),
      );
    }
  });

  it('still finds the old standardised name with PA-STD', async () => {
    const old = await search({ searchExpre: 'PA-STD=(歌尔声学股份有限公司)' });
    const current = await search({ searchExpre: 'PA-STD=(歌尔股份有限公司)' });
    expect(current.total).toBe(goertekPatents);
    expect(old.total).toBeGreaterThan(0);
  });
});

import type { Party, Patent } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, reachableDialects, type AuthHeader } from '../../../test/helpers.js';

const dialects = await reachableDialects();

interface Body {
  status: number;
  message: string;
  data: Record<string, unknown> & { code?: string };
}

const CATL: Party = { name: '宁德时代新能源科技股份有限公司' };
const CATL_EN: Party = { name: 'CONTEMPORARY AMPEREX TECHNOLOGY CO LTD' };
const BYD: Party = { name: '比亚迪股份有限公司' };
const OTHER: Party = { name: '清华大学' };
const APPLICANTS: Party[][] = [[CATL], [CATL_EN], [BYD], [OTHER], [OTHER, BYD]];

function patent(i: number): Patent {
  return {
    publicationNumber: `CN${String(160000000 + i)}A`,
    country: 'CN',
    patentType: 'invention_application',
    title: { lang: 'zh', text: i % 2 === 0 ? `一种储能电池组${i}` : `一种充电桩${i}` },
    applicants: APPLICANTS[i % APPLICANTS.length]!,
    applicationDate: `20${10 + (i % 10)}-03-01`,
    publicationDate: `20${11 + (i % 10)}-01-15`,
  };
}
const CORPUS = Array.from({ length: 20 }, (_, i) => patent(i));
const count = (expr: (p: Patent) => boolean) => CORPUS.filter(expr).length;
const has = (p: Patent, names: readonly string[]) => (p.applicants ?? []).some((a) => names.includes(a.name));
const isBattery = (p: Patent) => p.title!.text.includes('储能电池组');

describe.each(dialects)('applicant groups as an analysis dimension on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let owner: AuthHeader & { userId: string };
  let friend: AuthHeader & { userId: string };

  const call = async (url: string, payload: unknown, who: AuthHeader | null, lang = 'zh') => {
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/product${url}`,
      payload: payload as object,
      headers: { 'accept-language': lang, ...(who ? { authorization: who.authorization } : {}) },
    });
    return { code: response.statusCode, body: response.json<Body>() };
  };
  const SET = { searchExpre: 'TI=储能电池组', mergeType: 0 };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    owner = await authHeader(t);
    friend = await authHeader(t);
    const { stored } = await t.context.repositories.patents.upsertMany(CORPUS);
    await t.context.engine.index(stored);
    const insert = async (name: string, members: { name: string; variants: string[] }[]) =>
      (await call('/applicantgroup/insert', { name, members }, owner)).body.data.id as string;
    await insert('宁德', [{ name: CATL.name, variants: [CATL_EN.name] }]);
    await insert('比亚迪', [{ name: BYD.name, variants: [] }]);
    await insert('华为', [{ name: '华为技术有限公司', variants: [] }]);
  });
  afterAll(async () => t?.close());

  it('counts the set per group (names and variants), each bar the total of its jump', async () => {
    const answer = await call('/search/analy/applicantGroup', SET, owner);
    expect(answer.code).toBe(200);
    const data = answer.body.data as { total: number; groups: { name: string; count: number }[] };
    expect(data.total).toBe(count(isBattery));
    const catl = count((p) => isBattery(p) && has(p, [CATL.name, CATL_EN.name]));
    const byd = count((p) => isBattery(p) && has(p, [BYD.name]));
    expect(catl).toBeGreaterThan(0);
    expect(byd).toBeGreaterThan(0);
    // Most patents first; a group with none in the set shows 0.
    expect(catl).toBe(4);
    expect(byd).toBe(4);
    // Most patents first, then by name; a group with none in the set shows 0.
    expect(data.groups).toEqual([
      { name: '宁德', count: catl },
      { name: '比亚迪', count: byd },
      { name: '华为', count: 0 },
    ]);

    const jump = await call('/search/analy/applicantGroup/analysisJump', { ...SET, group: '宁德' }, owner);
    expect(jump.body.data).toMatchObject({ searchExpre: '(TI=储能电池组) AND PA=@宁德', total: catl });
    // The result page shows the same total for the jump's expression.
    const page = await call(
      '/search/searchNew',
      { searchExpre: jump.body.data.searchExpre, mergeType: 0, page: 1, pageSize: 20, highlight: false },
      owner,
    );
    expect(page.body.data.total).toBe(catl);
    // The other charts read PA=@组名 for the caller too, so the jumped-to set analyses as it searches.
    const analysed = await call(
      '/search/analyze',
      { searchExpre: 'PA=@宁德', analysis: { kind: 'terms', dimension: 'applicant', limit: 10 } },
      owner,
    );
    expect(analysed.body.data.total).toBe(count((p) => has(p, [CATL.name, CATL_EN.name])));
  });

  it('answers no bars to a user without groups, and refuses a jump to a group they cannot use', async () => {
    const answer = await call('/search/analy/applicantGroup', SET, friend);
    expect(answer.body.data).toMatchObject({ total: count(isBattery), groups: [] });
    const refused = await call('/search/analy/applicantGroup/analysisJump', { ...SET, group: '宁德' }, friend, 'en');
    expect(refused.body.data.code).toBe('QUERY_APPLICANT_GROUP_NOT_FOUND');
    const unauthenticated = await call('/search/analy/applicantGroup', SET, null);
    expect(unauthenticated.code).toBe(401);
  });
});

import type { Party, Patent } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, reachableDialects, uploadFile, type AuthHeader } from '../../../test/helpers.js';

const dialects = await reachableDialects();

// Names as vendor exports pair them: the written applicant and its 标准化申请人.
const HUAWEI: Party = { name: '华为技术有限公司' };
const HUAWEI_EN: Party = { name: 'HUAWEI TECH CO LTD', standardName: '华为技术有限公司' };
const HUAWEI_PAREN: Party = { name: '华为技术（深圳）有限公司', standardName: '华为技术有限公司' };
const HUAWEI_DEVICE: Party = { name: '华为终端有限公司' };
const HISILICON: Party = { name: '海思半导体有限公司' };
const HUAWEI_INSTITUTE: Party = { name: '华为技术有限公司深圳研究所' };
const TSINGHUA: Party = { name: '清华大学' };

const APPLICANT_SETS: Party[][] = [
  [HUAWEI],
  [HUAWEI_EN],
  [HUAWEI_PAREN, TSINGHUA],
  [HUAWEI_DEVICE],
  [HISILICON],
  [HUAWEI_INSTITUTE],
  [TSINGHUA],
];

function patent(i: number): Patent {
  return {
    publicationNumber: `CN${String(130000000 + i)}A`,
    country: 'CN',
    patentType: 'invention_application',
    title: { lang: 'zh', text: `一种通信装置${i}` },
    applicants: APPLICANT_SETS[i % APPLICANT_SETS.length]!,
    applicationDate: `20${10 + (i % 10)}-03-01`,
    publicationDate: `20${11 + (i % 10)}-01-15`,
  };
}
const CORPUS = Array.from({ length: 35 }, (_, i) => patent(i));
const standardOf = (p: Party) => p.standardName ?? p.name;
const patentsOf = (standard: string) =>
  CORPUS.filter((p) => (p.applicants ?? []).some((a) => standardOf(a) === standard)).length;
const writtenCount = (name: string) => CORPUS.filter((p) => (p.applicants ?? []).some((a) => a.name === name)).length;

interface CompanyOut {
  name: string;
  standardNames: string[];
  variants: { name: string; count: number }[];
  patents: number;
  set: { searchExpre: string; filters: unknown[] };
  tree: { parent: string | null; subsidiaries: number } | null;
}
interface NodeOut {
  name: string;
  share: number | null;
  relation: string | null;
  patents: number;
  set: { searchExpre: string; filters: unknown[] };
  children: NodeOut[];
}

describe.each(dialects)('business (companies) API on %s', (dialect) => {
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
  const resultTotal = async (set: { searchExpre: string; filters: unknown[] }) =>
    dataOf<{ total: number }>(
      await post('/search/searchNew', { ...set, mergeType: 0, page: 1, pageSize: 20, facets: [], highlight: false }),
    ).total;
  const importTree = (csv: string, lang = 'zh', who = auth) =>
    uploadFile(
      t,
      '/api/platform/business/tree/import',
      { content: Buffer.from(csv), name: 'tree.csv', type: 'text/csv' },
      who,
      lang,
    );

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    auth = await authHeader(t);
    const { stored } = await t.context.repositories.patents.upsertMany(CORPUS);
    await t.context.engine.index(stored);
  });
  afterAll(async () => t.close());

  it('finds a company by name with its standardised variants and exact patent count', async () => {
    const data = dataOf<{ companies: CompanyOut[] }>(await post('/business/search/business', { keyword: '华为技术' }));
    const huawei = data.companies.find((c) => c.name === '华为技术有限公司')!;
    expect(huawei).toBeDefined();
    expect(huawei.patents).toBe(patentsOf('华为技术有限公司'));
    expect(huawei.variants.map((v) => v.name).sort()).toEqual(
      ['华为技术有限公司', 'HUAWEI TECH CO LTD', '华为技术（深圳）有限公司'].sort(),
    );
    for (const v of huawei.variants) expect(v.count, v.name).toBe(writtenCount(v.name));
    // The longer name containing it is another company, never merged in.
    const institute = data.companies.find((c) => c.name === '华为技术有限公司深圳研究所');
    expect(institute?.patents).toBe(patentsOf('华为技术有限公司深圳研究所'));
    expect(huawei.variants.map((v) => v.name)).not.toContain('华为技术有限公司深圳研究所');
    // The company's set opens a result page with the same total.
    expect(await resultTotal(huawei.set)).toBe(huawei.patents);
    expect(huawei.tree).toBeNull();
  });

  it('shows a standardised company on the /analysis/co dashboard with its variants’ patents', async () => {
    const subject = { kind: 'company', name: '华为技术有限公司', standard: true };
    const overview = dataOf<{
      kpis: { patents: number };
      applicantsBy: string;
      applicants: { buckets: { key: string; count: number }[] };
    }>(await post('/dashboards/co/overview', { subject }));
    expect(overview.kpis.patents).toBe(patentsOf('华为技术有限公司'));
    // Co-applicants by standardised name: the company's own spellings are not among them.
    expect(overview.applicantsBy).toBe('applicantStandard');
    expect(overview.applicants.buckets.map((b) => b.key)).toEqual(['清华大学']);
    const jump = dataOf<{ total: number }>(
      await post('/dashboards/co/jump', {
        subject,
        target: { kind: 'bucket', dimension: 'applicantStandard', keys: ['清华大学'] },
      }),
    );
    expect(jump.total).toBe(overview.applicants.buckets[0]?.count);
    const written = dataOf<{ kpis: { patents: number } }>(
      await post('/dashboards/co/overview', { subject: { kind: 'company', name: '华为技术有限公司' } }),
    );
    expect(written.kpis.patents).toBe(writtenCount('华为技术有限公司'));
  });

  it('finds the company from an English written variant', async () => {
    const data = dataOf<{ companies: CompanyOut[] }>(
      await post('/business/search/business', { keyword: 'huawei tech' }, auth, 'en'),
    );
    expect(data.companies.map((c) => c.name)).toEqual(['华为技术有限公司']);
  });

  it('imports a parent/subsidiary CSV and answers the tree with each node’s patents', async () => {
    const imported = dataOf<{ relations: number; companies: number }>(
      await importTree(
        '母公司,子公司,持股比例,关系\n华为投资控股有限公司,华为技术有限公司,100,全资子公司\n华为技术有限公司,华为终端有限公司,100%,全资子公司\n华为技术有限公司,海思半导体有限公司,,\n',
      ),
    );
    expect(imported).toMatchObject({ relations: 3, companies: 4 });

    const tree = dataOf<{
      company: CompanyOut;
      parents: NodeOut[];
      root: NodeOut;
      inTree: boolean;
      withSubsidiaries: { patents: number; set: { searchExpre: string; filters: unknown[] } };
    }>(await post('/business/search/business/tree', { name: '华为技术有限公司' }));
    expect(tree.inTree).toBe(true);
    expect(tree.parents.map((p) => [p.name, p.patents])).toEqual([['华为投资控股有限公司', 0]]);
    expect(tree.root).toMatchObject({
      name: '华为技术有限公司',
      share: 100,
      relation: '全资子公司',
      patents: patentsOf('华为技术有限公司'),
    });
    expect(tree.root.children.map((c) => [c.name, c.patents, c.share])).toEqual([
      ['华为终端有限公司', writtenCount('华为终端有限公司'), 100],
      ['海思半导体有限公司', writtenCount('海思半导体有限公司'), null],
    ]);
    for (const child of tree.root.children) expect(await resultTotal(child.set)).toBe(child.patents);
    const union = CORPUS.filter((p) =>
      (p.applicants ?? []).some((a) =>
        ['华为技术有限公司', '华为终端有限公司', '海思半导体有限公司'].includes(standardOf(a)),
      ),
    ).length;
    expect(tree.withSubsidiaries.patents).toBe(union);
    expect(await resultTotal(tree.withSubsidiaries.set)).toBe(union);

    // The search now says where the company sits.
    const found = dataOf<{ companies: CompanyOut[] }>(
      await post('/business/search/business', { keyword: '华为技术有限公司' }),
    );
    expect(found.companies.find((c) => c.name === '华为技术有限公司')?.tree).toEqual({
      parent: '华为投资控股有限公司',
      subsidiaries: 2,
    });
    // A company only in the tree answers its place with 0 patents; an unknown one is a 404.
    const holding = dataOf<{ root: NodeOut }>(
      await post('/business/search/business/tree', { name: '华为投资控股有限公司' }),
    );
    expect(holding.root.children.map((c) => c.name)).toEqual(['华为技术有限公司']);
    expect(holding.root.children[0]?.children).toHaveLength(2);
    const missing = await post('/business/search/business/tree', { name: '不存在的公司' }, auth, 'en');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ message: 'No patents of the company "不存在的公司"' });
  });

  it('refuses a malformed tree CSV with line numbers, keeping the tree it had', async () => {
    const res = await importTree('parent,child,share\nA Co,B Co,50\n,C Co,\nD Co,E Co,abc\n', 'en');
    expect(res.statusCode).toBe(400);
    expect((res.json() as { message: string }).message).toBe(
      'The company relations file was not imported: line 3: the parent or the child is empty; line 4: the share "abc" must be a number from 0 to 100 (a % sign is allowed)',
    );
    const zh = await importTree('parent,child\nA,A\n', 'zh');
    expect((zh.json() as { message: string }).message).toBe('公司关系表有误，未导入：第 2 行：母公司与子公司相同');
    const summary = await t.app.inject({
      method: 'GET',
      url: '/api/platform/business/tree',
      headers: { authorization: auth.authorization },
    });
    expect(dataOf<{ relations: number; source: string }>(summary)).toMatchObject({ relations: 3, source: 'tree.csv' });
  });

  it('keeps company data to the enterprise database and the import to operators', async () => {
    const plain = await authHeader(t, ['/patentMap']);
    expect((await post('/business/search/business', { keyword: '华为' }, plain)).statusCode).toBe(403);
    expect((await importTree('A,B\n', 'zh', plain)).statusCode).toBe(403);
    const empty = await post('/business/search/business', { keyword: '  ' }, auth, 'en');
    expect(empty.statusCode).toBe(400);
  });
});

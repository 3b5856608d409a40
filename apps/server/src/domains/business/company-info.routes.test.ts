import type { Party, Patent } from '@patlas/contracts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, reachableDialects, uploadFile, type AuthHeader } from '../../../test/helpers.js';

const dialects = await reachableDialects();

/** Issue 46 item 4: listed or not, from the operators' company information file (docs/company-fields.md). */
const CATL: Party = { name: '宁德时代新能源科技股份有限公司', type: 'company' };
const CATL_EN: Party = {
  name: 'CONTEMPORARY AMPEREX TECHNOLOGY CO LTD',
  standardName: '宁德时代新能源科技股份有限公司',
};
const BYD: Party = { name: '比亚迪股份有限公司', type: 'company' };
const SMALL: Party = { name: '苏州某某电池有限公司', type: 'company' };
const TSINGHUA: Party = { name: '清华大学', type: 'university' };

const CORPUS: Patent[] = [
  [CATL, '一种电池模组'],
  [CATL_EN, '一种电池包'],
  [BYD, '一种电池热管理系统'],
  [BYD, '一种汽车座椅'],
  [SMALL, '一种电池外壳'],
  [TSINGHUA, '一种电池电极材料'],
].map(([applicant, title], i) => ({
  publicationNumber: `CN${String(140000000 + i)}A`,
  country: 'CN',
  patentType: 'invention_application',
  title: { lang: 'zh', text: title as string },
  applicants: [applicant as Party],
  applicationDate: '2020-03-01',
  publicationDate: '2021-01-15',
}));

const CSV = [
  '企业名称,是否上市,上市板块,股票代码,企业类型,地区',
  '宁德时代新能源科技股份有限公司,是,创业板,300750,股份有限公司,福建',
  '比亚迪股份有限公司,是,主板,002594,股份有限公司,广东',
  ',是,主板,000001,,',
  '苏州某某电池有限公司,否,,,有限责任公司,江苏',
  '某某科技有限公司,也许,,,,',
].join('\n');

interface Body {
  status: number;
  message: string;
  data: Record<string, unknown> & { code?: string; total?: number };
}

describe.each(dialects)('company information file and PA-LISTED on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let auth: AuthHeader;
  const search = async (expr: string, lang = 'zh') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product/search/searchNew',
      payload: { searchExpre: expr, mergeType: 0, page: 1, pageSize: 20, highlight: false },
      headers: { 'accept-language': lang, authorization: auth.authorization },
    });
    return res.json<Body>();
  };
  const detail = async (pn: string) => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/product/patent/detail?pn=${pn}`,
      headers: { authorization: auth.authorization },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: { companyInfo?: Record<string, unknown> } }>().data;
  };
  const importFile = (content: Buffer, name: string, lang = 'zh') =>
    uploadFile(t, '/api/platform/business/companyInfo/import', { content, name }, auth, lang);

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    auth = await authHeader(t);
    const { stored } = await t.context.repositories.patents.upsertMany(CORPUS);
    await t.context.engine.index(stored);
  });
  afterAll(async () => t.close());

  it('refuses PA-LISTED with a clear message while no company information is imported', async () => {
    const zh = await search('PA-LISTED=是 AND TI=电池');
    expect(zh).toMatchObject({ status: 0, data: { code: 'QUERY_COMPANY_INFO_MISSING' } });
    expect(zh.message).toContain('尚未导入企业信息');
    const en = await search('LISTED=yes', 'en');
    expect(en.data.code).toBe('QUERY_COMPANY_INFO_MISSING');
    expect(en.message).toContain('no company information has been imported');
    // The detail page shows nothing of it.
    expect((await detail(CORPUS[0]!.publicationNumber)).companyInfo).toBeUndefined();
  });

  it('imports the file, reports the malformed lines by number and keeps the rest', async () => {
    const res = await importFile(Buffer.from(CSV), '企业信息表.csv');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{
      data: { companies: number; listed: number; errors: { line: number; message: string }[] };
    }>().data;
    expect(data).toMatchObject({ companies: 3, listed: 2 });
    expect(data.errors.map((e) => e.line)).toEqual([4, 6]);
    expect(data.errors[0]!.message).toBe('企业名称为空');
    expect(data.errors[1]!.message).toContain('“也许”');
    const summary = await t.app.inject({
      method: 'GET',
      url: '/api/platform/business/companyInfo',
      headers: { authorization: auth.authorization },
    });
    expect(summary.json<Body>().data).toMatchObject({ companies: 3, listed: 2, source: '企业信息表.csv' });
    // English messages for an English caller.
    const en = await importFile(Buffer.from(CSV), 'companies.csv', 'en');
    expect(en.json<{ data: { errors: { message: string }[] } }>().data.errors[0]!.message).toBe(
      'the company name is empty',
    );
  });

  it('searches PA-LISTED as the listed companies, through their standardised names', async () => {
    const listed = await search('PA-LISTED=是 AND TI=电池');
    expect(listed.status, listed.message).toBe(1);
    // CATL (both spellings) and BYD's battery patent; not the small company or the university.
    expect(listed.data.total).toBe(3);
    expect((await search('PA-LISTED=是')).data.total).toBe(4);
    expect((await search('上市=否 AND TI=电池')).data.total).toBe(1);
    expect((await search('TI=电池 AND NOT PA-LISTED=yes')).data.total).toBe(2);
    const wrong = await search('PA-LISTED=也许');
    expect(wrong).toMatchObject({ status: 0, data: { code: 'QUERY_LISTED_VALUE' } });
    expect(wrong.message).toContain('第 11 列');
  });

  it('shows on the detail page what the file says of an applicant it holds, by standardised name too', async () => {
    const catl = await detail(CORPUS[0]!.publicationNumber);
    expect(catl.companyInfo).toEqual({
      [CATL.name]: {
        name: CATL.name,
        listed: true,
        board: '创业板',
        stockCode: '300750',
        type: '股份有限公司',
        region: '福建',
      },
    });
    const written = await detail(CORPUS[1]!.publicationNumber);
    expect(written.companyInfo?.[CATL_EN.name]).toMatchObject({ listed: true, stockCode: '300750' });
    expect((await detail(CORPUS[4]!.publicationNumber)).companyInfo?.[SMALL.name]).toMatchObject({ listed: false });
    expect((await detail(CORPUS[5]!.publicationNumber)).companyInfo).toBeUndefined();
  });

  it('reads an .xlsx off the HTTP thread, with its lines as the sheet numbers them', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('企业信息');
    sheet.addRow(['是否上市', '企业名称', '股票代码']);
    sheet.addRow(['否', '比亚迪股份有限公司', '']);
    sheet.addRow(['?', '宁德时代新能源科技股份有限公司', '300750']);
    const res = await importFile(Buffer.from(await workbook.xlsx.writeBuffer()), '企业信息表.xlsx');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: { companies: number; listed: number; errors: { line: number }[] } }>().data;
    expect(data).toMatchObject({ companies: 1, listed: 0 });
    expect(data.errors.map((e) => e.line)).toEqual([3]);
    // The whole information was replaced: nothing is listed now, so PA-LISTED=是 finds nothing.
    expect((await search('PA-LISTED=是')).data.total).toBe(0);
    expect((await search('PA-LISTED=否')).data.total).toBe(2);
  });
});

import ExcelJS from 'exceljs';
import { MAX_BATCH_APPLICANTS, MAX_BATCH_NUMBERS, type Patent } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, multipartOf, reachableDialects, type AuthHeader } from '../../../test/helpers.js';
import { buildCnPatent, buildUsPatent } from '../../../test/factories.js';

const dialects = await reachableDialects();

const CORPUS: Patent[] = [
  buildCnPatent({
    publicationNumber: 'CN110000001A',
    applicationNumber: 'CN201810000001.2',
    title: { lang: 'zh', text: '一种锂电池正极材料' },
    applicants: [{ name: '宁德时代新能源科技股份有限公司', type: 'company' }],
    publicationDate: '2018-09-10',
  }),
  buildCnPatent({
    publicationNumber: 'CN110000002B',
    applicationNumber: 'CN201610000002.3',
    kind: 'B',
    patentType: 'invention_grant',
    title: { lang: 'zh', text: '一种电池组散热结构' },
    applicants: [{ name: '比亚迪股份有限公司', type: 'company' }],
  }),
  buildUsPatent(),
];

describe.each(dialects)('batch search API on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let user: AuthHeader;
  let other: AuthHeader;
  /** Signed in, without the retrieval permission. */
  let noMenu: AuthHeader;

  const call = (method: 'POST' | 'GET', url: string, payload: unknown, who: AuthHeader | null, lang = 'zh') =>
    t.app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { 'accept-language': lang, ...(who ? { authorization: who.authorization } : {}) },
    });
  const batch = (text: string, mode: 'number' | 'applicant' = 'number', lang = 'zh') =>
    call('POST', '/api/product/search/batch', { mode, text }, user, lang);
  const upload = (kind: 'txt' | 'excel', file: Buffer, filename: string, lang = 'zh', mode = 'number') => {
    const body = multipartOf(file, filename);
    return t.app.inject({
      method: 'POST',
      url: `/api/platform/data/search/import/${kind}?mode=${mode}`,
      payload: body.payload,
      headers: { ...body.headers, 'accept-language': lang, authorization: user.authorization },
    });
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    user = await authHeader(t);
    other = await authHeader(t);
    noMenu = await authHeader(t, ['/search/quick', '/search/result']);
    const { stored } = await t.context.repositories.patents.upsertMany(CORPUS);
    await t.context.engine.index(stored);
  });
  afterAll(async () => t.close());

  it('answers 401 without a session and 403 without the retrieval permission', async () => {
    expect((await call('POST', '/api/product/search/batch', { text: 'CN1' }, null)).statusCode).toBe(401);
    expect((await call('POST', '/api/product/search/batch', { text: 'CN1' }, noMenu)).statusCode).toBe(403);
    expect((await call('GET', '/api/product/batchSearchRecord/getHistory', undefined, noMenu)).statusCode).toBe(403);
    const body = multipartOf(Buffer.from('CN1'), 'a.txt');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/platform/data/search/import/txt',
      payload: body.payload,
      headers: { ...body.headers, authorization: noMenu.authorization },
    });
    expect(res.statusCode).toBe(403);
  });

  it('finds numbers in any written form and lists every number not found', async () => {
    const res = await batch(
      'CN110000001A, CN 110000002 B\nCN201810000001.2  us 6980000 b2\r\nCN999999999A，2016100000023 XX12',
    );
    expect(res.json(), res.body).toMatchObject({ status: 1 });
    const data = res.json().data;
    // The application number with its check digit is the same record as CN110000001A: listed once.
    expect(data.found.map((f: { publicationNumber: string }) => f.publicationNumber)).toEqual([
      'CN110000001A',
      'CN110000002B',
      'US6980000B2',
    ]);
    expect(data.found[0]).toMatchObject({
      input: 'CN110000001A',
      title: '一种锂电池正极材料',
      applicants: ['宁德时代新能源科技股份有限公司'],
    });
    expect(data.found[1].input).toBe('CN110000002B');
    expect(data.notFound).toEqual(['CN999999999A', 'XX12']);
    // The expression opens the found records on the result page.
    const hits = await call(
      'POST',
      '/api/platform/data/search/expression/total-hits',
      { searchExpre: data.expression },
      user,
    );
    expect(hits.json().data.total).toBe(3);
  });

  it('refuses an empty list and more numbers than the limit, in zh and en', async () => {
    const empty = await batch(' ,\n ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ status: 0, message: '请输入要检索的公开号、申请号或申请人' });
    const many = Array.from({ length: MAX_BATCH_NUMBERS + 1 }, (_, i) => `CN${100000000 + i}A`).join('\n');
    const tooMany = await batch(many);
    expect(tooMany.json()).toMatchObject({
      status: 0,
      message: `号码最多 ${MAX_BATCH_NUMBERS} 个，当前 ${MAX_BATCH_NUMBERS + 1} 个`,
    });
    const tooManyEn = await batch(many, 'number', 'en');
    expect(tooManyEn.json().message).toBe(
      `At most ${MAX_BATCH_NUMBERS} numbers per search; this list has ${MAX_BATCH_NUMBERS + 1}`,
    );
    const atLimit = await batch(many.split('\n').slice(0, MAX_BATCH_NUMBERS).join(','));
    expect(atLimit.json().status).toBe(1);
    expect(atLimit.json().data.notFound).toHaveLength(MAX_BATCH_NUMBERS);
  });

  it('searches applicants (names keep their spaces) up to 100 per submission', async () => {
    const res = await batch('比亚迪股份有限公司\n宁德时代新能源科技股份有限公司, Nobody Holdings Ltd', 'applicant');
    expect(res.json(), res.body).toMatchObject({ status: 1 });
    expect(res.json().data.foundApplicants).toEqual([
      { applicant: '比亚迪股份有限公司', total: 1 },
      { applicant: '宁德时代新能源科技股份有限公司', total: 1 },
    ]);
    expect(res.json().data.notFound).toEqual(['Nobody Holdings Ltd']);
    const names = Array.from({ length: MAX_BATCH_APPLICANTS + 1 }, (_, i) => `公司${i}`).join('\n');
    const tooMany = await batch(names, 'applicant');
    expect(tooMany.json()).toMatchObject({
      status: 0,
      message: `申请人最多 ${MAX_BATCH_APPLICANTS} 个，当前 ${MAX_BATCH_APPLICANTS + 1} 个`,
    });
    const tooManyEn = await batch(names, 'applicant', 'en');
    expect(tooManyEn.json().message).toBe(
      `At most ${MAX_BATCH_APPLICANTS} applicants per search; this list has ${MAX_BATCH_APPLICANTS + 1}`,
    );
  });

  it('imports a .txt file: a malformed line is reported by its number and the rest imported', async () => {
    const text = '\uFEFFCN110000001A\nCN 110000002 B, US6980000B2\nnot a number!\n\nCN110000001A\n2018100000012\n';
    const res = await upload('txt', Buffer.from(text), 'numbers.txt');
    expect(res.json(), res.body).toMatchObject({ status: 1 });
    expect(res.json().data.values).toEqual(['CN110000001A', 'CN110000002B', 'US6980000B2', '2018100000012']);
    expect(res.json().data.errors).toEqual([
      { line: 3, value: 'not', message: '不是有效的公开号或申请号' },
      { line: 3, value: 'a', message: '不是有效的公开号或申请号' },
      { line: 3, value: 'number!', message: '不是有效的公开号或申请号' },
    ]);
    const en = await upload('txt', Buffer.from('CN1A\nhello\n'), 'n.txt', 'en');
    expect(en.json().data.errors).toEqual([
      { line: 2, value: 'hello', message: 'Not a valid publication or application number' },
    ]);
  });

  it('imports the first column of an .xlsx file, skipping its header, with bad rows by row number', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('numbers');
    sheet.addRow(['公开号', '备注']);
    sheet.addRow(['CN110000001A', 'x']);
    sheet.addRow(['???', 'y']);
    sheet.addRow(['US 6980000 B2', 'z']);
    const file = Buffer.from(await workbook.xlsx.writeBuffer());
    const res = await upload('excel', file, 'numbers.xlsx');
    expect(res.json(), res.body).toMatchObject({ status: 1 });
    expect(res.json().data.values).toEqual(['CN110000001A', 'US6980000B2']);
    expect(res.json().data.errors).toEqual([{ line: 3, value: '???', message: '不是有效的公开号或申请号' }]);
  });

  it('refuses a file of the wrong type, an unreadable workbook and a missing file', async () => {
    const wrong = await upload('txt', Buffer.from('CN1A'), 'numbers.csv');
    expect(wrong.json()).toMatchObject({ status: 0, message: '文件格式不正确，请上传 .txt 文件' });
    const wrongEn = await upload('excel', Buffer.from('CN1A'), 'numbers.txt', 'en');
    expect(wrongEn.json().message).toBe('Wrong file type; please upload a .xls / .xlsx file');
    const broken = await upload('excel', Buffer.from('not a zip'), 'numbers.xls');
    expect(broken.json()).toMatchObject({ status: 0, message: '无法读取导入文件：请另存为 .xlsx 后重新上传' });
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/platform/data/search/import/txt',
      payload: {},
      headers: { authorization: user.authorization, 'accept-language': 'en' },
    });
    expect(none.json()).toMatchObject({ status: 0, message: 'Please choose a file to import' });
  });

  it('keeps batch records per user, newest first, and deletes them', async () => {
    const save = (inputs: string[], who: AuthHeader = user) =>
      call(
        'POST',
        '/api/product/batchSearchRecord/manageHistory',
        { action: 'save', mode: 'number', inputs, foundCount: 1, notFoundCount: inputs.length - 1 },
        who,
      );
    const first = (await save(['CN110000001A', 'CN9A'])).json().data.id as string;
    const second = (await save(['US6980000B2'])).json().data.id as string;
    const list = (await call('GET', '/api/product/batchSearchRecord/getHistory', undefined, user)).json().data;
    expect(list.map((r: { id: string }) => r.id).sort()).toEqual([first, second].sort());
    expect(list.find((r: { id: string }) => r.id === first)).toMatchObject({
      mode: 'number',
      inputs: ['CN110000001A', 'CN9A'],
      foundCount: 1,
      notFoundCount: 1,
    });
    expect((await call('GET', '/api/product/batchSearchRecord/getHistory', undefined, other)).json().data).toEqual([]);
    const byOther = await call(
      'POST',
      '/api/product/batchSearchRecord/manageHistory',
      { action: 'delete', ids: [first] },
      other,
    );
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json().message).toBe('该批量检索记录不存在');
    const deleted = await call(
      'POST',
      '/api/product/batchSearchRecord/manageHistory',
      { action: 'delete', ids: [first] },
      user,
    );
    expect(deleted.json()).toMatchObject({ status: 1, data: { deleted: 1 } });
    const after = (await call('GET', '/api/product/batchSearchRecord/getHistory', undefined, user)).json().data;
    expect(after.map((r: { id: string }) => r.id)).toEqual([second]);
    const bad = await call(
      'POST',
      '/api/product/batchSearchRecord/manageHistory',
      { action: 'save', mode: 'number', inputs: [] },
      user,
    );
    expect(bad.statusCode).toBe(400);
  });
});

import ExcelJS from 'exceljs';
import { RECORD_TYPES } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  buildTestApp,
  loginAs,
  reachableDialects,
  TestClock,
  type AuthHeader,
} from '../../../test/helpers.js';
import { HISTORY_RETENTION_KIND } from '../../jobs/history-retention.job.js';

const dialects = await reachableDialects();

const DAY_S = 86_400;

function multipartOf(file: Buffer) {
  const boundary = `----patlas${Math.random().toString(36).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="operations.xlsx"\r\n` +
      'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
  );
  return {
    payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

interface Item {
  id: string;
  recordType: number;
  title: string;
  router?: string;
  resultTotal?: string;
  createdAt: string;
}

describe.each(dialects)('operation history API on %s', (dialect) => {
  const clock = new TestClock(Date.parse('2026-06-01T04:00:00.000Z'));
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let user: AuthHeader & { email: string };
  let other: AuthHeader;
  let noMenu: AuthHeader;

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload: unknown,
    who: AuthHeader | null,
    lang = 'zh',
  ) =>
    t.app.inject({
      method,
      url: `/api/product${url}`,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { 'accept-language': lang, ...(who ? { authorization: who.authorization } : {}) },
    });
  const save = async (body: object, who: AuthHeader = user) => {
    const res = await call('POST', '/operatehistory', body, who);
    expect(res.json(), res.body).toMatchObject({ status: 1 });
    return res.json().data.id as string;
  };
  const list = async (body: object = {}) =>
    (await call('POST', '/operatehistory/list', body, user)).json().data as { total: number; items: Item[] };
  const upload = (file: Buffer, lang: string) => {
    const { payload, contentType } = multipartOf(file);
    return t.app.inject({
      method: 'POST',
      url: '/api/product/operatehistory/import',
      payload,
      headers: { 'content-type': contentType, authorization: user.authorization, 'accept-language': lang },
    });
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, { now: clock.now });
    user = await authHeader(t);
    other = await authHeader(t);
    noMenu = await authHeader(t, ['/search/quick']);
  });
  afterAll(async () => t.close());

  it('answers 401 without a session and 403 without the history menu', async () => {
    expect((await call('POST', '/operatehistory', { recordType: 1, title: 'x' }, null)).statusCode).toBe(401);
    expect((await call('GET', '/operatehistory/getData/x', undefined, null)).statusCode).toBe(401);
    for (const [method, url, body] of [
      ['POST', '/operatehistory/list', {}],
      ['DELETE', '/operatehistory', { all: true }],
      ['POST', '/operatehistory/export', {}],
      ['POST', '/operatehistory/import', {}],
      ['GET', '/operatehistory/getData/x', undefined],
    ] as const) {
      const res = await call(method, url, body, noMenu);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().status).toBe(0);
    }
    // Recording an operation needs only a sign-in.
    expect((await call('POST', '/operatehistory', { recordType: 1, title: 'TI=(a)' }, noMenu)).json().status).toBe(1);
  });

  it('refuses bad input with the field named, in zh and en', async () => {
    const zh = await call('POST', '/operatehistory', { recordType: 5, title: 'x' }, user, 'zh');
    expect(zh.statusCode).toBe(400);
    expect(zh.json().message).toMatch(/^参数错误：recordType/);
    const en = await call('POST', '/operatehistory', { recordType: 5, title: 'x' }, user, 'en');
    expect(en.json().message).toMatch(/^Invalid parameter: recordType/);
    const noTitle = await call('POST', '/operatehistory', { recordType: 1, title: '' }, user, 'en');
    expect(noTitle.json().message).toMatch(/^Invalid parameter: title/);
    const badTotal = await call('POST', '/operatehistory', { recordType: 1, title: 'x', resultTotal: 'many' }, user);
    expect(badTotal.statusCode).toBe(400);
    const notFound = await call('GET', '/operatehistory/getData/nope', undefined, user, 'en');
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().message).toBe('This history entry does not exist or has been deleted');
  });

  it('records the four kinds, lists them by type, keyword and page, reopens with getData, deletes own only', async () => {
    const search = await save({
      recordType: RECORD_TYPES.search,
      title: 'TI=(电池)',
      router: '/innovationSpace/searchResult?q=TI%3D(%E7%94%B5%E6%B1%A0)',
      resultTotal: '307',
      data: { state: { searchExpre: 'TI=(电池)', viewMode: 'tuwenshitu' } },
    });
    clock.advance(60);
    const analysis = await save({ recordType: RECORD_TYPES.analysis, title: '申请趋势', router: '/analysis?x=1' });
    clock.advance(60);
    const exported = await save({ recordType: RECORD_TYPES.export, title: 'patents-20260601.xlsx' });
    clock.advance(60);
    const favourite = await save({ recordType: RECORD_TYPES.favourite, title: 'CN117151122A → 电池' });
    const foreign = await save({ recordType: 1, title: 'TI=(电池)' }, other);

    const all = await list();
    expect(all.items.map((i) => i.id)).toEqual([favourite, exported, analysis, search]);
    expect(all.items.map((i) => i.recordType)).toEqual([4, 3, 2, 1]);
    for (const recordType of [1, 2, 3, 4]) {
      expect((await list({ recordType })).items.map((i) => i.recordType)).toEqual([recordType]);
    }
    expect((await list({ keyword: '电池' })).items.map((i) => i.id)).toEqual([favourite, search]);
    const page2 = await list({ page: 2, pageSize: 3 });
    expect(page2).toMatchObject({ total: 4, items: [{ id: search }] });

    const data = await call('GET', `/operatehistory/getData/${search}`, undefined, user);
    expect(data.json().data).toMatchObject({
      id: search,
      recordType: 1,
      title: 'TI=(电池)',
      router: '/innovationSpace/searchResult?q=TI%3D(%E7%94%B5%E6%B1%A0)',
      resultTotal: '307',
      data: { state: { searchExpre: 'TI=(电池)', viewMode: 'tuwenshitu' } },
    });
    // Another user's row is as missing as a deleted one.
    expect((await call('GET', `/operatehistory/getData/${foreign}`, undefined, user)).statusCode).toBe(404);

    const deleted = await call('DELETE', '/operatehistory', { ids: [analysis, foreign] }, user);
    expect(deleted.json().data).toEqual({ deleted: 1 });
    expect((await list()).total).toBe(3);
    expect((await call('GET', `/operatehistory/getData/${foreign}`, undefined, other)).json().status).toBe(1);
  });

  it('refuses a router that is not an in-app path, saved or imported (issue 41)', async () => {
    for (const router of ['//evil.example', '/\\evil.example/login', 'https://evil.example/', '/%5Cevil.example']) {
      const zh = await call('POST', '/operatehistory', { recordType: 2, title: '申请趋势', router }, user, 'zh');
      expect(zh.statusCode, router).toBe(400);
      expect(zh.json().message, router).toMatch(/^参数错误：router/);
      const en = await call('POST', '/operatehistory', { recordType: 2, title: '申请趋势', router }, user, 'en');
      expect(en.json().message, router).toMatch(/^Invalid parameter: router/);
    }
    await call('DELETE', '/operatehistory', { all: true }, user);
    await save({ recordType: 2, title: '申请趋势', router: '/analysis?x=1' });
    const res = await call('POST', '/operatehistory/export', {}, user, 'en');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as Parameters<typeof workbook.xlsx.load>[0]);
    const sheet = workbook.worksheets[0]!;
    const headers = Array.from(sheet.getRow(1).values as unknown[], (v) => String(v ?? ''));
    const dataCol = headers.findIndex((v) => v.startsWith('Data'));
    const linkCol = headers.findIndex((v) => v.startsWith('Link'));
    expect(dataCol).toBeGreaterThan(0);
    expect(linkCol).toBeGreaterThan(0);
    // Line 2 as data (its JSON), line 3 as columns (no data cell), each leading elsewhere.
    const row2 = sheet.getRow(2);
    row2.getCell(dataCol).value = String(row2.getCell(dataCol).value).replace('/analysis?x=1', '//evil.example');
    const row3 = sheet.getRow(3);
    const readable: Record<string, string> = { Type: 'Analysis', Title: '申请趋势', Link: 'https://evil.example/' };
    headers.forEach((h, column) => {
      if (readable[h]) row3.getCell(column).value = readable[h];
    });
    await call('DELETE', '/operatehistory', { all: true }, user);
    const imported = await upload(Buffer.from(await workbook.xlsx.writeBuffer()), 'en');
    expect(imported.json().data).toEqual({
      imported: 0,
      errors: [
        { line: 2, message: 'router is invalid: is not an in-app link' },
        { line: 3, message: 'router is invalid: is not an in-app link' },
      ],
    });
    expect((await list()).total).toBe(0);
  });

  it('exports .xlsx and imports it back, reporting a bad row by its line and adding no row twice', async () => {
    await call('DELETE', '/operatehistory', { all: true }, user);
    await save({ recordType: 1, title: 'TI=(一)', resultTotal: '1', data: { n: 1 } });
    clock.advance(1);
    await save({ recordType: 2, title: '申请趋势' });
    clock.advance(1);
    await save({ recordType: 3, title: 'export.xlsx' });
    const res = await call('POST', '/operatehistory/export', {}, user, 'en');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('operation-history-');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as Parameters<typeof workbook.xlsx.load>[0]);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(4);
    const dataCol = (sheet.getRow(1).values as unknown[]).findIndex((v) => String(v).startsWith('Data'));
    expect(dataCol).toBeGreaterThan(0);
    // Newest first: line 2 is the export, line 4 the search.
    sheet.getRow(2).getCell(dataCol).value = '{"recordType": 9, "title": "x", "createdAt": "2026-06-01T04:00:00Z"}';
    sheet.getRow(4).getCell(dataCol).value = '{oops';
    const edited = Buffer.from(await workbook.xlsx.writeBuffer());
    // Imported into an empty history (another installation, say).
    await call('DELETE', '/operatehistory', { all: true }, user);

    const zh = await upload(edited, 'zh');
    expect(zh.json().data.imported).toBe(1);
    expect(zh.json().data.errors).toEqual([
      { line: 2, message: expect.stringMatching(/^recordType 不合法/) },
      { line: 4, message: '数据列不是有效的 JSON' },
    ]);
    expect((await list()).total).toBe(1);
    // The whole file: its line 3 is held already (the edited file brought it), the other two are added.
    const back = await upload(res.rawPayload, 'en');
    expect(back.json().data).toEqual({ imported: 2, errors: [] });
    expect((await list()).total).toBe(3);
    // The same file again (a retried upload): nothing is added twice.
    const again = await upload(res.rawPayload, 'en');
    expect(again.json().data).toEqual({ imported: 0, errors: [] });
    expect((await list()).total).toBe(3);
    const ones = (await list({ keyword: 'TI=(一)' })).items;
    expect(ones).toHaveLength(1);
    const reopened = await call('GET', `/operatehistory/getData/${ones[0]!.id}`, undefined, user);
    expect(reopened.json().data.data).toEqual({ n: 1 });

    const junk = await upload(Buffer.from('not a spreadsheet'), 'en');
    expect(junk.statusCode).toBe(400);
    expect(junk.json().message).toBe('The import file cannot be read: not a valid .xlsx file');
  });

  it('refuses an empty upload and a request without a file, like the search history import', async () => {
    const empty = await upload(Buffer.alloc(0), 'zh');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      status: 0,
      message: '请选择要导入的文件',
      data: { code: 'IMPORT_FILE_REQUIRED' },
    });
    const noFile = await call('POST', '/operatehistory/import', {}, user, 'en');
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json()).toMatchObject({
      message: 'Please choose a file to import',
      data: { code: 'IMPORT_FILE_REQUIRED' },
    });
  });

  it('drops operations older than 180 days when retention runs', async () => {
    await call('DELETE', '/operatehistory', { all: true }, user);
    await save({ recordType: 1, title: 'old' });
    clock.advance(170 * DAY_S);
    user = { ...user, ...(await loginAs(t, user.email)) };
    await save({ recordType: 1, title: 'recent' });
    clock.advance(12 * DAY_S);
    user = { ...user, ...(await loginAs(t, user.email)) };
    const outcomes = await t.context.jobs.worker.runDueJobs();
    expect(outcomes.find((o) => o.kind === HISTORY_RETENTION_KIND)).toMatchObject({ status: 'done' });
    expect((await list()).items.map((i) => i.title)).toEqual(['recent']);
  });
});

import ExcelJS from 'exceljs';
import type { Patent, SearchHistoryEntry, SearchState } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  buildTestApp,
  DIALECTS,
  isPostgresReachable,
  loginAs,
  TestClock,
  type AuthHeader,
} from '../../../test/helpers.js';
import { buildCnPatent, buildUsPatent } from '../../../test/factories.js';
import { HISTORY_RETENTION_KIND } from '../../jobs/history-retention.job.js';

const runs = await Promise.all(
  DIALECTS.map(async (d) => [d, d === 'sqlite' || (await isPostgresReachable())] as const),
);

const CORPUS: Patent[] = [
  buildCnPatent(),
  buildCnPatent({
    publicationNumber: 'CN110000001A',
    applicationNumber: 'CN201810000001.2',
    title: { lang: 'zh', text: '一种锂电池正极材料及其制备方法' },
    abstract: { lang: 'zh', text: '本发明涉及锂电池技术领域，提供一种高容量正极材料。' },
    applicants: [{ name: '宁德时代新能源科技股份有限公司', type: 'company' }],
    applicationDate: '2018-03-02',
    publicationDate: '2018-09-10',
    classifications: { ipc: ['H01M4/525', 'H01M10/0525'], ipcMain: 'H01M4/525' },
  }),
  buildCnPatent({
    publicationNumber: 'CN110000002B',
    applicationNumber: 'CN201610000002.3',
    title: { lang: 'zh', text: '一种电池组散热结构' },
    abstract: { lang: 'zh', text: '一种电池组的散热结构，包括散热片。' },
    applicants: [{ name: '比亚迪股份有限公司', type: 'company' }],
    applicationDate: '2016-05-01',
    publicationDate: '2017-01-01',
    kind: 'B',
    patentType: 'invention_grant',
    classifications: { ipc: ['H01M10/613'] },
  }),
  buildCnPatent({
    publicationNumber: 'CN110000003U',
    applicationNumber: 'CN201920000003.4',
    title: { lang: 'zh', text: '一种电池盒' },
    abstract: { lang: 'zh', text: '一种电池盒，包括盒体。' },
    applicants: [{ name: '比亚迪股份有限公司', type: 'company' }],
    applicationDate: '2019-05-01',
    publicationDate: '2020-01-01',
    kind: 'U',
    patentType: 'utility_model',
    classifications: { ipc: ['H01M50/20'] },
  }),
  buildUsPatent({
    publicationNumber: 'US2019000001A1',
    applicationNumber: 'US16000001',
    kind: 'A1',
    patentType: 'invention_application',
    title: { lang: 'en', text: 'Cathode material for a lithium battery' },
    abstract: { lang: 'en', text: 'A lithium battery cathode with high capacity.' },
    applicationDate: '2018-12-01',
    publicationDate: '2019-06-01',
    classifications: { ipc: ['H01M4/525'] },
  }),
  buildUsPatent(),
];

const DAY_S = 86_400;

/** One multipart/form-data body with a single file part, as a browser's upload sends it. */
function multipartOf(file: Buffer, filename = 'history.xlsx') {
  const boundary = `----patlas${Math.random().toString(36).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(runs.filter(([, ok]) => ok).map(([d]) => d))('search history API on %s', (dialect) => {
  const clock = new TestClock(Date.parse('2026-06-01T04:00:00.000Z'));
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let user: AuthHeader & { userId: string; email: string };
  let other: AuthHeader & { email: string };
  /** Signed in, but without the history menu. */
  let noMenu: AuthHeader;

  /** Moves the clock; sessions expire with it, so the test users sign in again. */
  const advance = async (seconds: number) => {
    clock.advance(seconds);
    user = { ...user, ...(await loginAs(t, user.email)) };
    other = { ...other, ...(await loginAs(t, other.email)) };
  };
  const call = (method: 'POST' | 'DELETE', url: string, payload: unknown, who: AuthHeader | null, lang = 'zh') =>
    t.app.inject({
      method,
      url,
      payload: payload as object,
      headers: { 'accept-language': lang, ...(who ? { authorization: who.authorization } : {}) },
    });
  const save = async (entry: Partial<SearchHistoryEntry>, who: AuthHeader = user) => {
    const res = await call('POST', '/api/product/history', { content: JSON.stringify(entry) }, who);
    expect(res.json(), res.body).toMatchObject({ status: 1 });
    return res.json().data.id as string;
  };
  const list = async (body: object = {}, who: AuthHeader = user) => {
    const res = await call('POST', '/api/product/history/list', body, who);
    expect(res.statusCode).toBe(200);
    return res.json().data as {
      total: number;
      items: { id: string; no: number; createdAt: string; entry: SearchHistoryEntry }[];
    };
  };
  const search = async (state: SearchState) => {
    const res = await call('POST', '/api/platform/data/search/query', state, user);
    expect(res.json()).toMatchObject({ status: 1 });
    return res.json().data as { total: number; expression: string; items: { publicationNumber: string }[] };
  };
  const totalHits = async (expression: string) => {
    const res = await call(
      'POST',
      '/api/platform/data/search/expression/total-hits',
      { searchExpre: expression },
      user,
    );
    return res.json().data.total as number;
  };
  const entryOf = (expression: string, total: number | string, extra: Partial<SearchHistoryEntry> = {}) => ({
    operationName: 'search' as const,
    searchExpression: expression,
    exp: expression,
    resultTotal: String(total),
    ...extra,
  });

  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, { now: clock.now });
    user = await authHeader(t);
    other = await authHeader(t);
    noMenu = await authHeader(t, ['/search/quick', '/search/result']);
    const { stored } = await t.context.repositories.patents.upsertMany(CORPUS);
    await t.context.engine.index(stored);
  });
  afterAll(async () => t.close());

  it('answers 401 without a session and 403 without the history menu', async () => {
    expect((await call('POST', '/api/product/history', { content: '{}' }, null)).statusCode).toBe(401);
    expect((await call('POST', '/api/product/history/list', {}, null)).statusCode).toBe(401);
    const forbidden: ['POST' | 'DELETE', string, unknown][] = [
      ['POST', '/api/product/history/list', {}],
      ['DELETE', '/api/product/history', { all: true }],
      ['POST', '/api/product/history/exportAll', {}],
      ['POST', '/api/product/history/import', {}],
      ['POST', '/api/product/history/historyRetrievalCombined', { items: [{ id: 'a' }, { id: 'b' }] }],
    ];
    for (const [method, url, body] of forbidden) {
      const res = await call(method, url, body, noMenu);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().status).toBe(0);
    }
    // Recording needs only a sign-in (every search records, whatever the menu).
    const recorded = await call(
      'POST',
      '/api/product/history',
      { content: JSON.stringify(entryOf('TI=(电池)', 3)) },
      noMenu,
    );
    expect(recorded.json()).toMatchObject({ status: 1, data: { id: expect.any(String) } });
  });

  it('refuses a bad entry with the field named, in zh and en', async () => {
    const missing = JSON.stringify({ operationName: 'search', searchExpression: 'TI=(电池)' });
    const zh = await call('POST', '/api/product/history', { content: missing }, user, 'zh');
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toMatchObject({ status: 0, message: '历史记录内容无效：resultTotal 缺失' });
    const en = await call('POST', '/api/product/history', { content: missing }, user, 'en');
    expect(en.json().message).toBe('Invalid history entry: resultTotal is missing');

    const badAction = JSON.stringify(entryOf('TI=(电池)', 1, { operationName: 'sort' as never }));
    expect((await call('POST', '/api/product/history', { content: badAction }, user, 'en')).json().message).toBe(
      'Invalid history entry: operationName is not an allowed value',
    );
    const notJson = await call('POST', '/api/product/history', { content: '{not json' }, user, 'zh');
    expect(notJson.json().message).toBe('历史记录内容无效：内容不是有效的 JSON');
    // The contract's own checks: the list's page size and dates.
    const badList = await call(
      'POST',
      '/api/product/history/list',
      { pageSize: 1000, startDate: '2026/01/01' },
      user,
      'en',
    );
    expect(badList.statusCode).toBe(400);
    expect(badList.json().status).toBe(0);
    const badCombine = await call(
      'POST',
      '/api/product/history/historyRetrievalCombined',
      { items: [{ id: 'x' }] },
      user,
    );
    expect(badCombine.statusCode).toBe(400);
    const notMultipart = await call('POST', '/api/product/history/import', {}, user, 'en');
    expect(notMultipart.json()).toMatchObject({ status: 0, message: 'Please choose a file to import' });
  });

  it('saves, lists paged newest first, searches by keyword and date, and deletes only own entries', async () => {
    const startDay = clock.now();
    const a = await save(entryOf('TI=(电池)', 3));
    await advance(DAY_S);
    const b = await save(entryOf('PA=(比亚迪)', 2));
    await advance(DAY_S);
    const c = await save(entryOf('TI=(Lithium) AND CC=US', 2));
    const foreign = await save(entryOf('TI=(电池)', 3), other);

    const firstPage = await list({ page: 1, pageSize: 2 });
    expect(firstPage.total).toBe(3);
    expect(firstPage.items.map((i) => i.id)).toEqual([c, b]);
    expect(firstPage.items.map((i) => i.no)).toEqual([3, 2]);
    expect((await list({ page: 2, pageSize: 2 })).items.map((i) => i.id)).toEqual([a]);
    expect(firstPage.items[0]!.entry).toEqual(entryOf('TI=(Lithium) AND CC=US', 2));

    // Case-insensitive substring; % is a character, not a pattern.
    expect((await list({ keyword: 'lithium' })).items.map((i) => i.id)).toEqual([c]);
    expect((await list({ keyword: '%' })).total).toBe(0);
    const day = (d: Date) =>
      `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const secondDay = new Date(startDay.getTime() + DAY_S * 1000);
    expect((await list({ startDate: day(secondDay), endDate: day(secondDay) })).items.map((i) => i.id)).toEqual([b]);
    expect((await list({ startDate: day(secondDay) })).items.map((i) => i.id)).toEqual([c, b]);

    // Another user's id is not deleted (nor seen).
    const res = await call('DELETE', '/api/product/history', { ids: [a, foreign] }, user);
    expect(res.json()).toEqual({ status: 1, message: '', data: { deleted: 1 } });
    expect((await list({}, other)).items.map((i) => i.id)).toEqual([foreign]);
    expect((await list()).items.map((i) => i.id)).toEqual([c, b]);
    const all = await call('DELETE', '/api/product/history', { all: true }, user);
    expect(all.json().data).toEqual({ deleted: 2 });
    expect((await list()).total).toBe(0);
    expect((await list({}, other)).total).toBe(1);
  });

  it('reopens an entry saved from a real search: same total and first-page items', async () => {
    const state: SearchState = {
      searchExpre: 'IPC=H01M',
      secondExpre: 'TI=(电池)',
      page: 1,
      pageSize: 2,
      sort: { field: 'PD', order: 'desc' },
      mergeType: 0,
      filters: [{ field: 'applicant', values: ['比亚迪股份有限公司'] }],
      source: 'cn',
      viewMode: 'tuwenshitu',
    };
    const before = await search(state);
    expect(before.total).toBe(2);
    const id = await save(
      entryOf(state.searchExpre, before.total, {
        operationName: 'view',
        operationValue: 'tuwenshitu',
        realExpression: before.expression,
        viewMode: 'tuwenshitu',
        mergeRules: 0,
        sources: 'cn',
        isOrder: true,
        isFilter: true,
        filterArrs: [{ field: 'applicant', values: ['比亚迪股份有限公司'] }],
        state,
      }),
    );
    const [item] = (await list()).items.filter((i) => i.id === id);
    expect(item!.entry.state).toEqual(state);
    const after = await search(item!.entry.state!);
    expect(after.total).toBe(Number(item!.entry.resultTotal));
    expect(after.items.map((i) => i.publicationNumber)).toEqual(before.items.map((i) => i.publicationNumber));
    // Newest first by publication date, as the saved sort says.
    expect(after.items.map((i) => i.publicationNumber)).toEqual(['CN110000003U', 'CN110000002B']);
  });

  it('combines entries with AND, OR and NOT: the count is the engine count of the expression shown', async () => {
    const battery = await save(entryOf('TI=(电池)', await totalHits('TI=(电池)')));
    const cathode = await save(entryOf('IPC=H01M4/525', await totalHits('IPC=H01M4/525')));
    const byd = await save(
      entryOf('IPC=H01M', 0, {
        state: { searchExpre: 'IPC=H01M', filters: [{ field: 'patentType', values: ['utility_model'] }] },
      }),
    );
    const combine = async (items: { id: string; operator?: string }[], lang = 'zh') =>
      call('POST', '/api/product/history/historyRetrievalCombined', { items }, user, lang);

    const expected = { AND: 1, OR: 4, NOT: 2 } as const;
    for (const operator of ['AND', 'OR', 'NOT'] as const) {
      const res = await combine([{ id: battery }, { id: cathode, operator }]);
      const data = res.json().data as { expression: string; total: number };
      expect(data.expression).toContain(operator);
      expect(data.total, operator).toBe(await totalHits(data.expression));
      expect(data.total, operator).toBe(expected[operator]);
    }
    // A filter of the saved page becomes its exact condition: (电池) AND (utility models of H01M).
    const withFilter = (await combine([{ id: battery }, { id: byd, operator: 'AND' }])).json().data;
    expect(withFilter.expression).toMatch(/PT=utility_model/);
    expect(withFilter.total).toBe(1);
    expect(withFilter.total).toBe(await totalHits(withFilter.expression));

    // Someone else's entry is not found; an applicant phrase that also matches a longer name is refused.
    const foreign = await save(entryOf('TI=(电池)', 3), other);
    const notFound = await combine([{ id: battery }, { id: foreign }], 'en');
    expect(notFound.statusCode).toBe(404);
    expect(notFound.json().message).toBe('This history entry does not exist or has been deleted');
    const partName = await save(
      entryOf('TI=(电池)', 0, {
        state: { searchExpre: 'TI=(电池)', filters: [{ field: 'applicant', values: ['比亚迪'] }] },
      }),
    );
    const inexact = await combine([{ id: battery }, { id: partName }], 'en');
    expect(inexact.statusCode).toBe(400);
    expect(inexact.json().message).toMatch(/^The filter "Applicant.*=比亚迪" of history entry #\d+ cannot be written/);
    const empty = await save(entryOf('', 0));
    const emptyRes = await combine([{ id: battery }, { id: empty }], 'zh');
    expect(emptyRes.json().message).toMatch(/^第 \d+ 条历史记录没有可组合的检索式$/);
    // A semantic search holds its text where an expression would be: it is ranked text, not a set.
    const semantic = await save(entryOf('锂电池正极材料包覆碳层', 20, { searchContext: '锂电池正极材料包覆碳层' }));
    const semanticRes = await combine([{ id: battery }, { id: semantic }], 'en');
    expect(semanticRes.statusCode).toBe(400);
    expect(semanticRes.json().message).toMatch(/^History entry #\d+ is a semantic search and cannot be combined$/);
  });

  it('exports .xlsx and imports the same file back, reporting a malformed row by its line', async () => {
    await call('DELETE', '/api/product/history', { all: true }, user);
    await save(entryOf('TI=(电池)', 3));
    await save(entryOf('PA=(比亚迪)', 2, { operationName: 'jumpPage', operationValue: '2' }));
    await save(entryOf('CC=US', 2));
    const exported = await call('POST', '/api/product/history/exportAll', {}, user, 'zh');
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toContain('spreadsheetml');
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename=/);
    const file = exported.rawPayload;

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file as unknown as Parameters<typeof workbook.xlsx.load>[0]);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(3).value).toBe('检索式');
    expect(sheet.rowCount).toBe(4);
    const dataCol = (sheet.getRow(1).values as unknown[]).findIndex((v) => String(v).startsWith('数据'));
    // Line 3 (the second entry) gets a broken data cell; the others stay as exported.
    sheet.getRow(3).getCell(dataCol).value = '{"entry": {"operationName": "search"';
    const edited = Buffer.from(await workbook.xlsx.writeBuffer());

    const upload = multipartOf(edited);
    const zh = await t.app.inject({
      method: 'POST',
      url: '/api/product/history/import',
      ...upload,
      headers: { ...upload.headers, authorization: user.authorization, 'accept-language': 'zh' },
    });
    expect(zh.json()).toEqual({
      status: 1,
      message: '',
      data: { imported: 2, errors: [{ line: 3, message: '数据列不是有效的 JSON' }] },
    });
    const listed = await list();
    expect(listed.total).toBe(5);
    expect(listed.items.filter((i) => i.entry.searchExpression === 'CC=US')).toHaveLength(2);

    // The whole file unchanged, in English: everything comes back, with the original times.
    const again = multipartOf(file);
    const en = await t.app.inject({
      method: 'POST',
      url: '/api/product/history/import',
      ...again,
      headers: { ...again.headers, authorization: user.authorization, 'accept-language': 'en' },
    });
    expect(en.json().data).toEqual({ imported: 3, errors: [] });
    const jumped = (await list()).items.filter((i) => i.entry.operationName === 'jumpPage');
    expect(jumped).toHaveLength(2);
    expect(jumped[0]!.createdAt).toBe(jumped[1]!.createdAt);
    expect(jumped[0]!.entry).toEqual(jumped[1]!.entry);

    // Not a spreadsheet at all: the file is refused as a whole.
    const junk = multipartOf(Buffer.from('hello'));
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/product/history/import',
      ...junk,
      headers: { ...junk.headers, authorization: user.authorization, 'accept-language': 'en' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The import file cannot be read: not a valid .xlsx file');
  });

  it('removes entries older than 180 days when the retention job runs, as the moved clock says', async () => {
    await call('DELETE', '/api/product/history', { all: true }, user);
    await save(entryOf('TI=(old)', 1));
    await advance(100 * DAY_S);
    await save(entryOf('TI=(newer)', 1));
    // 181 days after the first entry, and past the job's next run.
    await advance(81 * DAY_S + 2 * DAY_S);
    const { worker, queue } = t.context.jobs;
    const outcomes = await worker.runDueJobs();
    expect(outcomes.find((o) => o.kind === HISTORY_RETENTION_KIND)).toMatchObject({ status: 'done' });
    expect((await list()).items.map((i) => i.entry.searchExpression)).toEqual(['TI=(newer)']);
    // The next run is queued in the table: it survives a restart.
    const queued = await queue.list({ kind: HISTORY_RETENTION_KIND, status: 'queued', limit: 1 });
    expect(Date.parse(queued[0]!.run_at)).toBeGreaterThan(clock.now().getTime());
  });
});

import ExcelJS from 'exceljs';
import type { SearchHistoryEntry, SearchState } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  buildTestApp,
  indexPatents,
  injectJson,
  loginAs,
  reachableDialects,
  TestClock,
  uploadFile,
  type AuthHeader,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.js';
import { buildBatteryCorpus } from '../../../test/factories.js';
import { XLSX_TYPE } from '../../files/spreadsheet.js';
import { HISTORY_RETENTION_KIND } from '../../jobs/history-retention.job.js';

const DAY_S = 86_400;

describe.each(await reachableDialects())('search history API on %s', (dialect) => {
  const clock = new TestClock(Date.parse('2026-06-01T04:00:00.000Z'));
  let t: TestApp;
  let user: TestUser;
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
    injectJson(t, method, url, payload, who, lang);
  /** POST /history/import of a spreadsheet, as the history page uploads it. */
  const importXlsx = (file: Buffer, lang: string) =>
    uploadFile(t, '/api/product/history/import', { content: file, name: 'history.xlsx', type: XLSX_TYPE }, user, lang);
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
    await indexPatents(t, buildBatteryCorpus());
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

  it('refuses a router that is not an in-app path, saved or imported (issue 41)', async () => {
    for (const router of [
      '//evil.example',
      '/\\evil.example/login',
      'https://evil.example/login',
      'javascript:alert(1)',
      '/%2F%2Fevil.example',
      '/\t/evil.example',
    ]) {
      const content = JSON.stringify(entryOf('TI=(电池)', 1, { router }));
      const zh = await call('POST', '/api/product/history', { content }, user, 'zh');
      expect(zh.statusCode, router).toBe(400);
      expect(zh.json()).toMatchObject({ status: 0, message: '历史记录内容无效：router 不合法' });
      const en = await call('POST', '/api/product/history', { content }, user, 'en');
      expect(en.json().message, router).toBe('Invalid history entry: router is invalid');
    }
    await call('DELETE', '/api/product/history', { all: true }, user);
    await save(entryOf('TI=(电池)', 1, { router: '/innovationSpace/searchResult?q=TI%3D(%E7%94%B5%E6%B1%A0)' }));
    await save(entryOf('PA=(比亚迪)', 1, { router: '/innovationSpace/searchResult?q=PA' }));
    const exported = await call('POST', '/api/product/history/exportAll', {}, user, 'en');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as Parameters<typeof workbook.xlsx.load>[0]);
    const sheet = workbook.worksheets[0]!;
    const dataCol = (sheet.getRow(1).values as unknown[]).findIndex((v) => String(v).startsWith('Data'));
    expect(dataCol).toBeGreaterThan(0);
    // Line 2 (the newest, PA) is edited to lead elsewhere.
    const cell = sheet.getRow(2).getCell(dataCol);
    cell.value = String(cell.value).replace('/innovationSpace/searchResult?q=PA', '/\\\\evil.example/login');
    expect(String(cell.value)).toContain('evil.example');
    await call('DELETE', '/api/product/history', { all: true }, user);
    const imported = await importXlsx(Buffer.from(await workbook.xlsx.writeBuffer()), 'en');
    expect(imported.json().data).toEqual({
      imported: 1,
      errors: [{ line: 2, message: expect.stringContaining('router is invalid') }],
    });
    expect((await list()).items.map((i) => i.entry.router)).toEqual([
      '/innovationSpace/searchResult?q=TI%3D(%E7%94%B5%E6%B1%A0)',
    ]);
    await call('DELETE', '/api/product/history', { all: true }, user);
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
    // A filter of the saved page is part of what its #n stands for: (电池) AND (utility models of H01M).
    const withFilter = (await combine([{ id: battery }, { id: byd, operator: 'AND' }])).json().data;
    const numbers = new Map((await list({ pageSize: 100 })).items.map((i) => [i.id, i.no]));
    expect(withFilter.expression).toBe(`#${numbers.get(battery)} AND #${numbers.get(byd)}`);
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

  it('folds page, view, sort, detail and analysis actions into the row of their search; a filter is a new search', async () => {
    const me = await authHeader(t);
    const base: SearchState = { searchExpre: 'TI=(电池)', page: 1, pageSize: 20, mergeType: 0 };
    const at = (extra: Partial<SearchState>): SearchState => ({ ...base, ...extra });
    const action = (name: SearchHistoryEntry['operationName'], value: string, state: SearchState, more = {}) =>
      entryOf(state.searchExpre, 5, { operationName: name, operationValue: value, state, ...more });
    const saveAs = async (entry: Partial<SearchHistoryEntry>) => {
      const res = await call('POST', '/api/product/history', { content: JSON.stringify(entry) }, me);
      expect(res.json(), res.body).toMatchObject({ status: 1 });
      return res.json().data as { id: string; folded: boolean };
    };
    const rows = async () => (await list({ pageSize: 100 }, me)).items;

    const first = await saveAs(action('search', 'TI=(电池)', base));
    expect(first.folded).toBe(false);
    await advance(60);
    for (const entry of [
      action('jumpPage', '2', at({ page: 2 })),
      action('view', 'tuwenshitu', at({ page: 2, viewMode: 'tuwenshitu' })),
      action('refreshPage', 'sort:PD.desc', at({ sort: { field: 'PD', order: 'desc' } })),
      action('merge', '1', at({ mergeType: 1 })),
      action('detail', 'CN110000001A', base, { detail: 'CN110000001A' }),
      action('detailTab', 'citations', base, { detail: 'CN110000001A', detailTab: 'citations' }),
    ]) {
      expect(await saveAs(entry), entry.operationName).toEqual({ id: first.id, folded: true });
    }
    let listed = await rows();
    expect(listed).toHaveLength(1);
    // The row keeps its number and time, and the last state: reopening it shows the citations tab.
    expect(listed[0]).toMatchObject({ id: first.id, no: 1 });
    expect(Date.parse(listed[0]!.createdAt)).toBeLessThan(clock.now().getTime() - 30_000);
    expect(listed[0]!.entry).toMatchObject({
      operationName: 'detailTab',
      operationValue: 'citations',
      detailTab: 'citations',
    });

    // A filter selects other patents: a new row (#2); its actions fold there; removing it goes back to #1.
    const filtered = at({ filters: [{ field: 'patentType', values: ['utility_model'] }] });
    const second = await saveAs(action('filterSingle', 'patentType:utility_model', filtered));
    expect(second.folded).toBe(false);
    expect(await saveAs(action('jumpPage', '2', { ...filtered, page: 2 }))).toEqual({ id: second.id, folded: true });
    expect(await saveAs(action('delFilter', 'patentType:utility_model', base))).toEqual({ id: first.id, folded: true });
    // So is a search within results; an explicit new search of the same expression is a new row.
    const within = await saveAs(action('second', 'AB=(正极)', at({ secondExpre: 'AB=(正极)' })));
    expect(within.folded).toBe(false);
    const again = await saveAs(action('search', 'TI=(电池)', base));
    expect(again.folded).toBe(false);
    expect(await saveAs(action('view', 'shoutushitu', at({ viewMode: 'shoutushitu' })))).toEqual({
      id: again.id,
      folded: true,
    });
    listed = await rows();
    expect(listed.map((i) => [i.no, i.entry.operationName])).toEqual([
      [4, 'view'],
      [3, 'second'],
      [2, 'jumpPage'],
      [1, 'delFilter'],
    ]);
    // Another user's rows are never folded into.
    const foreign = await call(
      'POST',
      '/api/product/history',
      { content: JSON.stringify(action('jumpPage', '3', base)) },
      other,
    );
    expect(listed.map((i) => i.id)).not.toContain(foreign.json().data.id);
    expect((await rows()).map((i) => i.entry.operationName)).toEqual(['view', 'second', 'jumpPage', 'delFilter']);
  });

  it('runs #n history references in every search call, resolved to the entries of the caller', async () => {
    const me = await authHeader(t);
    const asMe = (method: 'POST', url: string, body: unknown, lang = 'zh') => call(method, url, body, me, lang);
    const record = async (entry: Partial<SearchHistoryEntry>) =>
      (await asMe('POST', '/api/product/history', { content: JSON.stringify(entry) })).json().data.id as string;
    const hits = async (expression: string, lang = 'zh') =>
      asMe('POST', '/api/platform/data/search/expression/total-hits', { searchExpre: expression }, lang);
    const count = async (expression: string) => {
      const res = await hits(expression);
      expect(res.json(), expression).toMatchObject({ status: 1 });
      return res.json().data.total as number;
    };

    await record(entryOf('TI=(电池)', 5)); // #1
    await record(entryOf('IPC=H01M4/525', 2)); // #2
    await record(
      entryOf('IPC=H01M', 2, {
        state: { searchExpre: 'IPC=H01M', filters: [{ field: 'applicant', values: ['比亚迪股份有限公司'] }] },
      }),
    ); // #3: its filter is part of it
    expect(await count('#1 AND #2')).toBe(await count('TI=(电池) AND IPC=H01M4/525'));
    expect(await count('#1 AND #2')).toBe(1);
    expect(await count('#1 NOT #2')).toBe(await count('TI=(电池) NOT IPC=H01M4/525'));
    expect(await count('(#1 OR #2) AND AD>=2019')).toBe(await count('(TI=(电池) OR IPC=H01M4/525) AND AD>=2019'));
    expect(await count('#3')).toBe(2);
    expect(await count('＃1 AND #3')).toBe(await count('TI=(电池) AND IPC=H01M AND PA="比亚迪股份有限公司"'));

    // The result page's call and search within results take them too; the answer's expression is what ran.
    const page = await asMe('POST', '/api/product/search/searchNew', {
      searchExpre: '#1',
      secondExpre: '#2',
      page: 1,
      pageSize: 20,
      mergeType: 0,
      filters: [],
    });
    expect(page.json().data).toMatchObject({ total: 1, expression: 'TI=电池 AND IPC=H01M4/525' });
    expect(page.json().data.items.map((i: { publicationNumber: string }) => i.publicationNumber)).toEqual([
      'CN110000001A',
    ]);

    // An entry whose own expression references others is followed; a later combine is #n too.
    await record(entryOf('#1 NOT #2', 4)); // #4
    expect(await count('#4')).toBe(await count('TI=(电池) NOT IPC=H01M4/525'));

    // A missing number: a positioned error in the user's language (another user's #5 is not mine).
    await call('POST', '/api/product/history', { content: JSON.stringify(entryOf('TI=(电池)', 5)) }, other);
    for (const n of [1, 2, 3, 4, 5]) {
      await call('POST', '/api/product/history', { content: JSON.stringify(entryOf(`TI=(电池${n})`, 0)) }, other);
    }
    const missing = await hits('TI=(电池) AND #5');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      status: 0,
      message: '检索式有误：第 13 列的 #5 不是您的检索历史（检索历史中没有序号为 5 的记录）',
      data: { code: 'QUERY_REFERENCE_NOT_FOUND', span: { start: 12, end: 14 } },
    });
    expect((await hits('TI=(电池) AND #5', 'en')).json().message).toBe(
      'Expression incorrect at column 13: #5 is not in your search history (no entry numbered 5)',
    );

    // An entry that references itself (an import can hold one): a cycle, not a hang.
    await record(entryOf('#5 OR TI=(电池)', 1)); // #5
    const cycle = await hits('#1 AND #5', 'en');
    expect(cycle.json()).toMatchObject({
      status: 0,
      data: { code: 'QUERY_REFERENCE_CYCLE', span: { start: 7, end: 9 } },
    });
    expect(cycle.json().message).toBe(
      'Expression incorrect at column 8: the history entries referenced there form a cycle (#5 refers back to itself)',
    );
    // A semantic entry has no expression form: refused at its #n with the reason.
    await record(entryOf('锂电池正极材料包覆碳层', 20, { searchContext: '锂电池正极材料包覆碳层' })); // #6
    const semantic = await hits('#6', 'en');
    expect(semantic.json()).toMatchObject({
      status: 0,
      data: { code: 'QUERY_REFERENCE_UNUSABLE', span: { start: 0, end: 2 } },
    });
    expect(semantic.json().message).toBe(
      'Expression incorrect at column 1: #6 cannot be used in an expression: History entry #6 is a semantic search and cannot be combined',
    );

    // The analysis of a result page searched with #n analyses the same set (the caller's history).
    const analysis = await asMe(
      'POST',
      '/api/product/search/analyze',
      { searchExpre: '#1', mergeType: 0, analysis: { kind: 'trend', date: 'applicationYear' } },
      'en',
    );
    expect(analysis.json()).toMatchObject({ status: 1, data: { total: await count('#1') } });

    // The editor's live preview: each number's search as an expression, its hits, or why not.
    const refs = await asMe('POST', '/api/product/history/references', { nos: [3, 4, 6, 9] }, 'en');
    expect(refs.json().data.items).toEqual([
      { no: 3, found: true, expression: 'IPC=H01M AND PA="比亚迪股份有限公司"', total: '2' },
      { no: 4, found: true, expression: '#1 AND NOT #2', total: '4' },
      { no: 6, found: true, total: '20', problem: 'History entry #6 is a semantic search and cannot be combined' },
      { no: 9, found: false },
    ]);
    expect((await call('POST', '/api/product/history/references', { nos: [1] }, null)).statusCode).toBe(401);
  });

  it('exports .xlsx and imports the same file back, reporting a malformed row by its line, adding nothing twice', async () => {
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
    await call('DELETE', '/api/product/history', { all: true }, user);

    const zh = await importXlsx(edited, 'zh');
    expect(zh.json()).toEqual({
      status: 1,
      message: '',
      data: { imported: 2, errors: [{ line: 3, message: '数据列不是有效的 JSON' }] },
    });
    const listed = await list();
    expect(listed.total).toBe(2);
    expect(listed.items.filter((i) => i.entry.searchExpression === 'CC=US')).toHaveLength(1);

    // The whole file unchanged, in English: the entry missing comes back with its original time, the
    // others are not added again (an import run twice — after a crash, or a lost answer — is one import).
    const importWhole = () => importXlsx(file, 'en');
    expect((await importWhole()).json().data).toEqual({ imported: 1, errors: [] });
    expect((await importWhole()).json().data).toEqual({ imported: 0, errors: [] });
    const all = (await list()).items;
    expect(all).toHaveLength(3);
    const jumped = all.filter((i) => i.entry.operationName === 'jumpPage');
    expect(jumped).toHaveLength(1);
    expect(jumped[0]!.entry).toMatchObject({ searchExpression: 'PA=(比亚迪)', operationValue: '2' });

    // Not a spreadsheet at all: the file is refused as a whole.
    const bad = await importXlsx(Buffer.from('hello'), 'en');
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

import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type {
  DataVersionList,
  Patent,
  SavedExpression,
  SearchHistoryItem,
  SearchQueryResponse,
} from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  buildTestApp,
  injectJson,
  productCalls,
  reachableDialects,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.js';
import { runImport } from '../patent/index.js';

const dialects = await reachableDialects();

const battery = (n: number, title = `一种锂电池电极材料${n}`, country = 'CN'): Patent => ({
  publicationNumber: `${country}1300000${String(n).padStart(2, '0')}A`,
  country,
  kind: 'A',
  title: { lang: 'zh', text: title },
  applicants: [{ name: `宁德时代${n}` }],
  publicationDate: '2025-03-01',
});

/** Issue 48 item 5: a search as of a data version (docs/search-as-of.md). */
describe.each(dialects)('search as of a data version (%s)', (dialect) => {
  let t: TestApp;
  let user: TestUser;
  const { okData, fails, call } = productCalls(
    () => t,
    () => user,
  );
  let fileNo = 0;
  const importFile = async (records: Patent[]) => {
    const file = path.join(t.context.config.dataDir, `as-of-${++fileNo}.jsonl`);
    writeFileSync(file, records.map((r) => JSON.stringify(r)).join('\n'));
    const report = await runImport(t.context, [file], { origin: 'upload' });
    expect(report.totals.rejected, JSON.stringify(report.errors)).toBe(0);
  };
  const query = async (body: object): Promise<SearchQueryResponse> => {
    const res = await injectJson(t, 'POST', '/api/platform/data/search/query', body, user);
    expect(res.json(), res.body).toMatchObject({ status: 1 });
    return res.json().data as SearchQueryResponse;
  };
  const numbers = (r: SearchQueryResponse) => r.items.map((i) => i.publicationNumber).sort();

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    user = await authHeader(t);
    // Version 1: four records (2 and 6 renamed by version 2; one from the US).
    await importFile([
      battery(1),
      battery(2, '一种钠电池隔膜'),
      battery(3, '一种锂电池外壳', 'US'),
      battery(6, '一种锂电池电解液'),
    ]);
    // Version 2: two new records; record 2 changed to a lithium title, record 6 to a sodium one.
    await importFile([battery(4), battery(5), battery(2, '一种锂电池隔膜'), battery(6, '一种钠电池电解液')]);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('lists the data versions, newest first', async () => {
    const res = await injectJson(t, 'GET', '/api/platform/data/versions', undefined, user);
    const list = res.json().data as DataVersionList;
    expect(list.latest).toBe(2);
    expect(list.versions.map((v) => [v.version, v.inserted, v.updated])).toEqual([
      [2, 2, 2],
      [1, 4, 0],
    ]);
  });

  it('leaves out the records a later import added; 0 finds nothing; the newest equals no asOf', async () => {
    const now = await query({ searchExpre: 'TI=锂电池' });
    expect(numbers(now)).toEqual(['CN130000001A', 'CN130000002A', 'CN130000004A', 'CN130000005A', 'US130000003A']);
    expect(now.dataVersion).toBe(2);
    expect(now.changedSinceAsOf).toBeUndefined();

    const then = await query({ searchExpre: 'TI=锂电池', asOf: 1 });
    expect(then.total).toBe(3);
    // Records 2 and 6 were changed by version 2: matched on their titles as of version 1 (2 was
    // sodium then, 6 lithium), so the answer is the one version 1 gave.
    expect(numbers(then)).toEqual(['CN130000001A', 'CN130000006A', 'US130000003A']);
    expect(then.dataVersion).toBe(1);
    expect(then.changedSinceAsOf).toBe(0);
    expect(then.revisedSinceAsOf).toBe(2);
    expect(then.changedTooManyAsOf).toBeUndefined();
    // The facets count the same set.
    expect(then.facets.country?.map((b) => [b.value, b.count]).sort()).toEqual([
      ['CN', 2],
      ['US', 1],
    ]);

    const before = await query({ searchExpre: 'TI=锂电池', asOf: 0 });
    expect(before).toMatchObject({ total: 0, items: [], dataVersion: 0 });

    const newest = await query({ searchExpre: 'TI=锂电池', asOf: 2 });
    expect(numbers(newest)).toEqual(numbers(now));
    expect(newest.changedSinceAsOf).toBe(0);
  });

  it('refuses a version that does not exist, and one that is not a version, in zh and en', async () => {
    const zh = await injectJson(
      t,
      'POST',
      '/api/platform/data/search/query',
      { searchExpre: 'TI=锂电池', asOf: 3 },
      user,
    );
    expect(zh.statusCode).toBe(400);
    expect(zh.json()).toMatchObject({ status: 0, data: { code: 'DATA_VERSION_NOT_FOUND' } });
    expect(zh.json().message).toBe('数据版本 3 不存在（最新为 2）');
    const en = await injectJson(
      t,
      'POST',
      '/api/platform/data/search/query',
      { searchExpre: 'TI=锂电池', asOf: 3 },
      user,
      'en',
    );
    expect(en.json().message).toBe('Data version 3 does not exist (the newest is 2)');
    for (const asOf of [-1, 1.5, 'one']) {
      const bad = await injectJson(
        t,
        'POST',
        '/api/platform/data/search/query',
        { searchExpre: 'TI=锂电池', asOf },
        user,
      );
      expect(bad.statusCode, JSON.stringify(asOf)).toBe(400);
      expect(bad.body).toContain('asOf');
    }
  });

  it('export and analysis run on the same set as of the version', async () => {
    const query = { searchExpre: 'TI=锂电池', asOf: 1 };
    const check = await okData('/export/check', {
      target: { kind: 'results', query, rows: { mode: 'first', count: 100 } },
      fields: ['publicationNumber', 'title'],
      format: 'csv',
    });
    expect(check.rows).toBe(3);
    const file = await call(
      '/export/excel',
      {
        target: { kind: 'results', query, rows: { mode: 'first', count: 100 } },
        fields: ['publicationNumber', 'title'],
        format: 'csv',
      },
      user,
    );
    expect(file.statusCode, file.body).toBe(200);
    expect(file.body).toContain('CN130000001A');
    expect(file.body).toContain('US130000003A');
    expect(file.body).toContain('CN130000006A');
    expect(file.body).not.toContain('CN130000002A');
    expect(file.body).not.toContain('CN130000004A');
    expect(file.body).not.toContain('CN130000005A');

    const analysis = await okData('/search/analyze', { ...query, analysis: { kind: 'terms', dimension: 'country' } });
    expect(analysis.total).toBe(3);
    const none = await okData('/search/analyze', {
      ...query,
      asOf: 0,
      analysis: { kind: 'terms', dimension: 'country' },
    });
    expect(none.total).toBe(0);
    await fails(
      '/search/analyze',
      { ...query, asOf: 9, analysis: { kind: 'terms', dimension: 'country' } },
      'DATA_VERSION_NOT_FOUND',
    );
  });

  it('the history entry records the data version the search ran against, and its asOf', async () => {
    const record = async (body: object) =>
      okData('/search/searchNew', {
        ...body,
        history: { action: 'search', value: 'TI=电极材料', router: '/innovationSpace/searchResult' },
      });
    await record({ searchExpre: 'TI=电极材料' });
    await record({ searchExpre: 'TI=电极材料', asOf: 1 });
    const list = (await okData('/history/list', { page: 1, pageSize: 20 })) as { items: SearchHistoryItem[] };
    const entries = list.items.filter((i) => i.entry.searchExpression === 'TI=电极材料').map((i) => i.entry);
    expect(entries.map((e) => [e.dataVersion, e.state?.asOf, e.resultTotal]).sort()).toEqual([
      [1, 1, '1'],
      [2, undefined, '3'],
    ]);
  });
  it('keeps the content a later import replaced, and matches it as of the version', async () => {
    const kept = await t.context.database.db
      .selectFrom('patent_revisions')
      .select(['version_id', 'publication_number', 'doc'])
      .orderBy('publication_number')
      .execute();
    expect(kept.map((r) => [Number(r.version_id), r.publication_number])).toEqual([
      [2, 'CN130000002A'],
      [2, 'CN130000006A'],
    ]);
    expect((JSON.parse(kept[0]!.doc) as Patent).title?.text).toBe('一种钠电池隔膜');

    // Record 2's title no longer says sodium: as of version 1 it is still found by it, now it is not.
    expect(numbers(await query({ searchExpre: 'TI=钠电池', asOf: 1 }))).toEqual(['CN130000002A']);
    expect(numbers(await query({ searchExpre: 'TI=钠电池' }))).toEqual(['CN130000006A']);
    // Filters and merged counts run on the same set; a NOT keeps the record as it was.
    const notSodium = await query({ searchExpre: 'TI=电池 NOT TI=钠', asOf: 1 });
    expect(numbers(notSodium)).toEqual(['CN130000001A', 'CN130000006A', 'US130000003A']);
    const cnOnly = await query({ searchExpre: 'TI=锂电池', asOf: 1, filters: [{ field: 'country', values: ['CN'] }] });
    expect(numbers(cnOnly)).toEqual(['CN130000001A', 'CN130000006A']);
    // Paging asks the same question again: the same answer (the matched revisions are kept in the worker).
    const second = await query({ searchExpre: 'TI=锂电池', asOf: 1, page: 2, pageSize: 2 });
    expect(second.total).toBe(3);
    expect(second.items).toHaveLength(1);
  });

  it('a record changed before revisions were kept matches on its current content, and is counted', async () => {
    const db = t.context.database.db;
    const row = await db
      .selectFrom('patent_revisions')
      .selectAll()
      .where('publication_number', '=', 'CN130000002A')
      .executeTakeFirstOrThrow();
    await db.deleteFrom('patent_revisions').where('publication_number', '=', 'CN130000002A').execute();
    try {
      const then = await query({ searchExpre: 'TI=锂电池', asOf: 1 });
      expect(numbers(then)).toEqual(['CN130000001A', 'CN130000002A', 'CN130000006A', 'US130000003A']);
      expect(then.changedSinceAsOf).toBe(1);
      expect(then.revisedSinceAsOf).toBe(1);
    } finally {
      await db.insertInto('patent_revisions').values(row).execute();
    }
  });

  it('a saved search records the data version it ran against, and counts its hits as of it', async () => {
    const save = async (name: string, state: object) =>
      (await okData('/archive/v2/save', { action: 'saveExpression', name, state })).expression as SavedExpression;
    const then = await save('锂电池（版本 1）', { searchExpre: 'TI=锂电池', asOf: 1 });
    expect(then).toMatchObject({ dataVersion: 1, total: 3, state: { asOf: 1 } });
    const now = await save('锂电池', { searchExpre: 'TI=锂电池' });
    expect(now).toMatchObject({ dataVersion: 2, total: 5 });
    const listed = (await okData('/archive/v2/list', { type: 'expressions', keyword: '锂电池' })) as {
      items: SavedExpression[];
    };
    expect(listed.items.map((i) => [i.name, i.dataVersion, i.total]).sort()).toEqual([
      ['锂电池', 2, 5],
      ['锂电池（版本 1）', 1, 3],
    ]);
    // Combined and saved: counted on the corpus as it is.
    const combined = await okData('/archive/v2/combined', {
      items: [
        { id: then.id, operator: 'AND' },
        { id: now.id, operator: 'AND' },
      ],
      name: '合并',
    });
    expect(combined.saved).toMatchObject({ dataVersion: 2 });
  });
});

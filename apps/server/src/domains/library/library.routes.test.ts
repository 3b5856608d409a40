import ExcelJS from 'exceljs';
import type { LibraryFolder } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  buildTestApp,
  indexPatents,
  injectJson,
  productCalls,
  loginAs,
  reachableDialects,
  TestClock,
  uploadFile,
  type AuthHeader,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.js';
import { buildBatteryCorpus } from '../../../test/factories.js';

describe.each(await reachableDialects())('library API on %s', (dialect) => {
  const clock = new TestClock(Date.parse('2026-06-01T04:00:00.000Z'));
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let noMenu: TestUser;

  const { call, okData, fails } = productCalls(
    () => t,
    () => owner,
  );
  const createFolder = async (name: string, parentId?: string, who: AuthHeader = owner) =>
    (await okData('/archive/v2/save', { action: 'createFolder', name, ...(parentId ? { parentId } : {}) }, who))
      .folder as LibraryFolder;
  const collect = async (folderIds: string[], publicationNumbers: string[], who: AuthHeader = owner) =>
    (await okData('/archive/v2/save', { action: 'collect', folderIds, publicationNumbers }, who)).result as {
      added: number;
      skipped: number;
      notFound: string[];
    };
  const folders = async (state = 'current', who: AuthHeader = owner) =>
    (await okData('/archive/v2/list', { type: 'folders', state }, who)) as {
      folders: LibraryFolder[];
      quota: { used: number; limit: number | null };
    };
  const patentsOf = async (folderId: string, extra: object = {}) =>
    (await okData('/archive/v2/list', { type: 'patents', folderId, ...extra })) as {
      total: number;
      items: { publicationNumber: string; position: number; title?: string; labels: { id: string }[] }[];
    };
  const importFile = (folderId: string, file: Buffer, filename: string, who: AuthHeader = owner) =>
    uploadFile(
      t,
      `/api/product/archive/v2/save?action=import&folderId=${folderId}`,
      { content: file, name: filename },
      who,
    );

  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, { now: clock.now });
    owner = await authHeader(t);
    stranger = await authHeader(t);
    noMenu = await authHeader(t, ['/search/quick', '/search/result']);
    await indexPatents(t, buildBatteryCorpus());
  });
  afterAll(async () => t.close());

  describe('folders', () => {
    it('creates folders up to 5 levels and refuses a sixth', async () => {
      let parent = await createFolder('L1');
      expect(parent).toMatchObject({ level: 1, parentId: null, state: 'active', count: 0 });
      for (let level = 2; level <= 5; level++) {
        parent = await createFolder(`L${level}`, parent.id);
        expect(parent.level).toBe(level);
      }
      const refused = await fails(
        '/archive/v2/save',
        { action: 'createFolder', name: 'L6', parentId: parent.id },
        'LIBRARY_TOO_DEEP',
      );
      expect(refused.message).toBe('专利库最多 5 级文件夹');
    });

    it('checks names (at most 100, unique among siblings) and remarks (at most 100)', async () => {
      await fails('/archive/v2/save', { action: 'createFolder', name: 'x'.repeat(101) }, 'VALIDATION_FAILED');
      await fails(
        '/archive/v2/save',
        { action: 'createFolder', name: 'ok', remark: 'r'.repeat(101) },
        'VALIDATION_FAILED',
      );
      const top = await createFolder('唯一名称');
      await fails('/archive/v2/save', { action: 'createFolder', name: '唯一名称' }, 'LIBRARY_NAME_TAKEN');
      // The same name under another parent is fine.
      await createFolder('唯一名称', top.id);
      const renamed = await okData('/archive/v2/update', { action: 'remark', folderId: top.id, remark: '备注' });
      expect(renamed.folder).toMatchObject({ remark: '备注' });
    });

    it('moves folders without cycles and within 5 levels', async () => {
      const a = await createFolder('MoveA');
      const b = await createFolder('MoveB', a.id);
      const c = await createFolder('MoveC', b.id);
      await fails('/archive/v2/update', { action: 'move', folderId: a.id, parentId: c.id }, 'LIBRARY_MOVE_CYCLE');
      await fails('/archive/v2/update', { action: 'move', folderId: a.id, parentId: a.id }, 'LIBRARY_MOVE_CYCLE');
      // A three-level subtree under a level-3 folder would reach level 6.
      const d1 = await createFolder('Deep1');
      const d2 = await createFolder('Deep2', d1.id);
      const d3 = await createFolder('Deep3', d2.id);
      await fails('/archive/v2/update', { action: 'move', folderId: a.id, parentId: d3.id }, 'LIBRARY_TOO_DEEP');
      const moved = await okData('/archive/v2/update', { action: 'move', folderId: c.id, parentId: d2.id });
      expect(moved.folder).toMatchObject({ parentId: d2.id, level: 3, rootId: d1.id });
      const top = await okData('/archive/v2/update', { action: 'move', folderId: b.id, parentId: null });
      expect(top.folder).toMatchObject({ parentId: null, level: 1 });
      const renamed = await okData('/archive/v2/update', { action: 'rename', folderId: b.id, name: 'MoveB2' });
      expect(renamed.folder.name).toBe('MoveB2');
    });
  });

  describe('collecting', () => {
    it('adds numbers in any written form, skips duplicates and reports numbers not found', async () => {
      const folder = await createFolder('收藏夹');
      const first = await collect([folder.id], ['CN110000001A', 'CN 110000002 B', 'CN999999999A']);
      expect(first).toMatchObject({ added: 2, skipped: 0, notFound: ['CN999999999A'] });
      const second = await collect([folder.id], ['CN110000001A', 'CN110000003U']);
      expect(second).toMatchObject({ added: 1, skipped: 1, notFound: [] });
      const page = await patentsOf(folder.id);
      expect(page.total).toBe(3);
      expect(page.items.map((i) => i.publicationNumber)).toEqual(['CN110000001A', 'CN110000002B', 'CN110000003U']);
      expect(page.items[0]!.title).toContain('锂电池');
      await fails(
        '/archive/v2/save',
        { action: 'collect', folderIds: [folder.id], publicationNumbers: ['CN999999999A'] },
        'COLLECT_NOTHING',
      );
    });

    it('collects a whole result set and records it in search and operation history', async () => {
      const folder = await createFolder('结果集');
      const data = await okData('/archive/v2/save', {
        action: 'collect',
        folderIds: [folder.id],
        resultSet: { searchExpre: 'TI=电池', filters: [{ field: 'applicant', values: ['比亚迪股份有限公司'] }] },
      });
      expect(data.result).toMatchObject({ added: 2, skipped: 0 });
      expect((await patentsOf(folder.id)).items.map((i) => i.publicationNumber).sort()).toEqual([
        'CN110000002B',
        'CN110000003U',
      ]);
      const history = await okData('/history/list', {});
      const entry = history.items.find(
        (i: { entry: { operationName: string } }) => i.entry.operationName === 'collect',
      );
      expect(entry.entry).toMatchObject({
        searchExpression: 'TI=电池',
        collect: { favoritesId: folder.id, favName: '结果集' },
      });
      const operations = await okData('/operatehistory/list', { recordType: 4 });
      expect(operations.items).toContainEqual(
        expect.objectContaining({ recordType: 4, title: '收藏 2 件专利到“结果集”', resultTotal: '2' }),
      );
    });

    it('keeps the result page order of a collected result set', async () => {
      const folder = await createFolder('Ordered');
      await okData('/archive/v2/save', {
        action: 'collect',
        folderIds: [folder.id],
        resultSet: { searchExpre: 'TI=电池', sort: { field: 'AD', order: 'desc' } },
      });
      expect((await patentsOf(folder.id)).items.map((i) => i.publicationNumber)).toEqual([
        'CN110000003U',
        'CN110000001A',
        'CN110000002B',
      ]);
    });

    it('refuses more than 30,000 per collect and 30,000 over several folders, with the spec messages', async () => {
      const a = await createFolder('LimitA');
      const b = await createFolder('LimitB');
      const many = (n: number) => Array.from({ length: n }, (_, i) => `CN${String(100000000 + i)}A`);
      const one = await fails(
        '/archive/v2/save',
        { action: 'collect', folderIds: [a.id], publicationNumbers: many(30_001) },
        'COLLECT_TOO_MANY',
        owner,
        'en',
      );
      expect(one.message).toBe('Selected patents cannot exceed 30,000 entries');
      const total = await fails(
        '/archive/v2/save',
        { action: 'collect', folderIds: [a.id, b.id], publicationNumbers: many(15_001) },
        'COLLECT_TOTAL_TOO_MANY',
        owner,
        'en',
      );
      expect(total.message).toBe('The total number of collections in multiple folders cannot exceed 30,000 entries');
    });

    it('tells which folders hold each patent', async () => {
      const folder = await createFolder('Holding');
      await collect([folder.id], ['US2019000001A1']);
      const data = await okData('/archive/v2/list', {
        type: 'holding',
        publicationNumbers: ['US2019000001A1', 'US6980000B2'],
      });
      expect(data.holding['US2019000001A1']).toContainEqual({ folderId: folder.id, name: 'Holding' });
      expect(data.holding['US6980000B2']).toBeUndefined();
    });
  });

  describe('quota', () => {
    it('counts active libraries only and refuses a collect beyond the favourites limit', async () => {
      const user = await authHeader(t);
      await t.context.repositories.users.update(user.userId, { quotas: { favorites: 3 } });
      const a = await createFolder('QuotaA', undefined, user);
      await collect([a.id], ['CN110000001A', 'CN110000002B'], user);
      const limit = await okData('/user/limit', {}, user);
      expect(limit.favorites).toEqual({ limit: 3, used: 2 });
      await fails(
        '/archive/v2/save',
        { action: 'collect', folderIds: [a.id], publicationNumbers: ['CN110000003U', 'US6980000B2'] },
        'COLLECT_QUOTA_EXCEEDED',
        user,
      );
      // An archived library does not count; it cannot be collected into either.
      await okData('/archive/v2/update', { action: 'archive', folderId: a.id }, user);
      expect((await okData('/user/limit', {}, user)).favorites).toEqual({ limit: 3, used: 0 });
      await fails(
        '/archive/v2/save',
        { action: 'collect', folderIds: [a.id], publicationNumbers: ['CN110000003U'] },
        'LIBRARY_UNAVAILABLE',
        user,
      );
      const b = await createFolder('QuotaB', undefined, user);
      expect(await collect([b.id], ['CN110000003U', 'US6980000B2', 'CN117151122A'], user)).toMatchObject({ added: 3 });
      expect((await folders('current', user)).quota).toEqual({ used: 3, limit: 3 });
      await fails(
        '/archive/v2/save',
        { action: 'createFolder', name: 'Sub', parentId: a.id },
        'LIBRARY_UNAVAILABLE',
        user,
      );
    });
  });

  describe('recycle bin', () => {
    it('deletes with sub-folders, restores, and purges only what is in the bin', async () => {
      const top = await createFolder('Bin');
      const child = await createFolder('BinChild', top.id);
      await collect([child.id], ['CN110000001A']);
      await fails('/archive/v2/delete', { action: 'purge', folderIds: [top.id] }, 'LIBRARY_STATE_CONFLICT');
      expect(await okData('/archive/v2/delete', { action: 'delete', folderIds: [top.id] })).toEqual({ affected: 1 });
      const bin = await folders('deleted');
      expect(bin.folders.map((f) => f.id)).toEqual([top.id]);
      expect(bin.folders[0]).toMatchObject({ state: 'deleted', totalCount: 1 });
      expect((await folders()).folders.map((f) => f.id)).not.toContain(child.id);
      await fails('/archive/v2/list', { type: 'patents', folderId: child.id }, 'LIBRARY_UNAVAILABLE');
      await fails('/archive/v2/delete', { action: 'restore', folderIds: [child.id] }, 'LIBRARY_STATE_CONFLICT');
      expect(await okData('/archive/v2/delete', { action: 'restore', folderIds: [top.id] })).toEqual({ affected: 1 });
      expect((await patentsOf(child.id)).total).toBe(1);
      await okData('/archive/v2/delete', { action: 'delete', folderIds: [top.id] });
      expect(await okData('/archive/v2/delete', { action: 'purge', folderIds: [top.id] })).toEqual({ affected: 1 });
      await fails('/archive/v2/list', { type: 'patents', folderId: child.id }, 'LIBRARY_NOT_FOUND');
      expect((await folders('all')).folders.map((f) => f.id)).not.toContain(top.id);
    });

    it('removes at most 30,000 patents at once, the first in list order', async () => {
      const folder = await createFolder('Big');
      const numbers = Array.from({ length: 30_005 }, (_, i) => `XX${String(i).padStart(8, '0')}A`);
      await t.context.repositories.libraries.addPatents(folder.id, numbers, owner.userId, clock.now().toISOString());
      const removed = await okData('/archive/v2/delete', { action: 'removePatents', folderId: folder.id, all: true });
      expect(removed).toEqual({ affected: 30_000, remaining: 5 });
      expect((await patentsOf(folder.id)).items.map((i) => i.publicationNumber)).toEqual(numbers.slice(30_000));
      const chosen = await okData('/archive/v2/delete', {
        action: 'removePatents',
        folderId: folder.id,
        publicationNumbers: [numbers[30_001]!],
      });
      expect(chosen).toEqual({ affected: 1, remaining: 4 });
    }, 60_000);
  });

  describe('labels', () => {
    it('creates labels with sub-labels, sets and cancels them, filters a folder, deletes only childless labels', async () => {
      const folder = await createFolder('Labelled');
      await collect([folder.id], ['CN110000001A', 'CN110000002B', 'CN110000003U']);
      const top = (await okData('/labelmanage/set', { action: 'create', name: '正极' })).label;
      const sub = (await okData('/labelmanage/set', { action: 'create', name: '材料', parentId: top.id })).label;
      await fails('/labelmanage/set', { action: 'create', name: '更深', parentId: sub.id }, 'LABEL_TOO_DEEP');
      await fails('/labelmanage/set', { action: 'create', name: '正极' }, 'LABEL_NAME_TAKEN');
      const applied = await okData('/labelmanage/set', {
        action: 'apply',
        folderId: folder.id,
        labelIds: [sub.id],
        publicationNumbers: ['CN110000001A', 'CN110000002B', 'US6980000B2'],
      });
      // US6980000B2 is not in the folder.
      expect(applied).toEqual({ affected: 2 });
      const listed = await okData('/labelmanage/list', { folderId: folder.id });
      expect(listed.labels.map((l: { name: string; count: number }) => [l.name, l.count])).toEqual([
        ['正极', 0],
        ['材料', 2],
      ]);
      const filtered = await patentsOf(folder.id, { labelId: sub.id });
      expect(filtered.total).toBe(2);
      expect(filtered.items[0]!.labels.map((l) => l.id)).toEqual([sub.id]);
      expect(
        await okData('/labelmanage/cancel', {
          action: 'remove',
          folderId: folder.id,
          labelIds: [sub.id],
          publicationNumbers: ['CN110000001A'],
        }),
      ).toEqual({ affected: 1 });
      const refused = await fails(
        '/labelmanage/cancel',
        { action: 'delete', labelId: top.id },
        'LABEL_HAS_CHILDREN',
        owner,
        'en',
      );
      expect(refused.message).toBe('This label has sub-labels and cannot be deleted');
      await okData('/labelmanage/cancel', { action: 'delete', labelId: sub.id });
      await okData('/labelmanage/cancel', { action: 'delete', labelId: top.id });
      expect((await patentsOf(folder.id)).items.every((i) => i.labels.length === 0)).toBe(true);
    });
  });

  describe('import', () => {
    it('imports a .txt with semicolons, reports bad and unknown numbers by line', async () => {
      const folder = await createFolder('ImportTxt');
      const text = 'CN110000001A;CN 110000002 B\nnot-a-number\nCN999999999A, US2019000001A1\n\nCN110000001A\n';
      const res = await importFile(folder.id, Buffer.from(text), 'numbers.txt');
      expect(res.json(), res.body).toMatchObject({ status: 1 });
      const data = res.json().data;
      expect(data).toMatchObject({ action: 'import', read: 4, added: 3, skipped: 0, labelsCreated: 0 });
      expect(data.notFound.map((p: { line: number; value: string }) => [p.line, p.value])).toEqual([
        [2, 'not-a-number'],
        [3, 'CN999999999A'],
      ]);
      const again = (await importFile(folder.id, Buffer.from('CN110000001A'), 'again.txt')).json().data;
      expect(again).toMatchObject({ added: 0, skipped: 1 });
      const wrong = await importFile(folder.id, Buffer.from('x'), 'numbers.csv');
      expect(wrong.json()).toMatchObject({ status: 0, data: { code: 'IMPORT_FILE_TYPE' } });
      const foreign = await importFile(folder.id, Buffer.from('CN110000001A'), 'n.txt', stranger);
      expect(foreign.json()).toMatchObject({ status: 0, data: { code: 'LIBRARY_NOT_FOUND' } });
    });

    it('refuses more than 30,000 numbers or 3,000 distinct labels per import', async () => {
      const folder = await createFolder('ImportLimits');
      const numbers = Array.from({ length: 30_001 }, (_, i) => `CN${String(100000000 + i)}A`).join(';');
      const tooMany = await importFile(folder.id, Buffer.from(numbers), 'many.txt');
      expect(tooMany.json()).toMatchObject({ status: 0, data: { code: 'COLLECT_TOO_MANY' } });
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('numbers');
      sheet.addRow(['CN110000001A', Array.from({ length: 3_001 }, (_, i) => `标引${i}`).join(';')]);
      const file = Buffer.from(await workbook.xlsx.writeBuffer());
      const labels = await importFile(folder.id, file, 'labels.xlsx');
      expect(labels.json()).toMatchObject({ status: 0, data: { code: 'IMPORT_TOO_MANY_LABELS' } });
      expect((await patentsOf(folder.id)).total).toBe(0);
    });

    it('imports an .xlsx with labels in the second column', async () => {
      const folder = await createFolder('ImportXlsx');
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('numbers');
      sheet.addRow(['公开号', '标引']);
      sheet.addRow(['CN110000001A', '导入A;导入B']);
      sheet.addRow(['CN110000003U', '导入A']);
      sheet.addRow(['CN888888888A', '']);
      const file = Buffer.from(await workbook.xlsx.writeBuffer());
      const data = (await importFile(folder.id, file, 'numbers.xlsx')).json().data;
      expect(data).toMatchObject({ read: 3, added: 2, labelsCreated: 2 });
      expect(data.notFound).toMatchObject([{ line: 4, value: 'CN888888888A' }]);
      const labels = (await okData('/labelmanage/list', { folderId: folder.id })).labels as {
        name: string;
        count: number;
      }[];
      expect(labels.filter((l) => l.name.startsWith('导入')).map((l) => [l.name, l.count])).toEqual([
        ['导入A', 2],
        ['导入B', 1],
      ]);
    });
  });

  describe('saved expressions', () => {
    it('saves, lists, renames, combines and deletes expressions', async () => {
      const a = (
        await okData('/archive/v2/save', { action: 'saveExpression', name: '电池', state: { searchExpre: 'TI=电池' } })
      ).expression;
      expect(a).toMatchObject({ name: '电池', expression: 'TI=电池', total: 3 });
      const b = (
        await okData('/archive/v2/save', {
          action: 'saveExpression',
          name: '比亚迪',
          state: { searchExpre: 'PA=比亚迪' },
        })
      ).expression;
      const listed = await okData('/archive/v2/list', { type: 'expressions', keyword: '比亚' });
      expect(listed.items.map((i: { id: string }) => i.id)).toEqual([b.id]);
      const renamed = await okData('/archive/v2/update', {
        action: 'renameExpression',
        expressionId: b.id,
        name: 'BYD',
      });
      expect(renamed.expression.name).toBe('BYD');
      const combined = await okData('/archive/v2/combined', {
        items: [
          { id: a.id, operator: 'AND' },
          { id: b.id, operator: 'NOT' },
        ],
        name: '电池非比亚迪',
      });
      expect(combined.total).toBe(1);
      expect(combined.saved).toMatchObject({ name: '电池非比亚迪', total: 1 });
      const hits = await t.app.inject({
        method: 'POST',
        url: '/api/platform/data/search/query',
        payload: { searchExpre: combined.expression },
        headers: { authorization: owner.authorization },
      });
      expect(hits.json().data.total).toBe(1);
      await fails('/archive/v2/combined', { items: [{ id: a.id }, { id: 'missing' }] }, 'SAVED_EXPRESSION_NOT_FOUND');
      expect(await okData('/archive/v2/delete', { action: 'deleteExpressions', expressionIds: [a.id, b.id] })).toEqual({
        affected: 2,
      });
    });
  });

  describe('a library as a result set', () => {
    it('opens page 1 with facets, sorts, searches within, analyses; only for its owner', async () => {
      const folder = await createFolder('ResultSet');
      await collect([folder.id], ['CN110000003U', 'CN110000001A', 'US2019000001A1', 'CN110000002B']);
      const query = (body: object, who: AuthHeader = owner) =>
        injectJson(
          t,
          'POST',
          '/api/platform/data/search/query',
          { searchExpre: '', set: { kind: 'library', key: folder.id }, ...body },
          who,
        );
      const page = (await query({ facets: ['applicant', 'country'] })).json();
      expect(page).toMatchObject({ status: 1 });
      expect(page.data.total).toBe(4);
      // The default order is list order.
      expect(page.data.items.map((i: { publicationNumber: string }) => i.publicationNumber)).toEqual([
        'CN110000003U',
        'CN110000001A',
        'US2019000001A1',
        'CN110000002B',
      ]);
      expect(page.data.set).toMatchObject({ kind: 'library', label: 'ResultSet', size: 4 });
      expect(page.data.facets.applicant).toContainEqual({ value: '比亚迪股份有限公司', count: 2 });
      const within = (await query({ secondExpre: 'TI=电池' })).json().data;
      expect(within.total).toBe(3);
      const sorted = (await query({ sort: { field: 'AD', order: 'asc' } })).json().data;
      expect(sorted.items[0].publicationNumber).toBe('CN110000002B');
      const analysis = await call(
        '/search/analyze',
        {
          searchExpre: '',
          set: { kind: 'library', key: folder.id },
          analysis: { kind: 'terms', dimension: 'applicant' },
        },
        owner,
      );
      expect(analysis.json(), analysis.body).toMatchObject({ status: 1, data: { total: 4 } });
      const label = (await okData('/labelmanage/set', { action: 'create', name: '结果集标引' })).label;
      await okData('/labelmanage/set', {
        action: 'apply',
        folderId: folder.id,
        labelIds: [label.id],
        publicationNumbers: ['CN110000001A', 'US2019000001A1'],
      });
      const labelled = (
        await query({ set: { kind: 'library', key: folder.id, labelId: label.id }, facets: ['country'] })
      ).json().data;
      expect(labelled.total).toBe(2);
      expect(labelled.facets.country).toEqual(
        expect.arrayContaining([
          { value: 'CN', count: 1 },
          { value: 'US', count: 1 },
        ]),
      );
      const foreign = (await query({}, stranger)).json();
      expect(foreign).toMatchObject({ status: 0, data: { code: 'LIBRARY_NOT_FOUND' } });
      const foreignAnalysis = await call(
        '/search/analyze',
        {
          searchExpre: '',
          set: { kind: 'library', key: folder.id },
          analysis: { kind: 'terms', dimension: 'applicant' },
        },
        stranger,
      );
      expect(foreignAnalysis.json()).toMatchObject({ status: 0, data: { code: 'LIBRARY_NOT_FOUND' } });
    });
  });

  describe('operation log', () => {
    it('lists who did what in a library, newest first', async () => {
      const top = await createFolder('Logged');
      clock.advance(1);
      const child = await createFolder('LoggedChild', top.id);
      clock.advance(1);
      await collect([child.id], ['CN110000001A']);
      clock.advance(1);
      owner = { ...owner, ...(await loginAs(t, owner.email)) };
      const log = await okData('/archive/v2/oper/log/list', { folderId: child.id });
      expect(log.items.map((i: { action: string; folderName: string }) => [i.action, i.folderName])).toEqual([
        ['collect', 'LoggedChild'],
        ['create', 'LoggedChild'],
        ['create', 'Logged'],
      ]);
      expect(log.items[0]).toMatchObject({ userId: owner.userId, count: 1 });
      expect(log.items[0].userName).toContain('Test user');
    });
  });

  describe('access', () => {
    it('walks every call as a stranger (refused) and as the owner (answered)', async () => {
      const folder = await createFolder('Private');
      await collect([folder.id], ['CN110000001A']);
      const label = (await okData('/labelmanage/set', { action: 'create', name: '私有' })).label;
      const expression = (
        await okData('/archive/v2/save', { action: 'saveExpression', name: 'mine', state: { searchExpre: 'TI=电池' } })
      ).expression;
      const other = (
        await okData('/archive/v2/save', { action: 'saveExpression', name: 'other', state: { searchExpre: 'TI=盒' } })
      ).expression;
      const calls: [string, object, string][] = [
        ['/archive/v2/save', { action: 'createFolder', name: 'x', parentId: folder.id }, 'LIBRARY_NOT_FOUND'],
        [
          '/archive/v2/save',
          { action: 'collect', folderIds: [folder.id], publicationNumbers: ['CN110000002B'] },
          'LIBRARY_NOT_FOUND',
        ],
        ['/archive/v2/update', { action: 'rename', folderId: folder.id, name: 'y' }, 'LIBRARY_NOT_FOUND'],
        [
          '/archive/v2/update',
          { action: 'renameExpression', expressionId: expression.id, name: 'y' },
          'SAVED_EXPRESSION_NOT_FOUND',
        ],
        ['/archive/v2/delete', { action: 'delete', folderIds: [folder.id] }, 'LIBRARY_NOT_FOUND'],
        ['/archive/v2/delete', { action: 'removePatents', folderId: folder.id, all: true }, 'LIBRARY_NOT_FOUND'],
        [
          '/archive/v2/delete',
          { action: 'deleteExpressions', expressionIds: [expression.id] },
          'SAVED_EXPRESSION_NOT_FOUND',
        ],
        ['/archive/v2/list', { type: 'patents', folderId: folder.id }, 'LIBRARY_NOT_FOUND'],
        ['/archive/v2/combined', { items: [{ id: expression.id }, { id: other.id }] }, 'SAVED_EXPRESSION_NOT_FOUND'],
        ['/archive/v2/oper/log/list', { folderId: folder.id }, 'LIBRARY_NOT_FOUND'],
        ['/labelmanage/list', { folderId: folder.id }, 'LIBRARY_NOT_FOUND'],
        ['/labelmanage/set', { action: 'rename', labelId: label.id, name: 'z' }, 'LABEL_NOT_FOUND'],
        [
          '/labelmanage/set',
          { action: 'apply', folderId: folder.id, labelIds: [label.id], publicationNumbers: ['CN110000001A'] },
          'LIBRARY_NOT_FOUND',
        ],
        [
          '/labelmanage/cancel',
          { action: 'remove', folderId: folder.id, labelIds: [label.id], publicationNumbers: ['CN110000001A'] },
          'LIBRARY_NOT_FOUND',
        ],
        ['/labelmanage/cancel', { action: 'delete', labelId: label.id }, 'LABEL_NOT_FOUND'],
      ];
      for (const [url, body, code] of calls) await fails(url, body, code, stranger);
      // The stranger's own lists show nothing of the owner's.
      expect((await folders('all', stranger)).folders).toEqual([]);
      expect((await okData('/archive/v2/list', { type: 'expressions' }, stranger)).total).toBe(0);
      expect((await okData('/labelmanage/list', {}, stranger)).labels).toEqual([]);
      expect(
        (await okData('/archive/v2/list', { type: 'holding', publicationNumbers: ['CN110000001A'] }, stranger)).holding,
      ).toEqual({});
      // Without the library menu, or without a sign-in, nothing answers.
      expect((await call('/archive/v2/list', { type: 'folders' }, noMenu)).statusCode).toBe(403);
      expect((await call('/archive/v2/list', { type: 'folders' }, null)).statusCode).toBe(401);
      // The owner is answered by each of them.
      await okData('/archive/v2/list', { type: 'patents', folderId: folder.id });
      await okData('/archive/v2/oper/log/list', { folderId: folder.id });
      await okData('/labelmanage/list', { folderId: folder.id });
      await okData('/labelmanage/set', {
        action: 'apply',
        folderId: folder.id,
        labelIds: [label.id],
        publicationNumbers: ['CN110000001A'],
      });
      await okData('/labelmanage/cancel', {
        action: 'remove',
        folderId: folder.id,
        labelIds: [label.id],
        publicationNumbers: ['CN110000001A'],
      });
      await okData('/labelmanage/set', { action: 'rename', labelId: label.id, name: 'z' });
      await okData('/labelmanage/cancel', { action: 'delete', labelId: label.id });
      await okData('/archive/v2/combined', { items: [{ id: expression.id }, { id: other.id }] });
      await okData('/archive/v2/update', { action: 'renameExpression', expressionId: expression.id, name: 'y' });
      await okData('/archive/v2/save', { action: 'createFolder', name: 'x', parentId: folder.id });
      await okData('/archive/v2/save', {
        action: 'collect',
        folderIds: [folder.id],
        publicationNumbers: ['CN110000002B'],
      });
      await okData('/archive/v2/update', { action: 'rename', folderId: folder.id, name: 'y' });
      await okData('/archive/v2/delete', { action: 'removePatents', folderId: folder.id, all: true });
      await okData('/archive/v2/delete', { action: 'deleteExpressions', expressionIds: [expression.id] });
      await okData('/archive/v2/delete', { action: 'delete', folderIds: [folder.id] });
    });
  });
});

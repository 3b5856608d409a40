import ExcelJS from 'exceljs';
import type { LibraryFolder } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  buildTestApp,
  indexPatents,
  productCalls,
  reachableDialects,
  TestClock,
  type AuthHeader,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.js';
import { buildBatteryCorpus } from '../../../test/factories.js';

describe.each(await reachableDialects())('library export (/archive/v2/export) on %s', (dialect) => {
  const clock = new TestClock(Date.parse('2026-06-01T04:00:00.000Z'));
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  const { okData, fails } = productCalls(
    () => t,
    () => owner,
  );
  const createFolder = async (name: string, parentId?: string) =>
    (await okData('/archive/v2/save', { action: 'createFolder', name, ...(parentId ? { parentId } : {}) }))
      .folder as LibraryFolder;
  const exportOf = (body: object, who: AuthHeader = owner, lang = 'zh') =>
    t.app.inject({
      method: 'POST',
      url: '/api/product/archive/v2/export',
      headers: { authorization: who.authorization, 'accept-language': lang },
      payload: body,
    });

  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, { now: clock.now });
    owner = await authHeader(t);
    stranger = await authHeader(t);
    await indexPatents(t, buildBatteryCorpus());
  });
  afterAll(async () => t.close());

  it('writes the folder and its sub-folders as .xlsx, one row per patent with its labels', async () => {
    const top = await createFolder('电池');
    const sub = await createFolder('散热', top.id);
    await okData('/archive/v2/save', { action: 'collect', folderIds: [top.id], publicationNumbers: ['CN110000001A'] });
    await okData('/archive/v2/save', { action: 'collect', folderIds: [sub.id], publicationNumbers: ['CN110000002B'] });
    const label = (await okData('/labelmanage/set', { action: 'create', name: '正极' })).label as { id: string };
    await okData('/labelmanage/set', {
      action: 'apply',
      folderId: top.id,
      labelIds: [label.id],
      publicationNumbers: ['CN110000001A'],
    });

    const res = await exportOf({ folderId: top.id });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('电池')}-2026060`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const rows = sheet.getSheetValues().filter(Boolean) as unknown[][];
    expect(rows[0]!.slice(1, 5)).toEqual(['序号', '文件夹', '公开号', '标题']);
    expect(rows[1]!.slice(1, 5)).toEqual([1, '电池', 'CN110000001A', '一种锂电池正极材料及其制备方法']);
    expect(rows[1]![9]).toBe('正极');
    expect(rows[2]!.slice(1, 5)).toEqual([2, '电池 / 散热', 'CN110000002B', '一种电池组散热结构']);
    expect(rows).toHaveLength(3);

    // CSV in English: a UTF-8 BOM, English headers, the sub-folder alone when exported itself.
    const csv = await exportOf({ folderId: sub.id, format: 'csv' }, owner, 'en');
    expect(csv.headers['content-type']).toContain('text/csv');
    const text = csv.rawPayload.toString('utf8');
    expect(text.startsWith('\ufeffNo.,Folder,Publication number,Title')).toBe(true);
    expect(text.trim().split('\r\n')).toHaveLength(2);
    expect(text).toContain('CN110000002B');
  });

  it("refuses another user's library and a folder in the recycle bin", async () => {
    const folder = await createFolder('私有');
    const res = await exportOf({ folderId: folder.id }, stranger);
    expect(res.json()).toMatchObject({ status: 0, data: { code: 'LIBRARY_NOT_FOUND' } });
    await okData('/archive/v2/delete', { action: 'delete', folderIds: [folder.id] });
    const deleted = await exportOf({ folderId: folder.id });
    expect(deleted.json()).toMatchObject({ status: 0, data: { code: 'LIBRARY_UNAVAILABLE' } });
    await fails('/archive/v2/export', { folderId: folder.id, format: 'pdf' }, 'VALIDATION_FAILED');
  });
});

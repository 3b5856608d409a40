import type { DownloadTask } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  authHeader,
  buildTestApp,
  indexPatents,
  injectJson,
  reachableDialects,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.js';
import { buildBatteryCorpus } from '../../../test/factories.js';

/**
 * Issue 43 item 12: an Excel (or CSV, Word, PDF) export answered at once as the file itself did not
 * appear in the download centre; only the exports that became tasks did. Every export is listed.
 */
describe.each(await reachableDialects())('exports in the download centre on %s', (dialect) => {
  let t: TestApp;
  let user: TestUser;

  const listed = async (): Promise<DownloadTask[]> => {
    const res = await injectJson(t, 'POST', '/api/product/download/list', { pageSize: 100 }, user, 'zh');
    expect(res.json(), res.body).toMatchObject({ status: 1 });
    return res.json().data.items as DownloadTask[];
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    user = await authHeader(t);
    await indexPatents(t, buildBatteryCorpus());
  });
  afterAll(async () => t.close());

  const exportOf = (format: 'xlsx' | 'csv' | 'docx' | 'pdf') =>
    injectJson(
      t,
      'POST',
      '/api/product/export/excel',
      {
        target: { kind: 'patents', publicationNumbers: ['CN110000001A', 'CN110000002B'] },
        fields: ['publicationNumber', 'title'],
        format,
        filename: `选中-${format}`,
      },
      user,
      'zh',
    );

  it.each(['xlsx', 'csv'] as const)(
    'a %s export answered at once is a finished, downloadable entry',
    async (format) => {
      const before = (await listed()).length;
      const res = await exportOf(format);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain(format);
      const items = await listed();
      expect(items).toHaveLength(before + 1);
      const entry = items.find((i) => i.format === format)!;
      expect(entry).toMatchObject({ state: 'done', done: 2, total: 2, filename: `选中-${format}.${format}` });
      expect(entry.downloadUrl).toBeTruthy();
      const file = await t.app.inject({ method: 'GET', url: entry.downloadUrl!, headers: user });
      expect(file.statusCode).toBe(200);
      expect(file.rawPayload.equals(res.rawPayload)).toBe(true);
    },
  );

  it.each(['docx', 'pdf'] as const)('a %s export is an entry too (a task)', async (format) => {
    const before = (await listed()).length;
    const res = await exportOf(format);
    expect(res.json(), res.body).toMatchObject({ status: 1 });
    const items = await listed();
    expect(items).toHaveLength(before + 1);
    expect(items.some((i) => i.format === format)).toBe(true);
  });

  it('counts the rows of an export answered at once against the quota once', async () => {
    const res = await injectJson(t, 'POST', '/api/product/user/limit', {}, user, 'zh');
    // Two exports of two patents each were answered at once (the documents are still waiting).
    expect(res.json().data.export.used).toBe(4);
  });
});

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ImportRun, ImportRunList, ImportUpload } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { authHeader, buildTestApp, reachableDialects, type AuthHeader } from '../../../test/helpers.js';

const dialects = await reachableDialects();

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../test/fixtures/import');
/** A canonical CSV in incoPat's column names: line 3 has no publication number, line 6 a date that is none. */
const CSV_WITH_BAD_ROW = readFileSync(path.join(FIXTURES, 'canonical/incopat-zh.csv'));
const XLSX = readFileSync(path.join(FIXTURES, 'canonical/patents-zh.xlsx'));
const NOT_PATENTS = Buffer.from('Dear operator,\nthis is a letter, not a patent export.\n');

/** A multipart/form-data body with one part per file, as a browser's upload of several files sends it. */
function multipartOf(files: { name: string; content: Buffer }[]) {
  const boundary = `----patlas${Math.random().toString(36).slice(2)}`;
  const parts = files.flatMap(({ name, content }) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    content,
    Buffer.from('\r\n'),
  ]);
  return {
    payload: Buffer.concat([...parts, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe.each(dialects)('operators’ patent import API on %s', (dialect) => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let operator: AuthHeader & { email: string };
  /** Every permission of the product but the operators' area. */
  let user: AuthHeader;

  const upload = (files: { name: string; content: Buffer }[], who: AuthHeader = operator, lang = 'zh') => {
    const body = multipartOf(files);
    return t.app.inject({
      method: 'POST',
      url: '/api/platform/data/patents/import/files',
      payload: body.payload,
      headers: { ...body.headers, 'accept-language': lang, authorization: who.authorization },
    });
  };
  const uploaded = async (files: { name: string; content: Buffer }[]): Promise<ImportUpload[]> => {
    const res = await upload(files);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: { files: ImportUpload[] } }).data.files;
  };
  const start = (fileIds: string[], who: AuthHeader = operator) =>
    t.app.inject({
      method: 'POST',
      url: '/api/platform/data/patents/import/runs',
      payload: { fileIds },
      headers: { authorization: who.authorization },
    });
  const getRun = async (id: string, lang = 'zh'): Promise<ImportRun> => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/platform/data/patents/import/runs/${id}`,
      headers: { authorization: operator.authorization, 'accept-language': lang },
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: ImportRun }).data;
  };
  /** Polls the run as the page does, until it has ended. */
  const finished = async (id: string, lang = 'zh'): Promise<ImportRun> =>
    vi.waitFor(
      async () => {
        const run = await getRun(id, lang);
        if (run.status === 'queued' || run.status === 'running') throw new Error(`still ${run.status}`);
        return run;
      },
      { timeout: 60_000, interval: 50 },
    );
  const runDirs = () => {
    const dir = path.join(t.context.config.dataDir, 'uploads/import/runs');
    return existsSync(dir) ? readdirSync(dir) : [];
  };

  beforeAll(async () => {
    t = await buildTestApp(dialect);
    operator = await authHeader(t);
    user = await authHeader(
      t,
      (await import('@patlas/contracts')).ALL_PERMISSIONS.filter((p) => p !== '/sys'),
    );
  });
  afterAll(async () => t.close());

  it('refuses callers without the operators’ permission with 403 and a clear message', async () => {
    const res = await upload([{ name: 'patents.csv', content: CSV_WITH_BAD_ROW }], user);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ status: 0, message: '暂无权限，请联系管理员', data: { code: 'FORBIDDEN' } });
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/platform/data/patents/import/runs',
      headers: { authorization: user.authorization, 'accept-language': 'en' },
    });
    expect(en.statusCode).toBe(403);
    expect(en.json().message).toBe('No permission, please contact administrator');
    expect((await start(['x'], user)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/platform/data/patents/import/runs' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('imports a CSV with a bad row: the report names its line, the rest are stored and searchable', async () => {
    const [file] = await uploaded([{ name: '导出-incoPat.csv', content: CSV_WITH_BAD_ROW }]);
    // The format is known as soon as the file is up, before anything is imported.
    expect(file).toMatchObject({ name: '导出-incoPat.csv', size: CSV_WITH_BAD_ROW.length, format: 'canonical-csv' });
    const before = await t.context.repositories.patents.count();

    const started = await start([file!.id]);
    expect(started.statusCode, started.body).toBe(200);
    const run = await finished(started.json().data.id);

    expect(run.status).toBe('done');
    expect(run.report?.files).toEqual([
      {
        name: '导出-incoPat.csv',
        format: 'canonical-csv',
        read: 3,
        inserted: 3,
        updated: 0,
        unchanged: 0,
        rejected: 2,
      },
    ]);
    expect(run.refusedTotal).toBe(2);
    expect(run.refused).toEqual([
      { file: '导出-incoPat.csv', line: 3, reason: 'no publication number' },
      { file: '导出-incoPat.csv', line: 6, reason: expect.stringContaining('"2018-13-06" is not a date') },
    ]);
    expect(run.progress).toMatchObject({ records: 3, rejected: 2, bytesRead: CSV_WITH_BAD_ROW.length });
    expect(await t.context.repositories.patents.count()).toBe(before + 3);
    // The search index follows the store.
    const hits = await t.app.inject({
      method: 'POST',
      url: '/api/platform/data/search/query',
      payload: { searchExpre: 'PN=CN208104517U' },
      headers: { authorization: operator.authorization },
    });
    expect(hits.json().data.total).toBe(1);
    // Issue 43: the report opens the records it imported on the result page (a set of the run),
    // for any signed-in user, none of the records imported before it.
    expect(run.report?.versionId).toEqual(expect.any(Number));
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/platform/data/search/query',
      payload: { searchExpre: '', set: { kind: 'importRun', key: run.id }, pageSize: 50 },
      headers: { authorization: user.authorization },
    });
    expect(imported.json().data.total, imported.body).toBe(3);
    expect(imported.json().data.items.map((h: { publicationNumber: string }) => h.publicationNumber)).toContain(
      'CN208104517U',
    );
    const anonymousSet = await t.app.inject({
      method: 'POST',
      url: '/api/platform/data/search/query',
      payload: { searchExpre: '', set: { kind: 'importRun', key: run.id } },
    });
    expect(anonymousSet.json()).toMatchObject({ status: 0 });
    const unknownSet = await t.app.inject({
      method: 'POST',
      url: '/api/platform/data/search/query',
      payload: { searchExpre: '', set: { kind: 'importRun', key: '00000000-0000-0000-0000-000000000000' } },
      headers: { authorization: user.authorization },
    });
    expect(unknownSet.json()).toMatchObject({ status: 0, data: { code: 'IMPORT_RUN_NOT_FOUND' } });
    // The run's files are removed once it has ended.
    expect(runDirs()).not.toContain(run.id);
    // Starting it is in the operators' audit log.
    const audit = await t.context.services.audit.list({ page: 1, pageSize: 10, action: 'data_import' });
    expect(audit.items.find((entry) => entry.targetId === run.id)).toMatchObject({
      actorEmail: operator.email,
      detail: { files: [{ name: '导出-incoPat.csv', size: CSV_WITH_BAD_ROW.length, format: 'canonical-csv' }] },
    });
  });

  it('reports a file no format recognises as refused, in the caller’s language, and imports the others', async () => {
    const files = await uploaded([
      { name: 'letter.txt', content: NOT_PATENTS },
      { name: 'patents.xlsx', content: XLSX },
    ]);
    expect(files.map((f) => [f.name, f.format])).toEqual([
      ['letter.txt', null],
      ['patents.xlsx', 'canonical-xlsx'],
    ]);
    const started = await start(files.map((f) => f.id));
    const run = await finished(started.json().data.id);
    expect(run.status).toBe('done');
    expect(run.report?.files[0]).toEqual({
      name: 'letter.txt',
      format: null,
      read: 0,
      inserted: 0,
      updated: 0,
      unchanged: 0,
      rejected: 1,
    });
    expect(run.report?.files[1]).toMatchObject({ name: 'patents.xlsx', format: 'canonical-xlsx' });
    expect(run.report!.files[1]!.read).toBeGreaterThan(0);
    expect(run.refused).toContainEqual({
      file: 'letter.txt',
      line: 0,
      reason: expect.stringMatching(/^无法识别文件格式/),
    });
    const en = await getRun(run.id, 'en');
    expect(en.refused).toContainEqual({
      file: 'letter.txt',
      line: 0,
      reason: expect.stringMatching(/^Format not recognised/),
    });
  });

  it('runs one import at a time: a second run waits for the first', async () => {
    const [a] = await uploaded([{ name: 'a.csv', content: CSV_WITH_BAD_ROW }]);
    const [b] = await uploaded([{ name: 'b.xlsx', content: XLSX }]);
    const first = (await start([a!.id])).json().data as ImportRun;
    const second = (await start([b!.id])).json().data as ImportRun;
    expect(second.status).toBe('queued');
    const [doneFirst, doneSecond] = [await finished(first.id), await finished(second.id)];
    expect(doneSecond.status).toBe('done');
    expect(doneSecond.startedAt! >= doneFirst.finishedAt!).toBe(true);
    // Imported again, the same records change nothing.
    expect(doneFirst.report?.totals).toMatchObject({ read: 3, inserted: 0, unchanged: 3 });

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/platform/data/patents/import/runs',
      headers: { authorization: operator.authorization },
    });
    const data = list.json().data as ImportRunList;
    expect(data.items.slice(0, 2).map((r) => r.id)).toEqual([second.id, first.id]);
    expect(data.items[0]).not.toHaveProperty('refused');
    expect(data.maxFiles).toBe(20);
  });

  it('refuses to start an upload that is not on the server, and one already imported', async () => {
    const missing = await start(['00000000-0000-0000-0000-000000000000']);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().data.code).toBe('IMPORT_UPLOAD_NOT_FOUND');
    const traversal = await start(['../../../patlas.db']);
    expect(traversal.statusCode).toBe(404);

    const [file] = await uploaded([{ name: 'c.csv', content: CSV_WITH_BAD_ROW }]);
    const run = (await start([file!.id])).json().data as ImportRun;
    await finished(run.id);
    expect((await start([file!.id])).statusCode).toBe(404);
  });

  it('removes an upload taken off the list', async () => {
    const [file] = await uploaded([{ name: 'd.csv', content: CSV_WITH_BAD_ROW }]);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/platform/data/patents/import/files/${file!.id}`,
      headers: { authorization: operator.authorization },
    });
    expect(removed.statusCode).toBe(200);
    expect(existsSync(path.join(t.context.config.dataDir, 'uploads/import/staged', file!.id))).toBe(false);
    expect((await start([file!.id])).statusCode).toBe(404);
  });

  it('marks runs a previous process left unfinished as interrupted', async () => {
    const record = await t.context.repositories.importRuns.create({
      id: 'left-behind',
      createdBy: null,
      createdByEmail: 'someone@test.local',
      files: [{ id: 'f', name: 'big.csv', size: 10, format: 'canonical-csv' }],
      createdAt: new Date().toISOString(),
    });
    await t.context.repositories.importRuns.update(record.id, { status: 'running' });
    await t.context.services.dataImport.recover();
    const run = await getRun(record.id);
    expect(run.status).toBe('interrupted');
    expect(run.finishedAt).not.toBeNull();
  });
});

describe('operators’ patent import limits', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let operator: AuthHeader;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { imports: { maxFileBytes: 1024 } });
    operator = await authHeader(t);
  });
  afterAll(async () => t.close());

  const upload = (files: { name: string; content: Buffer }[], lang: string) => {
    const body = multipartOf(files);
    return t.app.inject({
      method: 'POST',
      url: '/api/platform/data/patents/import/files',
      payload: body.payload,
      headers: { ...body.headers, 'accept-language': lang, authorization: operator.authorization },
    });
  };
  const staged = () => {
    const dir = path.join(t.context.config.dataDir, 'uploads/import/staged');
    return existsSync(dir) ? readdirSync(dir).flatMap((id) => readdirSync(path.join(dir, id))) : [];
  };

  it('answers 413 naming a file over the limit, in the user’s language, and keeps nothing of the request', async () => {
    const small = { name: 'small.csv', content: Buffer.from('公开号,标题\nCN1A,一种装置\n') };
    const big = { name: 'big.csv', content: Buffer.alloc(4096, 'a') };
    const zh = await upload([small, big], 'zh');
    expect(zh.statusCode).toBe(413);
    expect(zh.json()).toMatchObject({
      status: 0,
      message: '文件“big.csv”过大：单个文件不能超过 1 KB',
      data: { code: 'IMPORT_FILE_TOO_LARGE' },
    });
    const en = await upload([big], 'en');
    expect(en.json().message).toBe('The file "big.csv" is too large: each file must be at most 1 KB');
    expect(staged()).toEqual([]);
  });

  it('answers 413 for more files than one upload takes', async () => {
    const files = Array.from({ length: 21 }, (_, i) => ({ name: `f${i}.csv`, content: Buffer.from('x') }));
    const res = await upload(files, 'zh');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: '一次最多上传 20 个文件', data: { code: 'IMPORT_TOO_MANY_FILES' } });
    expect(staged()).toEqual([]);
  });

  it('answers 400 for a request without a file', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/platform/data/patents/import/files',
      payload: { fileIds: [] },
      headers: { authorization: operator.authorization },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().data.code).toBe('IMPORT_FILE_REQUIRED');
  });
});

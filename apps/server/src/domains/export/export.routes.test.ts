import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readdir, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { DownloadTask, Patent } from '@patlas/contracts';
// Brings app.injectWS into the app's type.
import type {} from '@fastify/websocket';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import {
  authHeader,
  buildTestApp,
  indexPatents,
  injectJson,
  loginAs,
  reachableDialects,
  TestClock,
  type AuthHeader,
  type TestApp,
  type TestUser,
} from '../../../test/helpers.js';
import { buildBatteryCorpus, buildCnPatent } from '../../../test/factories.js';
import { MAX_PROGRESS_SOCKETS_PER_USER } from './progress-hub.js';

/** Generated records of one expression (TI=储能): enough for several batches of 1,000. */
const GENERATED = 2_500;
const generated: Patent[] = Array.from({ length: GENERATED }, (_, i) =>
  buildCnPatent({
    publicationNumber: `CN3${String(i).padStart(8, '0')}A`,
    applicationNumber: `CN2020${String(i).padStart(8, '0')}.1`,
    title: { lang: 'zh', text: `一种储能电池管理系统，编号"${i}"` },
    abstract: { lang: 'zh', text: `本发明涉及储能领域。\n第二段，编号 ${i}。` },
    applicants: [{ name: i % 2 ? '宁德时代新能源科技股份有限公司' : '比亚迪股份有限公司' }],
    applicationDate: `20${10 + (i % 10)}-0${1 + (i % 9)}-1${i % 10}`,
    publicationDate: `20${11 + (i % 10)}-0${1 + (i % 9)}-2${i % 10}`,
  }),
);

const STORAGE_QUERY = { searchExpre: 'TI=储能' };

describe.each(await reachableDialects())('export API on %s', (dialect) => {
  const clock = new TestClock(Date.parse('2026-06-01T04:00:00.000Z'));
  let t: TestApp;
  let owner: TestUser;
  let stranger: TestUser;
  let noMenu: TestUser;

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload: unknown,
    who: AuthHeader | null,
    lang = 'zh',
  ) => injectJson(t, method, `/api/product${url}`, payload, who, lang);
  const okData = async (
    url: string,
    payload: unknown = {},
    who: AuthHeader = owner,
    method: 'GET' | 'POST' = 'POST',
  ) => {
    const res = await call(method, url, method === 'GET' ? undefined : payload, who);
    expect(res.json(), res.body).toMatchObject({ status: 1 });
    return res.json().data;
  };
  const fails = async (url: string, payload: unknown, code: string, who: AuthHeader = owner, lang = 'zh') => {
    const res = await call('POST', url, payload, who, lang);
    expect(res.json(), res.body).toMatchObject({ status: 0, data: { code } });
    return res.json() as { message: string };
  };
  const runJobs = () => t.context.jobs.worker.runDueJobs();
  const taskOf = async (id: string, who: AuthHeader = owner): Promise<DownloadTask> => {
    const list = (await okData('/download/list', { pageSize: 100 }, who)) as { items: DownloadTask[] };
    return list.items.find((item) => item.id === id)!;
  };
  const createTask = async (body: object, who: AuthHeader = owner) =>
    (await okData('/download/task', body, who)).task as DownloadTask;
  const download = (task: DownloadTask, who: AuthHeader = owner) =>
    t.app.inject({
      method: 'GET',
      url: `/api/product/download/file/${task.id}`,
      headers: { authorization: who.authorization },
    });
  const exportsDir = () => path.join(t.context.config.dataDir, 'exports');

  beforeAll(async () => {
    t = await buildTestApp(dialect, {}, { now: clock.now });
    await indexPatents(t, [...buildBatteryCorpus(), ...generated]);
    owner = await authHeader(t);
    stranger = await authHeader(t);
    noMenu = await authHeader(t, ['/user/collect']);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  describe('fields and templates', () => {
    it('answers the catalogue in the request language, the defaults, then the saved order and last fields', async () => {
      const res = await call('GET', '/download/fields', undefined, owner, 'en');
      const data = res.json().data;
      expect(data.groups[0]).toMatchObject({ id: 'basic', label: 'Basic' });
      expect(data.groups[0].fields[0]).toEqual({ id: 'publicationNumber', label: 'Publication number', large: false });
      expect(data.selected).toEqual([
        'publicationNumber',
        'title',
        'applicants',
        'applicationNumber',
        'applicationDate',
        'publicationDate',
        'ipcMain',
        'legalStatus',
      ]);
      const sorted = await okData('/download/sortFields', { fields: ['title', 'publicationNumber'] });
      expect(sorted.order.slice(0, 3)).toEqual(['title', 'publicationNumber', 'applicationNumber']);
      expect(sorted.groups[0].fields[0]).toMatchObject({ id: 'title', label: '标题' });
      const last = await okData('/download/addLastExportField', { fields: ['abstract', 'title'] });
      expect(last.selected).toEqual(['abstract', 'title']);
      await fails('/download/addLastExportField', { fields: [] }, 'VALIDATION_FAILED');
      await fails('/download/sortFields', { fields: ['title', 'title'] }, 'VALIDATION_FAILED');
    });

    it('saves, renames, lists and deletes templates with unique names of at most 8 characters', async () => {
      const user = await authHeader(t);
      const saved = (await okData('/download/template', { action: 'save', name: '常用字段', fields: ['title'] }, user))
        .template;
      expect(saved).toMatchObject({ name: '常用字段', fields: ['title'] });
      const taken = await fails(
        '/download/template',
        { action: 'save', name: '常用字段', fields: ['abstract'] },
        'EXPORT_TEMPLATE_NAME_TAKEN',
        user,
      );
      expect(taken.message).toBe('名称已存在');
      await fails(
        '/download/template',
        { action: 'save', name: '123456789', fields: ['title'] },
        'VALIDATION_FAILED',
        user,
      );
      await fails('/download/template', { action: 'save', name: '空字段', fields: [] }, 'VALIDATION_FAILED', user);
      const renamed = (
        await okData(
          '/download/template',
          { action: 'save', id: saved.id, name: '审查用', fields: ['title', 'claims'] },
          user,
        )
      ).template;
      expect(renamed).toMatchObject({ id: saved.id, name: '审查用', fields: ['title', 'claims'] });
      // Another user's templates are not seen, nor can they be changed.
      expect((await okData('/download/template', { action: 'list' }, stranger)).templates).toEqual([]);
      await fails(
        '/download/template',
        { action: 'save', id: saved.id, name: 'x', fields: ['title'] },
        'EXPORT_TEMPLATE_NOT_FOUND',
        stranger,
      );
      const res = await call('DELETE', `/download/template/${saved.id}`, undefined, stranger);
      expect(res.json()).toMatchObject({ status: 0, data: { code: 'EXPORT_TEMPLATE_NOT_FOUND' } });
      expect((await call('DELETE', `/download/template/${saved.id}`, undefined, user)).json()).toMatchObject({
        status: 1,
      });
      expect((await okData('/download/template', { action: 'list' }, user)).templates).toEqual([]);
    });

    it('keeps at most 100 templates per user', async () => {
      const user = await authHeader(t);
      for (let i = 0; i < 100; i++) {
        await okData('/download/template', { action: 'save', name: `T${i}`, fields: ['title'] }, user);
      }
      const refused = await fails(
        '/download/template',
        { action: 'save', name: 'T100', fields: ['title'] },
        'EXPORT_TEMPLATE_LIMIT',
        user,
        'en',
      );
      expect(refused.message).toBe('You can keep at most 100 export templates');
      expect((await okData('/download/template', { action: 'list' }, user)).templates).toHaveLength(100);
    });

    it('needs the /user/download menu', async () => {
      await fails('/download/template', { action: 'list' }, 'FORBIDDEN', noMenu);
      await fails(
        '/export/check',
        { target: { kind: 'patents', publicationNumbers: ['CN110000001A'] }, fields: ['title'], format: 'csv' },
        'FORBIDDEN',
        noMenu,
      );
    });
  });

  describe('check', () => {
    const results = (rows: object, format = 'xlsx', extra: object = {}) => ({
      target: { kind: 'results', query: STORAGE_QUERY, rows },
      fields: ['publicationNumber', 'title'],
      format,
      ...extra,
    });

    it('answers the rows, whether they come at once, and the quota', async () => {
      expect(await okData('/export/check', results({ mode: 'range', from: 11, to: 20 }))).toEqual({
        rows: 10,
        direct: true,
        quota: { used: expect.any(Number), limit: null },
      });
      // The end is cut to the result set.
      expect(await okData('/export/check', results({ mode: 'first', count: 5_000 }, 'csv'))).toMatchObject({
        rows: GENERATED,
        direct: false,
      });
      expect(await okData('/export/check', results({ mode: 'page', page: 2, pageSize: 50 }))).toMatchObject({
        rows: 50,
      });
    });

    it("refuses with the spec's messages", async () => {
      const invalid = await fails(
        '/export/check',
        results({ mode: 'range', from: 20, to: 20 }),
        'EXPORT_RANGE_INVALID',
        owner,
        'en',
      );
      expect(invalid.message).toBe('The end value must be greater than the start value');
      const large = await fails(
        '/export/check',
        results({ mode: 'range', from: 1, to: 300_001 }),
        'EXPORT_RANGE_TOO_LARGE',
      );
      expect(large.message).toBe('导出范围过大，一次最多导出 300,000 条');
      await fails('/export/check', results({ mode: 'first', count: 1_001 }, 'docx'), 'EXPORT_RANGE_TOO_LARGE');
      // Spec 2 §9 "smaller limit for large-text fields": claims cap a table at 10,000 rows.
      const withClaims = {
        ...results({ mode: 'range', from: 1, to: 10_001 }),
        fields: ['publicationNumber', 'claims'],
      };
      const largeText = await fails('/export/check', withClaims, 'EXPORT_LARGE_TEXT_TOO_MANY', owner, 'en');
      expect(largeText.message).toBe('With the full claims or description an export takes at most 10,000 rows');
      expect(
        await okData('/export/check', {
          ...withClaims,
          target: { ...withClaims.target, rows: { mode: 'range', from: 1, to: 10_000 } },
        }),
      ).toMatchObject({ rows: expect.any(Number) });
      const blank = await fails(
        '/export/check',
        results({ mode: 'first', count: 5 }, 'csv', { filename: '   ' }),
        'EXPORT_FILENAME_BLANK',
      );
      expect(blank.message).toBe('文件名不能全为空格');
      await fails(
        '/export/check',
        {
          ...results({ mode: 'first', count: 5 }),
          target: { kind: 'results', query: { searchExpre: 'TI=不存在的词语' }, rows: { mode: 'first', count: 5 } },
        },
        'EXPORT_NOTHING',
      );
      await fails(
        '/export/check',
        { target: { kind: 'patents', publicationNumbers: ['CN999999999A'] }, fields: ['title'], format: 'csv' },
        'EXPORT_NOTHING',
      );
    });

    it('refuses an export beyond the personal quota', async () => {
      const user = await authHeader(t);
      await t.context.repositories.users.update(user.userId, { quotas: { export: 15 } });
      const res = await call('POST', '/export/excel', results({ mode: 'first', count: 10 }, 'csv'), user);
      expect(res.headers['content-type']).toContain('text/csv');
      expect((await okData('/user/limit', {}, user)).export).toEqual({ limit: 15, used: 10 });
      const refused = await fails(
        '/export/check',
        results({ mode: 'first', count: 10 }),
        'EXPORT_QUOTA_EXCEEDED',
        user,
        'en',
      );
      expect(refused.message).toBe('Sorry! Export quantity exceeds personal limit (10 of 15 used)');
    });
  });

  describe('direct export', () => {
    it('answers up to 1,000 rows as the xlsx file itself, the chosen patents in the order given', async () => {
      const numbers = ['CN110000002B', 'cn 110000001 a', 'CN117151122A'];
      const res = await call(
        'POST',
        '/export/excel',
        {
          target: { kind: 'patents', publicationNumbers: numbers },
          fields: ['publicationNumber', 'title', 'applicants', 'applicationDate'],
          format: 'xlsx',
          filename: '电池 专利',
          title: '选中的专利',
        },
        owner,
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
      expect(res.headers['content-disposition']).toContain(`filename*=UTF-8''${encodeURIComponent('电池 专利.xlsx')}`);
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      const rows: string[][] = [];
      sheet.eachRow((row) => rows.push([1, 2, 3, 4].map((i) => String(row.getCell(i).value ?? ''))));
      expect(rows).toEqual([
        ['公开(公告)号', '标题', '申请人', '申请日'],
        ['CN110000002B', '一种电池组散热结构', '比亚迪股份有限公司', '2016-05-01'],
        ['CN110000001A', '一种锂电池正极材料及其制备方法', '宁德时代新能源科技股份有限公司', '2018-03-02'],
        ['CN117151122A', '一种基于区块链的数据共享方法', '', ''],
      ]);
      expect(sheet.actualColumnCount).toBe(4);
      // Recorded as an export (record type 3) and remembered as the last fields.
      const operations = await okData('/operatehistory/list', { recordType: 3 });
      expect(operations.items).toContainEqual(expect.objectContaining({ recordType: 3, resultTotal: '3' }));
      expect((await okData('/download/fields')).selected).toEqual([
        'publicationNumber',
        'title',
        'applicants',
        'applicationDate',
      ]);
    });
    it('writes an English export in English: the English title where the record has one, the legal status (issue 43)', async () => {
      await indexPatents(t, [
        buildCnPatent({
          publicationNumber: 'CN119000001A',
          applicationNumber: 'CN202410000001.1',
          title: { lang: 'zh', text: '一种风力发电机叶片', translations: { en: 'Wind turbine blade' } },
          legalStatus: '未缴年费 | 权利转移',
        }),
        buildCnPatent({
          publicationNumber: 'CN119000002A',
          applicationNumber: 'CN202410000002.1',
          title: { lang: 'zh', text: '一种叶片涂层' },
          legalStatus: '授权',
        }),
      ]);
      const exported = async (lang: string) => {
        const res = await call(
          'POST',
          '/export/excel',
          {
            target: { kind: 'patents', publicationNumbers: ['CN119000001A', 'CN119000002A', 'US6980000B2'] },
            fields: ['publicationNumber', 'title', 'legalStatus'],
            format: 'xlsx',
          },
          owner,
          lang,
        );
        expect(res.statusCode, res.body).toBe(200);
        const workbook = new ExcelJS.Workbook();
        await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
        const rows: string[][] = [];
        workbook.worksheets[0]!.eachRow((row) => rows.push([1, 2, 3].map((i) => String(row.getCell(i).value ?? ''))));
        return rows;
      };
      const en = await exported('en');
      expect(en.slice(1, 3)).toEqual([
        ['CN119000001A', 'Wind turbine blade', 'Unpaid annual fees | Transfer'],
        // No English title: the title as written.
        ['CN119000002A', '一种叶片涂层', 'Granted'],
      ]);
      expect(en[3]?.[1]).toBe('Lithium ion battery electrode');
      const zh = await exported('zh');
      expect(zh.slice(1, 3)).toEqual([
        ['CN119000001A', '一种风力发电机叶片', '未缴年费 | 权利转移'],
        ['CN119000002A', '一种叶片涂层', '授权'],
      ]);
    });
  });

  describe('download tasks', () => {
    it('runs a large export as a task through the job queue, in the result page order, then serves the file', async () => {
      const res = await call(
        'POST',
        '/export/excel',
        {
          target: {
            kind: 'results',
            query: { ...STORAGE_QUERY, sort: { field: 'AD', order: 'asc' } },
            rows: { mode: 'first', count: 3_000 },
          },
          fields: ['publicationNumber', 'title', 'abstract', 'applicationDate'],
          format: 'csv',
          filename: 'storage',
        },
        owner,
      );
      const queued = res.json().data.task as DownloadTask;
      expect(queued).toMatchObject({
        state: 'waiting',
        total: GENERATED,
        done: 0,
        filename: 'storage.csv',
        downloadUrl: null,
      });
      expect((await download(queued)).json()).toMatchObject({ status: 0, data: { code: 'DOWNLOAD_STATE_CONFLICT' } });

      const outcomes = await runJobs();
      expect(outcomes).toContainEqual(expect.objectContaining({ kind: 'export', status: 'done' }));
      const done = await taskOf(queued.id);
      expect(done).toMatchObject({ state: 'done', done: GENERATED, total: GENERATED, progress: 100, expired: false });
      expect(done.downloadUrl).toBe(`/api/product/download/file/${queued.id}`);
      expect(done.expiresAt).toBe('2026-06-08T04:00:00.000Z');

      const file = await download(done);
      expect(file.headers['content-type']).toContain('text/csv');
      expect(done.size).toBe(file.rawPayload.length);
      const rows = parse(file.rawPayload, { bom: true }) as string[][];
      expect(rows[0]).toEqual(['公开(公告)号', '标题', '摘要', '申请日']);
      expect(rows).toHaveLength(GENERATED + 1);
      const byNumber = new Map(generated.map((p) => [p.publicationNumber, p]));
      const dates = rows.slice(1).map((row) => {
        const patent = byNumber.get(row[0]!)!;
        expect(row[1]).toBe(patent.title!.text);
        expect(row[2]).toBe(patent.abstract!.text);
        return row[3]!;
      });
      expect(new Set(rows.slice(1).map((r) => r[0])).size).toBe(GENERATED);
      expect(dates).toEqual([...dates].sort());
      // Only the renamed file is in the folder: no partial file is left.
      expect((await readdir(exportsDir())).filter((f) => f.startsWith(queued.id))).toEqual([`${queued.id}.csv`]);
      const operations = await okData('/operatehistory/list', { recordType: 3 });
      expect(operations.items).toContainEqual(
        expect.objectContaining({ recordType: 3, resultTotal: String(GENERATED) }),
      );
      expect((await okData('/user/limit')).export.used).toBeGreaterThanOrEqual(GENERATED);
    });

    it('writes an xlsx task of a range with exactly its rows', async () => {
      const task = await createTask({
        target: {
          kind: 'results',
          query: { ...STORAGE_QUERY, sort: { field: 'AD', order: 'asc' } },
          rows: { mode: 'range', from: 101, to: 1_300 },
        },
        fields: ['publicationNumber', 'title'],
        format: 'xlsx',
      });
      expect(task).toMatchObject({ total: 1_200, filename: 'patlas-20260601.xlsx' });
      await runJobs();
      const file = await download(await taskOf(task.id));
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.worksheets[0]!;
      expect(sheet.actualRowCount).toBe(1_201);
      expect(sheet.actualColumnCount).toBe(2);
      expect(String(sheet.getRow(2).getCell(2).value)).toMatch(/^一种储能电池管理系统，编号"\d+"$/);
    });

    it('writes chosen patents to PDF and Word as tasks, each title readable in the file', async () => {
      const chosen = generated.slice(0, 12).map((p) => p.publicationNumber);
      const fields = ['publicationNumber', 'title', 'applicants', 'abstract'];
      const pdfTask = await createTask({
        target: { kind: 'patents', publicationNumbers: chosen },
        fields,
        format: 'pdf',
      });
      const docxTask = await createTask({
        target: { kind: 'patents', publicationNumbers: chosen },
        fields,
        format: 'docx',
      });
      await runJobs();
      const pdf = await download(await taskOf(pdfTask.id));
      expect(pdf.headers['content-type']).toContain('application/pdf');
      const pdfFile = path.join(os.tmpdir(), `patlas-export-${pdfTask.id}.pdf`);
      await writeFile(pdfFile, pdf.rawPayload);
      const { stdout } = await promisify(execFile)('pdftotext', ['-enc', 'UTF-8', pdfFile, '-']);
      // pdftotext may break a long title over two lines: compare without white space.
      const text = stdout.replace(/\s+/g, '');
      for (const patent of generated.slice(0, 12)) expect(text).toContain(patent.title!.text.replace(/\s+/g, ''));
      const docx = await download(await taskOf(docxTask.id));
      expect(docx.headers['content-type']).toContain('wordprocessingml');
      const zip = await JSZip.loadAsync(docx.rawPayload);
      const xml = await zip.file('word/document.xml')!.async('string');
      for (const number of chosen) expect(xml).toContain(number);
    });

    it('answers one patent as a Word or PDF file at once (/export/docx, /download/pdf), in any written form', async () => {
      const patent = generated[3]!;
      const loose = patent.publicationNumber.replace(/^CN/, 'cn ').toLowerCase();
      const word = await call('GET', `/export/docx?publicationNumber=${encodeURIComponent(loose)}`, undefined, owner);
      expect(word.headers['content-type']).toContain('wordprocessingml');
      expect(word.headers['content-disposition']).toContain(`${patent.publicationNumber}.docx`);
      const xml = await (await JSZip.loadAsync(word.rawPayload)).file('word/document.xml')!.async('string');
      expect(xml).toContain(patent.publicationNumber);
      expect(xml).toContain(patent.abstract!.text.split('\n')[0]);

      const pdf = await call('POST', `/download/pdf?publicationNumber=${patent.publicationNumber}`, {}, owner);
      expect(pdf.headers['content-type']).toContain('application/pdf');
      const pdfFile = path.join(os.tmpdir(), `patlas-one-${patent.publicationNumber}.pdf`);
      await writeFile(pdfFile, pdf.rawPayload);
      const { stdout } = await promisify(execFile)('pdftotext', ['-enc', 'UTF-8', pdfFile, '-']);
      expect(stdout.replace(/\s+/g, '')).toContain(patent.title!.text.replace(/\s+/g, ''));

      const missing = await call('GET', '/export/docx?publicationNumber=CN999999999A', undefined, owner);
      expect(missing.json()).toMatchObject({ status: 0, data: { code: 'EXPORT_NOTHING' } });
    });

    it('cancels a waiting task, and a running one between two batches without keeping a file', async () => {
      const body = {
        target: { kind: 'results', query: STORAGE_QUERY, rows: { mode: 'first', count: GENERATED } },
        fields: ['publicationNumber'],
        format: 'csv',
      };
      const waiting = await createTask(body);
      expect((await okData(`/download/cancel/${waiting.id}`)).task).toMatchObject({ state: 'cancelled' });
      await runJobs();
      expect(await taskOf(waiting.id)).toMatchObject({ state: 'cancelled', done: 0, downloadUrl: null });
      const again = await fails(`/download/cancel/${waiting.id}`, {}, 'DOWNLOAD_STATE_CONFLICT');
      expect(again.message).toBe('当前状态下无法执行此操作：任务已取消');

      const running = await createTask(body);
      // The user cancels while the second batch is being read.
      const patents = t.context.services.patents;
      const read = patents.getByPublicationNumbers.bind(patents);
      let reads = 0;
      patents.getByPublicationNumbers = async (pns) => {
        reads += 1;
        if (reads === 2) await okData(`/download/cancel/${running.id}`);
        return read(pns);
      };
      try {
        await runJobs();
      } finally {
        patents.getByPublicationNumbers = read;
      }
      const cancelled = await taskOf(running.id);
      expect(cancelled).toMatchObject({ state: 'cancelled', done: 1_000, downloadUrl: null });
      expect((await readdir(exportsDir())).filter((f) => f.startsWith(running.id))).toEqual([]);
    });

    it('runs a task again as a new task, and redraws an expired one as the same task', async () => {
      const first = await createTask({
        target: { kind: 'patents', publicationNumbers: ['CN110000001A', 'CN110000002B'] },
        fields: ['publicationNumber', 'title'],
        format: 'csv',
      });
      await runJobs();
      const again = (await okData(`/download/again/${first.id}`)).task as DownloadTask;
      expect(again.id).not.toBe(first.id);
      expect(again).toMatchObject({ state: 'waiting', total: 2 });
      await runJobs();
      expect(await taskOf(again.id)).toMatchObject({ state: 'done', done: 2 });

      // Past its days the file goes; the row says so and the download is refused.
      await t.context.repositories.tasks.export.update(first.id, { expires_at: '2026-05-31T04:00:00.000Z' });
      {
        expect(await taskOf(first.id)).toMatchObject({ state: 'done', expired: true, downloadUrl: null });
        expect((await download(first)).json()).toMatchObject({ status: 0, data: { code: 'DOWNLOAD_EXPIRED' } });
        expect(await t.context.services.exports.expireFiles()).toBe(1);
        expect(existsSync(path.join(exportsDir(), `${first.id}.csv`))).toBe(false);
        const redrawn = (await okData(`/download/draw/${first.id}`)).task as DownloadTask;
        expect(redrawn).toMatchObject({ id: first.id, state: 'waiting', done: 0, expired: false });
        await runJobs();
        const done = await taskOf(first.id);
        expect(done).toMatchObject({ state: 'done', done: 2, expired: false });
        const rows = parse((await download(done)).rawPayload, { bom: true }) as string[][];
        expect(rows.map((r) => r[0])).toEqual(['公开(公告)号', 'CN110000001A', 'CN110000002B']);
      }
    });

    it("answers another user's task as not found", async () => {
      const task = await createTask({
        target: { kind: 'patents', publicationNumbers: ['CN110000001A'] },
        fields: ['title'],
        format: 'csv',
      });
      await runJobs();
      expect((await download(task, stranger)).json()).toMatchObject({
        status: 0,
        data: { code: 'DOWNLOAD_NOT_FOUND' },
      });
      for (const action of ['cancel', 'again', 'draw']) {
        await fails(`/download/${action}/${task.id}`, {}, 'DOWNLOAD_NOT_FOUND', stranger);
      }
      expect((await okData('/download/list', {}, stranger)).items).toEqual([]);
      expect((await okData('/download/list?page=1', undefined, owner, 'GET')).items.length).toBeGreaterThan(0);
    });

    /** A websocket ticket of `who` (issue 41: no token in the socket's URL). */
    const ticketOf = async (who: AuthHeader): Promise<string> => {
      const res = await t.app.inject({ method: 'POST', url: '/api/platform/platform/socket/ticket', headers: who });
      return (res.json() as { data: { ticket: string } }).data.ticket;
    };

    it('pushes the progress over the websocket until the task ends', async () => {
      const task = await createTask({
        target: { kind: 'results', query: STORAGE_QUERY, rows: { mode: 'first', count: GENERATED } },
        fields: ['publicationNumber'],
        format: 'csv',
      });
      const token = owner.authorization.replace(/^Bearer /, '');
      const ticket = await ticketOf(owner);
      const messages: { state: string; done: number }[] = [];
      let closed: Promise<void> | undefined;
      // Listeners from the start: the first message is sent as soon as the socket opens.
      await t.app.injectWS(
        `/api/product/download/progress/${task.id}?ticket=${ticket}`,
        {},
        {
          onInit: (ws) => {
            closed = new Promise<void>((resolve) => ws.on('close', () => resolve()));
            ws.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString())));
          },
        },
      );
      await expect.poll(() => messages.length).toBeGreaterThan(0);
      expect(messages[0]).toMatchObject({ id: task.id, state: 'waiting', done: 0 });
      await runJobs();
      await closed;
      expect(messages.at(-1)).toMatchObject({ state: 'done', done: GENERATED, progress: 100 });
      expect(messages.some((m) => m.state === 'running')).toBe(true);

      // Another user's socket is told the task does not exist, and closed.
      const refusals: { data: { code: string } }[] = [];
      let refusedClose: Promise<number> | undefined;
      await t.app.injectWS(
        `/api/product/download/progress/${task.id}?ticket=${await ticketOf(stranger)}`,
        {},
        {
          onInit: (ws) => {
            refusedClose = new Promise<number>((resolve) => ws.on('close', (code: number) => resolve(code)));
            ws.on('message', (data: Buffer) => refusals.push(JSON.parse(data.toString())));
          },
        },
      );
      expect(await refusedClose).toBe(1008);
      expect(refusals).toEqual([expect.objectContaining({ status: 0, data: { code: 'DOWNLOAD_NOT_FOUND' } })]);
      // Issue 41: the token is no longer taken in the URL, a ticket works once, and tickets open sockets only.
      await expect(t.app.injectWS(`/api/product/download/progress/${task.id}?token=${token}`)).rejects.toThrow();
      await expect(t.app.injectWS(`/api/product/download/progress/${task.id}?ticket=${ticket}`)).rejects.toThrow();
      const listByQuery = await t.app.inject({
        method: 'GET',
        url: `/api/product/download/list?ticket=${await ticketOf(owner)}`,
      });
      expect([listByQuery.statusCode, listByQuery.json().data.code]).toEqual([401, 'UNAUTHORIZED']);
      // Without a ticket the upgrade is refused.
      await expect(t.app.injectWS(`/api/product/download/progress/${task.id}`)).rejects.toThrow();
    });

    /** A progress socket of `who` on task `id`: its messages, its close code once closed, the socket. */
    const openProgress = async (id: string, who: AuthHeader) => {
      const ticket = await ticketOf(who);
      const state = {
        messages: [] as { state?: string; data?: { code: string } }[],
        closeCode: undefined as number | undefined,
      };
      let first: Promise<{ state?: string; data?: { code: string } }> | undefined;
      const ws = await t.app.injectWS(
        `/api/product/download/progress/${id}?ticket=${ticket}`,
        {},
        {
          onInit: (socket) => {
            first = new Promise((resolve) =>
              socket.once('message', (data: Buffer) => resolve(JSON.parse(data.toString()))),
            );
            socket.on('close', (code: number) => (state.closeCode = code));
            socket.on('message', (data: Buffer) => state.messages.push(JSON.parse(data.toString())));
          },
        },
      );
      return { ws, state, first: first! };
    };
    const smallTask = (who: AuthHeader) =>
      createTask(
        {
          target: { kind: 'patents', publicationNumbers: ['CN110000001A'] },
          fields: ['publicationNumber'],
          format: 'csv',
        },
        who,
      );

    it('closes a progress socket once its session ends or its task is no longer its user’s (issue 41 §7)', async () => {
      const leaving = await authHeader(t);
      const leavingTask = await smallTask(leaving);
      const loggedOut = await openProgress(leavingTask.id, leaving);
      await expect.poll(() => loggedOut.state.messages.length).toBeGreaterThan(0);
      expect(loggedOut.state.messages[0]).toMatchObject({ state: 'waiting' });
      await t.context.services.sessions.endByAccessToken(leaving.authorization.replace(/^Bearer /, ''));
      await expect.poll(() => loggedOut.state.closeCode, { timeout: 15_000 }).toBe(1008);
      expect(loggedOut.state.messages.at(-1)).toMatchObject({ status: 0, data: { code: 'UNAUTHORIZED' } });

      const giver = await authHeader(t);
      const given = await smallTask(giver);
      const watching = await openProgress(given.id, giver);
      await expect.poll(() => watching.state.messages.length).toBeGreaterThan(0);
      await t.context.database.db
        .updateTable('download_tasks')
        .set({ user_id: stranger.userId })
        .where('id', '=', given.id)
        .execute();
      await expect.poll(() => watching.state.closeCode, { timeout: 15_000 }).toBe(1008);
      expect(watching.state.messages.at(-1)).toMatchObject({ status: 0, data: { code: 'DOWNLOAD_NOT_FOUND' } });
      await okData(`/download/cancel/${leavingTask.id}`, {}, await loginAs(t, leaving.email));
      await okData(`/download/cancel/${given.id}`, {}, stranger);
    });

    it('serves every progress socket from one shared poll, and caps one user’s sockets (issue 41 §7)', async () => {
      const watcher = await authHeader(t);
      const tasks = [await smallTask(watcher), await smallTask(watcher)];
      const sockets = [];
      for (let i = 0; i < MAX_PROGRESS_SOCKETS_PER_USER; i++)
        sockets.push(await openProgress(tasks[i % 2]!.id, watcher));
      for (const socket of sockets) await expect.poll(() => socket.state.messages.length).toBeGreaterThan(0);
      const refused = await openProgress(tasks[0]!.id, watcher);
      await expect.poll(() => refused.state.closeCode).toBe(1008);
      expect(refused.state.messages).toEqual([
        expect.objectContaining({ status: 0, data: { code: 'DOWNLOAD_PROGRESS_SOCKETS_LIMIT' } }),
      ]);
      expect(sockets.every((socket) => socket.state.closeCode === undefined)).toBe(true);

      // Two polls: each reads both tasks in one query and checks the one session once; no read per socket.
      const repository = t.context.repositories.tasks.export;
      const sessions = t.context.repositories.sessions;
      const reads: number[] = [];
      const checks: number[] = [];
      let singleReads = 0;
      const { findMany, find } = repository;
      const { liveIds } = sessions;
      repository.findMany = (ids) => {
        reads.push(ids.length);
        return findMany.call(repository, ids);
      };
      repository.find = (id) => {
        singleReads += 1;
        return find.call(repository, id);
      };
      sessions.liveIds = (ids, at) => {
        checks.push(ids.length);
        return liveIds.call(sessions, ids, at);
      };
      try {
        await expect.poll(() => reads.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
      } finally {
        // Back to the class's own methods.
        for (const name of ['findMany', 'find'] as const) delete (repository as Partial<typeof repository>)[name];
        delete (sessions as Partial<typeof sessions>).liveIds;
      }
      expect(reads.every((n) => n === 2)).toBe(true);
      expect(checks.length).toBeGreaterThanOrEqual(1);
      expect(checks.every((n) => n === 1)).toBe(true);
      expect(singleReads).toBe(0);

      // A socket its client closes frees its place, by the next poll at the latest.
      sockets[1]!.ws.close();
      const opened: Awaited<ReturnType<typeof openProgress>>[] = [];
      await expect
        .poll(
          async () => {
            const next = await openProgress(tasks[1]!.id, watcher);
            opened.push(next);
            return (await next.first).state;
          },
          { timeout: 15_000 },
        )
        .toBe('waiting');

      // A task that ends closes its sockets, which frees their places.
      await okData(`/download/cancel/${tasks[0]!.id}`, {}, watcher);
      const ended = sockets.filter((_, i) => i % 2 === 0);
      for (const socket of ended) await expect.poll(() => socket.state.closeCode).toBe(1000);
      expect(ended[0]!.state.messages.at(-1)).toMatchObject({ state: 'cancelled' });
      const again = await openProgress(tasks[1]!.id, watcher);
      await expect.poll(() => again.state.messages.length).toBeGreaterThan(0);
      expect(again.state.messages[0]).toMatchObject({ state: 'waiting' });
      for (const socket of [...sockets, ...opened, again]) socket.ws.close();
      await okData(`/download/cancel/${tasks[1]!.id}`, {}, watcher);
    });
  });

  describe('the search of a result set', () => {
    it('exports what the result page shows, a leading NOT with its data-source prefix, through a task too', async () => {
      const searchExpre = 'NOT TI=储能';
      const search = await t.app.inject({
        method: 'POST',
        url: '/api/platform/data/search/query',
        payload: { searchExpre, pageSize: 100 },
        headers: { authorization: owner.authorization },
      });
      const page = search.json().data as { total: number; items: { publicationNumber: string }[] };
      expect(page.total).toBeGreaterThan(0);
      const task = await createTask({
        target: { kind: 'results', query: { searchExpre }, rows: { mode: 'first', count: 1_000 } },
        fields: ['publicationNumber'],
        format: 'csv',
      });
      expect(task.total).toBe(page.total);
      await runJobs();
      const rows = parse((await download(await taskOf(task.id))).rawPayload, { bom: true }) as string[][];
      expect(rows.slice(1).map((r) => r[0])).toEqual(page.items.map((i) => i.publicationNumber));
    });
  });

  describe('crash safety', () => {
    // A second app is built on the indexed corpus (the restart): seconds on a loaded machine.
    it('fails a task found running at start-up and removes its partial file', async () => {
      const task = await createTask({
        target: { kind: 'patents', publicationNumbers: ['CN110000001A'] },
        fields: ['title'],
        format: 'csv',
      });
      // As a process killed mid-task leaves it.
      await t.context.repositories.tasks.export.update(task.id, { state: 'running', done: 0 });
      await mkdir(exportsDir(), { recursive: true });
      const part = path.join(exportsDir(), `${task.id}.part`);
      await writeFile(part, 'half a file');
      const restarted = await buildApp(t.context.config, { now: clock.now });
      try {
        const row = await restarted.context.repositories.tasks.export.find(task.id);
        // Stored as a code, shown in the reader's language.
        expect(row).toMatchObject({
          state: 'failed',
          file_path: null,
          error: null,
          error_code: 'DOWNLOAD_INTERRUPTED',
        });
        expect((await taskOf(task.id)).error).toBe('服务器在导出过程中停止，文件未完成，请重新导出');
        expect(existsSync(part)).toBe(false);
      } finally {
        await restarted.app.close();
      }
      // The job left behind finds the task no longer waiting; a redraw writes it anew.
      await runJobs();
      expect(await taskOf(task.id)).toMatchObject({ state: 'failed', downloadUrl: null });
      await okData(`/download/draw/${task.id}`);
      await runJobs();
      expect(await taskOf(task.id)).toMatchObject({ state: 'done', done: 1 });
    }, 120_000);
  });
});

import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCnPatent } from '../../test/factories.js';
import { authHeader, buildTestApp, indexPatents, uploadFile, type TestApp, type TestUser } from '../../test/helpers.js';
import { contentDisposition } from '../files/spreadsheet.js';
import { urlForLog } from './log-url.js';
import { malformedTextPath } from './well-formed-text.js';

describe('malformedTextPath', () => {
  it('names the first string or key holding a lone surrogate, and passes pairs', () => {
    expect(malformedTextPath({ filename: '电池😀', texts: ['a', '𠀀b'] })).toBeUndefined();
    expect(malformedTextPath({ filename: '\ud800' })).toBe('filename');
    expect(malformedTextPath({ texts: ['ok', 'x\udc00'] })).toBe('texts.1');
    expect(malformedTextPath({ content: { sections: { field: ['\ud83dx'] } } })).toBe('content.sections.field.0');
    expect(malformedTextPath({ ['k\ud800']: 1 })).toBe('k\ud800');
    expect(malformedTextPath('\udfff')).toBe('body');
    expect(malformedTextPath(Buffer.from([0xed, 0xa0, 0x80]))).toBeUndefined();
  });

  it('walks a deeply nested body without exhausting the stack', () => {
    let deep: unknown = '\ud800';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(malformedTextPath(deep)).toMatch(/^0(\.0)*$/);
  });
});

describe('a lone surrogate in a request (issue 41 §6)', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    user = await authHeader(t);
    await indexPatents(t, [buildCnPatent({ publicationNumber: 'CN110000001A' })]);
  });
  afterAll(async () => {
    await t.close();
  });

  it('in an export’s file name answers 400 TEXT_MALFORMED, not 500', async () => {
    const body = (filename: string) => ({
      target: { kind: 'patents', publicationNumbers: ['CN110000001A'] },
      fields: ['publicationNumber', 'title'],
      format: 'csv',
      filename,
    });
    for (const lang of ['zh', 'en']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/product/export/excel',
        headers: { authorization: user.authorization, 'accept-language': lang },
        payload: body('专利\ud800'),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().data).toEqual({ code: 'TEXT_MALFORMED' });
      expect(res.json().message).toBe(
        lang === 'zh'
          ? '参数错误：filename 含有无效字符（不成对的 UTF-16 代理项），请删除后重试'
          : 'Invalid parameter: filename holds an invalid character (an unpaired UTF-16 surrogate); remove it and try again',
      );
    }
    // A character outside the BMP (a surrogate pair) is a character like any other.
    const fine = await t.app.inject({
      method: 'POST',
      url: '/api/product/export/excel',
      headers: { authorization: user.authorization },
      payload: body('专利😀'),
    });
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.headers['content-disposition']).toContain(encodeURIComponent('专利😀.csv'));
  });

  it('percent-encoded in a URL answers 400 in the envelope, not Fastify’s own body', async () => {
    for (const url of ['/api/product/download/file/%ED%A0%80', '/api/product/warn/deleteWarnInfo/%E0%A4%A']) {
      for (const lang of ['zh', 'en']) {
        const res = await t.app.inject({
          method: 'GET',
          url,
          headers: { authorization: user.authorization, 'accept-language': lang },
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toEqual({
          status: 0,
          message: lang === 'zh' ? '参数错误：url 格式不正确' : 'Invalid parameter: url has an invalid format',
          data: { code: 'VALIDATION_FAILED', field: 'url' },
        });
      }
    }
  });

  it('as a character reference in an uploaded .xlsx answers 400 IMPORT_FILE_INVALID, not 500', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('numbers').addRow(['CN110000001A', 'MARK']);
    const zip = await JSZip.loadAsync(Buffer.from(await workbook.xlsx.writeBuffer()));
    const strings = await zip.file('xl/sharedStrings.xml')!.async('string');
    expect(strings).toContain('MARK');
    const folder = await t.app.inject({
      method: 'POST',
      url: '/api/product/archive/v2/save',
      payload: { action: 'createFolder', name: 'malformed' },
      headers: { authorization: user.authorization },
    });
    const folderId = folder.json().data.folder.id as string;
    for (const reference of ['&#x110000;', '&#xD800;', '&#0;']) {
      zip.file('xl/sharedStrings.xml', strings.replace('MARK', `a${reference}b`));
      const content = await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
      for (const url of [
        '/api/product/history/import',
        '/api/product/operatehistory/import',
        `/api/product/archive/v2/save?action=import&folderId=${folderId}`,
        '/api/platform/data/search/import/excel',
      ]) {
        const res = await uploadFile(t, url, { content, name: 'numbers.xlsx' }, user);
        expect([res.statusCode, res.json().data?.code], `${reference} ${url}`).toEqual([400, 'IMPORT_FILE_INVALID']);
      }
    }
  });

  it('in a stored name no longer breaks a download header', () => {
    expect(contentDisposition('a\ud800.csv')).toBe(`attachment; filename="a_.csv"; filename*=UTF-8''a%EF%BF%BD.csv`);
  });
});

describe('the 500 log line', () => {
  let t: TestApp;
  let user: TestUser;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { logLevel: 'info' }, { logStream: { write: (line) => void lines.push(line) } });
    user = await authHeader(t);
  });
  afterAll(async () => {
    await t.close();
  });

  it('masks the values of token, ticket and password query parameters (issue 41 §6)', async () => {
    t.context.services.history.list = () => Promise.reject(new Error('boom'));
    const url =
      '/api/product/history/list?token=SECRET-TOKEN&Ticket=SECRET-TICKET&password=SECRET-PASS&refresh_token=SECRET-R&api_key=SECRET-K&page=2';
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: user.authorization },
      payload: {},
    });
    expect(res.statusCode).toBe(500);
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; url?: string; req?: { url: string } });
    const failure = logged.find((line) => line.msg === 'unhandled error');
    expect(failure?.url).toBe(
      '/api/product/history/list?token=[redacted]&Ticket=[redacted]&password=[redacted]&refresh_token=[redacted]&api_key=[redacted]&page=2',
    );
    expect(lines.join('\n')).not.toContain('SECRET');
  });

  it('leaves other parameters as they are', () => {
    expect(urlForLog('/api/x?page=2&q=TI%3Dtoken&tokens=1#a')).toBe('/api/x?page=2&q=TI%3Dtoken&tokens=[redacted]#a');
    expect(urlForLog('/api/product/download/progress/abc?token=eyJ.x.y')).toBe(
      '/api/product/download/progress/abc?token=[redacted]',
    );
  });
});

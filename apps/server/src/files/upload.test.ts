import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, type AuthHeader } from '../../test/helpers.js';

/** Multipart bodies a broken client or a probe sends: every upload route answers 400, not 500. */
const MALFORMED: [string, string, string][] = [
  ['no boundary', 'multipart/form-data', 'whatever'],
  [
    'a body cut short',
    'multipart/form-data; boundary=XYZ',
    '--XYZ\r\nContent-Disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\nabc',
  ],
  ['no part at all', 'multipart/form-data; boundary=XYZ', 'garbage garbage'],
];

const UPLOAD_ROUTES = [
  '/api/product/history/import',
  '/api/product/operatehistory/import',
  '/api/platform/data/search/import/excel?mode=number',
  '/api/platform/data/search/import/txt?mode=number',
  '/api/platform/data/patents/import/files',
];

describe('malformed multipart uploads', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let admin: AuthHeader;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    admin = await authHeader(t);
  });
  afterAll(async () => t.close());

  it.each(MALFORMED)('%s: 400 with a clear message on every upload route', async (_name, contentType, payload) => {
    for (const url of UPLOAD_ROUTES) {
      const post = (lang: string) =>
        t.app.inject({
          method: 'POST',
          url,
          payload,
          headers: { 'content-type': contentType, authorization: admin.authorization, 'accept-language': lang },
        });
      const en = await post('en');
      expect(en.statusCode, `${url}: ${en.body}`).toBe(400);
      const body = en.json();
      expect(body.status).toBe(0);
      // A body with no part at all is a missing file; a damaged one says so.
      if (body.data.code === 'IMPORT_FILE_REQUIRED') continue;
      expect(body).toMatchObject({
        message: 'The upload is incomplete or malformed (its multipart data cannot be read); please upload it again',
        data: { code: 'UPLOAD_MALFORMED' },
      });
      expect((await post('zh')).json().message).toBe(
        '上传的内容不完整或格式不正确（无法解析 multipart 数据），请重新上传',
      );
    }
  });

  it('a body cut short is reported as malformed, not as a missing file', async () => {
    const [, contentType, payload] = MALFORMED[1]!;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/product/history/import',
      payload,
      headers: { 'content-type': contentType, authorization: admin.authorization, 'accept-language': 'en' },
    });
    expect(res.json().data.code).toBe('UPLOAD_MALFORMED');
  });
});

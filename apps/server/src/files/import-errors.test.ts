import ExcelJS from 'exceljs';
import { MAX_IMPORT_REPORTED_ERRORS } from '@patlas/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, type AuthHeader } from '../../test/helpers.js';

const BAD_ROWS = MAX_IMPORT_REPORTED_ERRORS + 500;

/** An "exported" sheet whose every row's data cell is broken JSON. */
async function brokenExport(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('x');
  sheet.addRow(['序号', '数据（导入用，请勿修改）']);
  for (let i = 0; i < BAD_ROWS; i += 1) sheet.addRow([i + 1, '{"broken":']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('import reports list at most MAX_IMPORT_REPORTED_ERRORS problems, then say how many more', () => {
  let t: Awaited<ReturnType<typeof buildTestApp>>;
  let user: AuthHeader;
  let sheet: Buffer;
  beforeAll(async () => {
    t = await buildTestApp('sqlite');
    user = await authHeader(t);
    sheet = await brokenExport();
  });
  afterAll(async () => t.close());

  const upload = (url: string, file: Buffer, filename: string, lang: string) => {
    const boundary = '----patlaserrors';
    return t.app.inject({
      method: 'POST',
      url,
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        file,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
      headers: {
        'content-type': `multipart/form-data; boundary=${boundary}`,
        authorization: user.authorization,
        'accept-language': lang,
      },
    });
  };

  it.each(['/api/product/history/import', '/api/product/operatehistory/import'])('%s', async (url) => {
    const en = (await upload(url, sheet, 'h.xlsx', 'en')).json().data;
    expect(en.imported).toBe(0);
    expect(en.errorsOmitted).toBe(500);
    expect(en.errors).toHaveLength(MAX_IMPORT_REPORTED_ERRORS + 1);
    expect(en.errors[0]).toEqual({ line: 2, message: 'The data column is not valid JSON' });
    expect(en.errors[MAX_IMPORT_REPORTED_ERRORS - 1].line).toBe(MAX_IMPORT_REPORTED_ERRORS + 1);
    expect(en.errors[MAX_IMPORT_REPORTED_ERRORS]).toEqual({
      line: MAX_IMPORT_REPORTED_ERRORS + 2,
      message:
        'From this line on, 500 more problems are not listed one by one (at most 1,000 are listed); fix the ones above and import again',
    });
    const zh = (await upload(url, sheet, 'h.xlsx', 'zh')).json().data;
    expect(zh.errors.at(-1).message).toBe(
      '自本行起还有 500 个问题未逐条列出（最多列出 1,000 个）；请修正以上问题后重新导入',
    );
  });

  it('batch search: numbers beyond the per-search limit, one problem each', async () => {
    // MAX_BATCH_NUMBERS (1,000) are kept; the 1,500 after them are each reported.
    const text = Array.from({ length: 2500 }, (_, i) => `CN${110000000 + i}A`).join('\n');
    const res = await upload('/api/platform/data/search/import/txt?mode=number', Buffer.from(text), 'n.txt', 'en');
    const data = res.json().data;
    expect(data.values).toHaveLength(1000);
    expect(data.errorsOmitted).toBe(500);
    expect(data.errors).toHaveLength(MAX_IMPORT_REPORTED_ERRORS + 1);
    expect(data.errors[0]).toMatchObject({ line: 1001, value: 'CN110001000A' });
    expect(data.errors.at(-1)).toMatchObject({ line: 2001, value: '…' });
    expect(data.errors.at(-1).message).toMatch(/^From this line on, 500 more problems/);
  });

  it('a report within the limit is unchanged (no count, no closing entry)', async () => {
    const res = await upload(
      '/api/platform/data/search/import/txt?mode=number',
      Buffer.from('CN110000001A\nBAD-NUMBER-XYZ'),
      'n.txt',
      'en',
    );
    const data = res.json().data;
    expect(data.errors).toHaveLength(1);
    expect(data.errorsOmitted).toBeUndefined();
  });
});

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, buildTestApp, type AuthHeader } from '../../test/helpers.js';
import { xlsxBomb, xlsxOfRows } from '../../test/zip.js';
import { checkXlsxBuffer, checkXlsxFile, XLSX_LIMITS, type XlsxLimits } from './xlsx-guard.js';

async function realWorkbook(rows: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('S');
  sheet.addRow(['a', 'b', 'c']);
  for (let i = 0; i < rows; i += 1) sheet.addRow([`CN${100000 + i}A`, i, `text ${i}`]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const refusal = async (file: Buffer, limits: XlsxLimits = XLSX_LIMITS, lang: 'zh' | 'en' = 'en') => {
  try {
    await checkXlsxBuffer(file, lang, limits);
    return undefined;
  } catch (err) {
    return (err as { reason?: string }).reason ?? String(err);
  }
};

describe('the xlsx zip-bomb guard', () => {
  let bomb: Buffer;
  beforeAll(async () => {
    // ~200 MB of cells packed into a few hundred kilobytes.
    bomb = await xlsxBomb(200);
  });

  it('lets a real workbook through', async () => {
    expect(await refusal(await realWorkbook(2000))).toBeUndefined();
  });

  it('refuses a 200 MB zip bomb by its unpacked size, in zh and en', async () => {
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    expect(await refusal(bomb, XLSX_LIMITS, 'en')).toBe(
      'the file unpacks to more than 100 MB; split it into smaller files and import those',
    );
    expect(await refusal(bomb, XLSX_LIMITS, 'zh')).toBe('文件解压后超过 100 MB，请拆分成较小的文件后再导入');
  });

  it('refuses an absurd packing ratio under the size limit', async () => {
    const small = await xlsxBomb(20);
    expect(await refusal(small)).toBe(
      'the file is packed abnormally tightly (over 250:1), like a zip bomb, and was refused',
    );
  });

  it('refuses an archive whose directory understates what it unpacks to', async () => {
    const row = '<row><c t="inlineStr"><is><t>boom</t></is></c></row>';
    const lying = await xlsxOfRows(row, 4_000_000, { declaredSheetSize: 1000 });
    expect(await refusal(lying)).toBe('the file’s content does not match the sizes it declares, and was refused');
  });

  it('counts rows and cells across chunk boundaries and refuses above the limits', async () => {
    const row = '<x:row r="1"><x:c r="A1"><x:v>1</x:v></x:c><c r="B1" t="n"><v>2</v></c></row>';
    const file = await xlsxOfRows(row, 50_000);
    const loose = { ...XLSX_LIMITS, maxRatio: 100_000 };
    expect(await refusal(file, { ...loose, maxRows: 50_000, maxCells: 100_000 })).toBeUndefined();
    expect(await refusal(file, { ...loose, maxRows: 49_999 })).toBe(
      'the worksheets have more than 49,999 rows; split the file and import the parts',
    );
    expect(await refusal(file, { ...loose, maxCells: 99_999 }, 'zh')).toBe(
      '工作表单元格数超过 99,999 个，请拆分后再导入',
    );
  });

  it('refuses a file that is not a zip archive', async () => {
    expect(await refusal(Buffer.from('hello, not a workbook'))).toBe('not a valid .xlsx file');
  });

  it('checks a workbook on disk by its directory (patent imports)', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'patlas-guard-'));
    try {
      const good = path.join(dir, 'good.xlsx');
      await writeFile(good, await realWorkbook(100));
      await expect(checkXlsxFile(good, 'en')).resolves.toBeUndefined();
      const bad = path.join(dir, 'bomb.xlsx');
      await writeFile(bad, await xlsxBomb(20));
      await expect(checkXlsxFile(bad, 'en')).rejects.toMatchObject({
        reason: 'the file is packed abnormally tightly (over 250:1), like a zip bomb, and was refused',
      });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  describe('on every .xlsx upload route', () => {
    let t: Awaited<ReturnType<typeof buildTestApp>>;
    let user: AuthHeader;
    beforeAll(async () => {
      t = await buildTestApp('sqlite');
      user = await authHeader(t);
    });
    afterAll(async () => t.close());

    const upload = (url: string, file: Buffer, lang: string) => {
      const boundary = `----patlas${Math.random().toString(36).slice(2)}`;
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bomb.xlsx"\r\n` +
          'Content-Type: application/vnd.openxmlformats-officedocument.spreadsheetml.sheet\r\n\r\n',
      );
      return t.app.inject({
        method: 'POST',
        url,
        payload: Buffer.concat([head, file, Buffer.from(`\r\n--${boundary}--\r\n`)]),
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          authorization: user.authorization,
          'accept-language': lang,
        },
      });
    };

    it.each([
      '/api/product/history/import',
      '/api/product/operatehistory/import',
      '/api/platform/data/search/import/excel?mode=number',
    ])('%s answers 400 with the reason, before unpacking', async (url) => {
      const en = await upload(url, bomb, 'en');
      expect(en.statusCode, en.body).toBe(400);
      expect(en.json()).toMatchObject({
        status: 0,
        message:
          'The import file cannot be read: the file unpacks to more than 100 MB; split it into smaller files and import those',
        data: { code: 'IMPORT_FILE_INVALID' },
      });
      const zh = await upload(url, bomb, 'zh');
      expect(zh.json().message).toBe('无法读取导入文件：文件解压后超过 100 MB，请拆分成较小的文件后再导入');
    });
  });
});

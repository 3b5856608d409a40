import ExcelJS from 'exceljs';
import { afterAll, describe, expect, it } from 'vitest';
import { xlsxBomb, xlsxOfRows } from '../../test/zip.js';
import { AppError } from '../errors.js';
import { firstRowOver, readSheet, SheetRefusedError, type SheetRequest } from './sheet-read.js';
import { createSheetReader } from './sheet-reader.js';
import { cellText, joinedCells, XlsxFileError } from './spreadsheet.js';

const bufferOf = async (workbook: ExcelJS.Workbook) => Buffer.from(await workbook.xlsx.writeBuffer());

/** What the imports read before issue 40: the whole workbook loaded, its first sheet. */
async function loadedFirstSheet(file: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as unknown as ExcelJS.Buffer);
  return workbook.worksheets[0]!;
}

const refusalOf = async (file: Buffer, request: SheetRequest) =>
  readSheet(file, request, 'en').then(
    () => undefined,
    (err: unknown) => (err instanceof SheetRefusedError ? err.refusal : err),
  );

/** A sheet of every kind of cell the imports meet, with a long Chinese text cut by chunk ends. */
async function mixedWorkbook(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('mixed');
  sheet.addRow(['公开号', '标引', '日期', '数', '公式', '链接', '富文本', '真假']);
  // Unique texts, mostly Chinese: the shared strings span several inflated chunks.
  const long = (i: number) => `${'一种锂电池正极材料及其制备方法'.repeat(5)}${i}`;
  for (let i = 0; i < 2000; i += 1) {
    const row = sheet.addRow([
      `CN${110000000 + i}A`,
      i % 3 === 0 ? '' : `标引${i % 7};电池`,
      new Date(Date.UTC(2020, i % 12, (i % 27) + 1, 8, 30)),
      i % 2 === 0 ? 2018100000000 + i : 3.25 * i,
      { formula: `D${i + 2}*2`, result: i * 2 },
      { text: `CN${i}`, hyperlink: `https://example.com/${i}` },
      { richText: [{ text: '富' }, { font: { bold: true }, text: `文本${i}` }] },
      i % 2 === 0,
    ]);
    row.getCell(9).value = long(i);
  }
  return bufferOf(workbook);
}

describe('the streaming sheet reader', () => {
  it('reads only the asked columns, as the whole-workbook load read their text', async () => {
    const file = await mixedWorkbook();
    const old = await loadedFirstSheet(file);
    const columns = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    const reading = await readSheet(file, { columns: { by: 'position', columns }, maxRows: 10_000 }, 'en');
    const expected: { line: number; values: string[] }[] = [];
    old.eachRow({ includeEmpty: false }, (row, line) => {
      expected.push({ line, values: columns.map((col) => row.getCell(col).text ?? '') });
    });
    expect(reading.rows).toHaveLength(2001);
    expect(reading.rows).toEqual(expected);
    // Chinese texts over several inflated chunks come out whole (exceljs decodes chunk by chunk).
    expect(reading.rows.slice(1).map((row) => row.values[8])).toEqual(
      Array.from({ length: 2000 }, (_, i) => `${'一种锂电池正极材料及其制备方法'.repeat(5)}${i}`),
    );

    const two = await readSheet(file, { columns: { by: 'position', columns: [1, 4] }, maxRows: 10_000 }, 'en');
    expect(two.rows[2]).toEqual({ line: 3, values: ['CN110000001A', String(3.25)] });
    expect(two.rows.every((row) => row.values.length === 2)).toBe(true);
  });

  it('decodes a text whose characters fall across two unpacked chunks', async () => {
    // Shifted by 0, 1 and 2 bytes: the chunk ends (every 256 KiB) fall inside a character in two.
    for (const shift of [0, 1, 2]) {
      const text = `${'x'.repeat(shift)}${'中文'.repeat(60_000)}`;
      const file = await xlsxOfRows(`<row r="1"><c r="A1" t="inlineStr"><is><t>${text}</t></is></c></row>`, 1);
      const reading = await readSheet(file, { columns: { by: 'position', columns: [1] }, maxRows: 5 }, 'en');
      expect(reading.rows[0]!.values[0] === text, `shifted by ${shift}`).toBe(true);
    }
  });

  it('finds header columns in either language and joins a continued column, values as cellText', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('h');
    sheet.addRow(['No.', '时间', 'Data (for import, do not edit)', 'Data (continued)', '其他']);
    const when = new Date(Date.UTC(2026, 0, 15, 8, 0));
    sheet.addRow([1, when, '{"a":', '1}', 'x']);
    sheet.addRow([]);
    sheet.addRow([3, '', '', '', 'only here']);
    const file = await bufferOf(workbook);
    const labels = [
      ['数据（导入用，请勿修改）', 'Data (for import, do not edit)'],
      ['时间', 'Time'],
      ['标题', 'Title'],
    ];
    const reading = await readSheet(
      file,
      { columns: { by: 'header', labels, continued: 0 }, maxRows: 10, maxColumns: 10 },
      'zh',
    );
    expect(reading.columnsFound).toEqual([3, 2, null]);
    const old = await loadedFirstSheet(file);
    // As the whole-workbook reading read them (headerColumns, joinedCells, cellText).
    expect(reading.rows).toEqual([
      { line: 2, values: [joinedCells(old.getRow(2), 3), cellText(old.getRow(2).getCell(2).value), ''] },
      // Empty rows are skipped; the data column runs to the row's end.
      { line: 4, values: [joinedCells(old.getRow(4), 3), '', ''] },
    ]);
    expect(reading.rows.map((row) => row.values[0])).toEqual(['{"a":1}x', 'only here']);
    expect(reading.rows[0]!.values[1]).toBe(when.toISOString());
  });

  it('refuses at the first row past the cap, row 1 left out, without reading further', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('n');
    sheet.addRow(['header']);
    for (let i = 0; i < 20; i += 1) sheet.addRow([`CN${i}`]);
    const file = await bufferOf(workbook);
    const position = (maxRows: number): SheetRequest => ({ columns: { by: 'position', columns: [1] }, maxRows });
    expect(await refusalOf(file, position(20))).toBeUndefined();
    expect(await refusalOf(file, position(19))).toEqual({ kind: 'rows', max: 19 });
    expect(
      await refusalOf(file, { columns: { by: 'header', labels: [['header']] }, maxRows: 19, maxColumns: 5 }),
    ).toEqual({ kind: 'rows', max: 19 });

    // The scan stops at the chunk holding the first row past the cap, and empty rows do not count.
    const chunks = [
      '<worksheet><sheetData><row r="1"><c r="A1"><v>1</v></c></row><row r="2"><c r="A2" t="s"><v>0</v>',
      '</c></row><row r="3" ht="20"/><row r="4"><c r="A4" s="2"/></row><r',
      'ow r="5"><c r="A5" t="inlineStr"><is><t>x</t></is></c></row>',
      '<row r="6"><c r="A6"><v>1</v></c></row>',
    ];
    let pulled = 0;
    async function* source() {
      for (const chunk of chunks) {
        pulled += 1;
        yield chunk;
      }
    }
    expect(await firstRowOver(source(), 4)).toBe(5);
    expect(pulled).toBe(3);
    expect(await firstRowOver(source(), 6)).toBeUndefined();
    // Rows without a number follow the one before.
    expect(await firstRowOver(['<row><c><v>1</v></c></row><x:row><x:c><x:v>2</x:v></x:c></x:row>'], 1)).toBe(2);
  });

  it('refuses a sheet wider than the column cap (header mode)', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('w');
    sheet.addRow(['a', 'b']);
    sheet.addRow(['1', '2', '', '', '', 'far']);
    const file = await bufferOf(workbook);
    const request = (maxColumns: number): SheetRequest => ({
      columns: { by: 'header', labels: [['a']] },
      maxRows: 10,
      maxColumns,
    });
    expect(await refusalOf(file, request(6))).toBeUndefined();
    expect(await refusalOf(file, request(5))).toEqual({ kind: 'columns', max: 5 });
  });

  it('reads the first sheet in tab order, and says when there is none', async () => {
    const workbook = new ExcelJS.Workbook();
    workbook.addWorksheet('second').addRow(['B']);
    workbook.addWorksheet('first').addRow(['A']);
    // exceljs orders sheets by orderNo (not in its typings): 'first' becomes the first tab.
    (workbook.getWorksheet('first') as unknown as { orderNo: number }).orderNo = -1;
    const file = await bufferOf(workbook);
    expect((await loadedFirstSheet(file)).name).toBe('first');
    const reading = await readSheet(file, { columns: { by: 'position', columns: [1] }, maxRows: 5 }, 'en');
    expect(reading.rows).toEqual([{ line: 1, values: ['A'] }]);
    const empty = await bufferOf(new ExcelJS.Workbook());
    expect(await readSheet(empty, { columns: { by: 'position', columns: [1] }, maxRows: 5 }, 'en')).toEqual({
      hasSheet: false,
      rows: [],
    });
  });

  it('refuses a file that is no .xlsx and keeps the zip-bomb limits', async () => {
    const request: SheetRequest = { columns: { by: 'position', columns: [1] }, maxRows: 10 };
    expect(await refusalOf(Buffer.from('not a workbook'), request)).toEqual({
      kind: 'notXlsx',
      reason: 'not a valid .xlsx file',
    });
    expect(await refusalOf(await xlsxBomb(200), request)).toEqual({
      kind: 'limit',
      reason: 'the file unpacks to more than 100 MB; split it into smaller files and import those',
    });
    const lying = await xlsxOfRows('<row><c t="inlineStr"><is><t>boom</t></is></c></row>', 400_000, {
      declaredSheetSize: 1000,
    });
    expect(await refusalOf(lying, request)).toEqual({
      kind: 'limit',
      reason: 'the file’s content does not match the sizes it declares, and was refused',
    });
  });

  describe('in its worker thread', () => {
    const reader = createSheetReader();
    afterAll(() => reader.close());

    it('answers the reading, and refusals as the errors the routes answer', async () => {
      const workbook = new ExcelJS.Workbook();
      const sheet = workbook.addWorksheet('n');
      for (let i = 0; i < 12; i += 1) sheet.addRow([`CN${i}`, `x${i}`, 'ignored']);
      const file = await bufferOf(workbook);
      const reading = await reader.read(file, { columns: { by: 'position', columns: [2] }, maxRows: 11 }, 'zh');
      expect(reading.rows[11]).toEqual({ line: 12, values: ['x11'] });
      const rows = await reader
        .read(file, { columns: { by: 'position', columns: [1] }, maxRows: 10 }, 'zh')
        .catch((err: unknown) => err);
      expect(rows).toBeInstanceOf(AppError);
      expect(rows).toMatchObject({ code: 'IMPORT_TOO_MANY_ROWS', params: { max: '10' } });
      const broken = await reader
        .read(Buffer.from('PK nonsense'), { columns: { by: 'position', columns: [1] }, maxRows: 1 }, 'zh')
        .catch((err: unknown) => err);
      expect(broken).toBeInstanceOf(XlsxFileError);
      expect(broken).toMatchObject({ reason: '不是有效的 .xlsx 文件', isNotXlsx: true });
    }, 120_000);
  });
});

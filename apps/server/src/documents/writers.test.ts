import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { EXPORT_TRUNCATION_MARK, XLSX_MAX_CELL_LENGTH, type Patent } from '@patlas/contracts';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCnPatent } from '../../test/factories.js';
import { exportFieldLabel, valueOf } from '../domains/export/export-fields.js';
import { openCsvWriter } from './csv.js';
import type { ExportColumn, OpenWriter, WriterInput } from './writer.js';
import { openXlsxWriter, sheetSink } from './xlsx.js';

const TODAY = '2026-06-01';
const columns: ExportColumn[] = (['publicationNumber', 'title', 'applicants', 'abstract'] as const).map((id) => ({
  id,
  label: exportFieldLabel(id, 'zh'),
}));

/** Records with the texts that break naive writers: commas, quotes, line breaks, Chinese, empties. */
const records: Patent[] = [
  buildCnPatent({
    publicationNumber: 'CN110000001A',
    title: { text: '一种锂电池正极材料，及其"制备"方法' },
    applicants: [{ name: '宁德时代新能源科技股份有限公司' }, { name: 'Acme, Inc.' }],
    abstract: { text: '第一行\n第二行\r\n第三行' },
  }),
  buildCnPatent({ publicationNumber: 'CN110000002B', title: { text: '电池组散热结构' }, abstract: undefined }),
  buildCnPatent({ publicationNumber: 'CN110000003U', title: { text: ' 前后有空格 ' }, applicants: [] }),
];
const expected = records.map((r) => columns.map((c) => valueOf(r, c.id, 'zh', TODAY)));

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'patlas-writers-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const inputFor = (file: string): WriterInput => ({
  path: path.join(dir, file),
  columns,
  lang: 'zh',
  valueOf: (patent, field) => valueOf(patent, field, 'zh', TODAY),
});

/** Titles as stored, untrimmed: a tab or carriage return at the start reaches the writer. */
const rawTitleInputFor = (file: string): WriterInput => ({
  ...inputFor(file),
  valueOf: (patent, field) => (field === 'title' ? (patent.title?.text ?? '') : valueOf(patent, field, 'zh', TODAY)),
});

async function writeAll(
  open: OpenWriter,
  file: string,
  batches: Patent[][],
  input: WriterInput = inputFor(file),
): Promise<string> {
  const writer = await open(input);
  for (const batch of batches) await writer.write(batch);
  await writer.finish();
  return input.path;
}

/** Texts a spreadsheet would run as formulas (issue 41 §4), one per dangerous start. */
const FORMULA_TITLES = ['=HYPERLINK("http://evil.example","x")', '+1+1', '-2+3', '@SUM(A1:A2)', '\t=1+1', '\r=1+1'];
const formulaRecords = FORMULA_TITLES.map((title, i) =>
  buildCnPatent({ publicationNumber: `CN11000010${i}A`, title: { text: title }, applicants: [{ name: '=cmd|x' }] }),
);

async function readSheet(file: string): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0]!;
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    rows.push(columns.map((_, i) => String(row.getCell(i + 1).value ?? '')));
  });
  return rows;
}

describe('xlsx writer', () => {
  it('writes a bold header and exactly the rows and columns given, Chinese intact', async () => {
    const file = await writeAll(openXlsxWriter, 'a.xlsx', [records.slice(0, 2), records.slice(2)]);
    const rows = await readSheet(file);
    // Excel's line break in a cell is LF.
    const lf = expected.map((row) => row.map((v) => v.replace(/\r\n/g, '\n')));
    expect(rows).toEqual([columns.map((c) => c.label), ...lf]);
    expect(rows[0]).toEqual(['公开(公告)号', '标题', '申请人', '摘要']);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.actualColumnCount).toBe(4);
    expect(sheet.actualRowCount).toBe(4);
  });

  it('cuts a text longer than a cell holds, ending it with the mark', async () => {
    const long = '长'.repeat(XLSX_MAX_CELL_LENGTH + 10);
    const file = await writeAll(openXlsxWriter, 'long.xlsx', [
      [buildCnPatent({ abstract: { text: long }, title: { text: 'a\u0001b' } })],
    ]);
    const [, row] = await readSheet(file);
    expect(row![3]!.length).toBe(XLSX_MAX_CELL_LENGTH);
    expect(row![3]!.endsWith(EXPORT_TRUNCATION_MARK)).toBe(true);
    expect(row![3]!.startsWith('长长长')).toBe(true);
    // A control character would make the workbook unreadable: removed.
    expect(row![1]).toBe('ab');
  });

  it('stores a text that starts like a formula as a string cell, never as a formula', async () => {
    const file = await writeAll(openXlsxWriter, 'f.xlsx', [formulaRecords], rawTitleInputFor('f.xlsx'));
    const rows = await readSheet(file);
    expect(rows.slice(1).map((row) => row[1])).toEqual(FORMULA_TITLES.map((t) => t.replace(/\r/g, '\n')));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0]!;
    for (let r = 2; r <= FORMULA_TITLES.length + 1; r++) {
      expect(sheet.getRow(r).getCell(2).type).toBe(ExcelJS.ValueType.String);
      expect(sheet.getRow(r).getCell(3).type).toBe(ExcelJS.ValueType.String);
    }
    const xml = await (await JSZip.loadAsync(await readFile(file))).file('xl/worksheets/sheet1.xml')!.async('string');
    expect(xml).not.toMatch(/<f[ >]/);
  });

  it('finds the stream exceljs compresses a sheet through, so a long export waits for it', async () => {
    // Without it rows pile up in memory faster than zlib takes them (xlsx.ts sheetSink).
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path.join(dir, 'sink.xlsx') });
    const sheet = workbook.addWorksheet('s');
    sheet.addRow(['x'.repeat(100)]).commit();
    const sink = sheetSink(sheet);
    expect(sink).toBeDefined();
    // Written ahead of the compression: more is pending than the stream's mark holds.
    for (let i = 0; i < 2_000; i++) sheet.addRow(['y'.repeat(200)]).commit();
    expect(sink!.pending()).toBeGreaterThan(0);
    sheet.commit();
    await workbook.commit();
  });

  it('removes the file on abort', async () => {
    const input = inputFor('aborted.xlsx');
    const writer = await openXlsxWriter(input);
    await writer.write(records);
    await writer.abort();
    await expect(stat(input.path)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

describe('csv writer', () => {
  it('starts with a BOM and round-trips commas, quotes, line breaks and Chinese', async () => {
    const file = await writeAll(openCsvWriter, 'a.csv', [records.slice(0, 1), records.slice(1)]);
    const bytes = await readFile(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(bytes, { bom: true, relax_column_count: false }) as string[][];
    expect(rows).toEqual([columns.map((c) => c.label), ...expected]);
    expect(rows[1]![1]).toBe('一种锂电池正极材料，及其"制备"方法');
    expect(rows[1]![3]).toBe('第一行\n第二行\r\n第三行');
  });

  it('neutralises a cell starting with =, +, -, @, a tab or a carriage return with a leading quote', async () => {
    const file = await writeAll(openCsvWriter, 'f.csv', [formulaRecords], rawTitleInputFor('f.csv'));
    const rows = parse(await readFile(file), { bom: true }) as string[][];
    expect(rows.slice(1).map((row) => row[1])).toEqual(FORMULA_TITLES.map((t) => `'${t}`));
    expect(rows.slice(1).map((row) => row[2])).toEqual(FORMULA_TITLES.map(() => "'=cmd|x"));
    // a text with such a character later on is left as it is
    expect(rows[1]![0]).toBe('CN110000100A');
  });

  it('removes the file on abort', async () => {
    const input = inputFor('aborted.csv');
    const writer = await openCsvWriter(input);
    await writer.write(records);
    await writer.abort();
    await expect(stat(input.path)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});

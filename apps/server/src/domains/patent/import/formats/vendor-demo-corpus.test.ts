import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { PatentSchema, type Patent } from '@patlas/contracts';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { DemoSource, ImportItem, PatentFormat } from '../format.js';
import { FORMATS } from '../registry.js';

const demoDir = fileURLToPath(new URL('../../../../../../../data/demo/', import.meta.url));
const byId = new Map<string, PatentFormat>(FORMATS.map((f) => [f.id, f]));

const VENDOR_SOURCES = ['cn-patentics-incopat', 'cn-patsnap-green-aviation', 'cn-patsnap-zhongzhixin'];

/** The oracle's reading of a cell: what a person sees in Excel, dates as YYYY-MM-DD. */
function text(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('result' in value) return text(value.result as ExcelJS.CellValue);
    if ('text' in value) return text(value.text as ExcelJS.CellValue);
    return '';
  }
  return String(value);
}

/** Rows of the shipped file read directly (exceljs, csv-parse): the header found by its number column. */
async function oracleRows(file: string, numberHeader: string): Promise<{ header: string[]; rows: string[][] }> {
  let rows: string[][];
  if (/\.csv\.gz$/.test(file)) {
    rows = parse(gunzipSync(readFileSync(file)), { bom: true, relax_column_count: true }) as string[][];
  } else {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0];
    rows = [];
    sheet?.eachRow((row) => {
      const cells: string[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => (cells[col - 1] = text(cell.value)));
      rows.push(Array.from(cells, (c) => c ?? ''));
    });
  }
  const at = rows.findIndex((row) => row.map((c) => c.trim()).includes(numberHeader));
  return { header: rows[at]?.map((c) => c.trim()) ?? [], rows: rows.slice(at + 1) };
}

async function readRecords(format: PatentFormat, file: string): Promise<{ records: Map<string, Patent>; bad: number }> {
  const records = new Map<string, Patent>();
  let bad = 0;
  for await (const item of format.read(file) as AsyncIterable<ImportItem>) {
    if (item.ok) records.set(item.record.publicationNumber, item.record);
    else bad += 1;
  }
  return { records, bad };
}

/** YYYYMMDD, YYYY/MM/DD, YYYY-MM-DD as the file writes them → YYYY-MM-DD. */
const isoDate = (value: string) => value.replace(/^(\d{4})[/-]?(\d{2})[/-]?(\d{2}).*$/, '$1-$2-$3');
const dashIsEmpty = (value: string) => (value.trim() === '-' ? '' : value.trim());

interface Sample {
  source: string;
  file: string;
  number: string;
  title: string;
  applicant: string;
  split: RegExp;
  applicationDate?: string;
  legalStatus: string;
}

/** One file per vendor format, with the vendor's own headers for the five facts compared. */
const SAMPLES: Sample[] = [
  {
    source: 'cn-patentics-incopat',
    file: '20220507--CNAPP-TI=虚拟现实.csv.gz',
    number: '公开号',
    title: '标题',
    applicant: '申请人',
    split: /\s*\|\s*/,
    applicationDate: '申请日',
    legalStatus: '法律状态',
  },
  {
    source: 'cn-patentics-incopat',
    file: '中科创达-中国申请库.xlsx',
    number: '公开号',
    title: '标题',
    applicant: '申请人',
    split: /\s*\|\s*/,
    applicationDate: '申请日',
    legalStatus: '法律状态',
  },
  {
    source: 'cn-patentics-incopat',
    file: '丰田自动驾驶.xlsx',
    number: '公开（公告）号',
    title: '标题 (中文)',
    applicant: '申请人',
    split: /\s*;\s*/,
    applicationDate: '申请日',
    legalStatus: '当前法律状态',
  },
  {
    source: 'cn-patsnap-green-aviation',
    file: '20240401085613950.XLSX',
    number: '公开(公告)号',
    title: '标题(译)(简体中文)',
    applicant: '[标]原始申请(专利权)人',
    split: /\s*\|\s*/,
    applicationDate: '申请日',
    legalStatus: '法律状态/事件',
  },
  {
    source: 'cn-patsnap-zhongzhixin',
    file: '2020-2022中之信.xlsx',
    number: '公开公告号',
    title: '标题',
    applicant: '当前申请专利权人',
    split: /\s*\|\s*/,
    legalStatus: '法律状态事件',
  },
];

describe('data/demo vendor-export sources', () => {
  it.each(VENDOR_SOURCES)('%s: a README, a licence as stated, and a known format for every file', (name) => {
    const source = JSON.parse(readFileSync(join(demoDir, name, 'source.json'), 'utf8')) as DemoSource;
    expect(source.id).toBe(name);
    expect(source.licence).toBeTruthy();
    expect(readFileSync(join(demoDir, name, 'README.md'), 'utf8')).toContain('Licence as stated');
    for (const entry of source.files) expect(byId.has(entry.format), entry.format).toBe(true);
  });

  it.each(SAMPLES)(
    '$file: number, title, first applicant, application date and legal status as the file holds them',
    async (sample) => {
      const source = JSON.parse(readFileSync(join(demoDir, sample.source, 'source.json'), 'utf8')) as DemoSource;
      const entry = source.files.find((f) => f.path.startsWith(sample.file));
      const format = entry && byId.get(entry.format);
      if (!entry || !format) throw new Error(`${sample.file} is not in ${sample.source}/source.json`);
      const file = join(demoDir, sample.source, entry.path);
      const [{ header, rows }, { records, bad }] = await Promise.all([
        oracleRows(file, sample.number),
        readRecords(format, file),
      ]);
      const col = (name: string) => header.indexOf(name);
      for (const name of [sample.number, sample.title, sample.applicant, sample.legalStatus]) {
        expect(col(name), name).toBeGreaterThanOrEqual(0);
      }
      // Every data row is a record (the real files have no bad row); rows of the same number merge.
      const numbers = new Set(rows.map((row) => row[col(sample.number)]?.trim()).filter(Boolean));
      expect(bad).toBe(0);
      expect(records.size).toBe(numbers.size);
      // Every 25th row, compared field by field.
      const sampled = rows.filter((_, i) => i % 25 === 0);
      expect(sampled.length).toBeGreaterThan(3);
      for (const row of sampled) {
        const cell = (name: string) => dashIsEmpty(row[col(name)] ?? '');
        const record = records.get(cell(sample.number).toUpperCase());
        expect(record, cell(sample.number)).toBeDefined();
        PatentSchema.parse(record);
        const titles = [record?.title?.text, record?.title?.translations?.zh];
        expect(titles, cell(sample.number)).toContain(cell(sample.title));
        expect(record?.applicants?.[0]?.name).toBe(cell(sample.applicant).split(sample.split)[0]);
        if (sample.applicationDate) expect(record?.applicationDate).toBe(isoDate(cell(sample.applicationDate)));
        // PatSnap's 法律状态/事件 is the status, then the events: the status is the first part.
        const status = cell(sample.legalStatus).split(/\s*\|\s*/)[0] || undefined;
        expect(record?.legalStatus, cell(sample.number)).toBe(status);
      }
    },
    180_000,
  );
});

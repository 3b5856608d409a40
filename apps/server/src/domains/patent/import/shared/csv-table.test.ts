import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { xlsxBomb } from '../../../../../test/zip.js';
import { detectDelimiter, readCsvRows, readXlsxHead, readXlsxRows, type TableRow } from './csv-table.js';

async function rows(content: string, delimiter?: string): Promise<TableRow[]> {
  const file = join(mkdtempSync(join(tmpdir(), 'csv-table-')), 'rows.csv');
  writeFileSync(file, content);
  const out: TableRow[] = [];
  for await (const row of readCsvRows(file, { delimiter })) out.push(row);
  return out;
}

describe('readCsvRows', () => {
  it('gives each row the line it starts on, across blank lines and multi-line quoted fields', async () => {
    const crlf = await rows('\uFEFFa,b\r\n1,"x\r\ny\r\nz"\r\n\r\n2,w\r\n3,"q"\r\n');
    const lf = await rows('a,b\n1,"x\ny\nz"\n\n2,w\n3,"q"');
    expect(lf.map((r) => r.line)).toEqual(crlf.map((r) => r.line));
    const result = crlf;
    expect(result.filter((r) => r.cells.some(Boolean)).map((r) => [r.line, r.cells[0]])).toEqual([
      [1, 'a'],
      [2, '1'],
      [6, '2'],
      [7, '3'],
    ]);
  });

  it('reads tab-separated rows', async () => {
    expect((await rows('公开号\t标题\nCN1A\t名称\n', '\t')).map((r) => r.cells)).toEqual([
      ['公开号', '标题'],
      ['CN1A', '名称'],
    ]);
  });
});

describe('detectDelimiter', () => {
  it('picks the separator used most in the header', () => {
    expect(detectDelimiter('公开号\t标题\t申请人')).toBe('\t');
    expect(detectDelimiter('publicationNumber;title')).toBe(';');
    expect(detectDelimiter('publicationNumber,title')).toBe(',');
  });
});

describe('readXlsxRows', () => {
  it('refuses a zip bomb by its packing ratio before streaming it, with the reason in zh and en', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'csv-table-')), 'bomb.xlsx');
    writeFileSync(file, await xlsxBomb(20));
    const read = async () => {
      for await (const row of readXlsxRows(file)) void row;
    };
    await expect(read()).rejects.toThrow(
      '文件的压缩比异常（超过 250:1），疑似压缩炸弹，已拒绝 (the file is packed abnormally tightly (over 250:1), like a zip bomb, and was refused)',
    );
    expect(await readXlsxHead(file)).toBeUndefined();
  });
});

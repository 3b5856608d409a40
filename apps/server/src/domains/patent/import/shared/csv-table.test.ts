import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { detectDelimiter, readCsvRows, type TableRow } from './csv-table.js';

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

import { describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { columnName, crc32, xlsxBytes } from './xlsx';

describe('xlsx writer', () => {
  it('computes the ZIP CRC-32 and column letters', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect([0, 25, 26, 27, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'AB', 'ZZ', 'AAA']);
  });

  it('writes a workbook a ZIP reader opens, with strings escaped and numbers as numbers', async () => {
    const bytes = xlsxBytes('申请人排名: top', [
      ['申请人', '专利数量'],
      ['A & B <Corp>', 12],
      ['宁德时代', 3],
    ]);
    const zip = await JSZip.loadAsync(bytes);
    expect(Object.keys(zip.files).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    const sheet = await zip.file('xl/worksheets/sheet1.xml')?.async('string');
    expect(sheet).toContain('<c r="A2" t="inlineStr"><is><t xml:space="preserve">A &amp; B &lt;Corp&gt;</t></is></c>');
    expect(sheet).toContain('<c r="B2"><v>12</v></c>');
    expect(sheet).toContain('宁德时代');
    const workbook = await zip.file('xl/workbook.xml')?.async('string');
    // Excel forbids ':' in sheet names.
    expect(workbook).toContain('name="申请人排名  top"');
  });
});

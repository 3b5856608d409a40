import { fileURLToPath } from 'node:url';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { ImportItem, PatentFormat } from '../format.js';
import { FORMATS } from '../registry.js';

const demoDir = fileURLToPath(new URL('../../../../../../../data/demo/', import.meta.url));
const formatOf = (id: string) => FORMATS.find((f) => f.id === id) as PatentFormat;

function text(value: ExcelJS.CellValue | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object' && 'richText' in value) return value.richText.map((part) => part.text).join('');
  return String(value);
}

/**
 * Issue 43 item 10: the English title and abstract a shipped incoPat export gives a Chinese record
 * (标题 (英文), 摘要 (英文)) are kept as the record's English translations, which the index
 * searches with the Chinese text (search-english-fields.routes.test.ts).
 */
describe('English fields of the shipped Chinese exports', () => {
  it('keeps every CN row’s English title and abstract of incoPat 72.xlsx', async () => {
    const file = `${demoDir}cn-patentics-incopat/72.xlsx`;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(file);
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as ExcelJS.CellValue[]).map((v) => text(v).trim());
    const column = (name: string) => header.indexOf(name);
    const expected = new Map<string, { title: string; abstract: string }>();
    sheet.eachRow((row, n) => {
      const values = row.values as ExcelJS.CellValue[];
      const number = text(values[column('公开（公告）号')]).trim();
      if (n === 1 || !number.startsWith('CN')) return;
      expected.set(number, {
        title: text(values[column('标题 (英文)')]).trim(),
        abstract: text(values[column('摘要 (英文)')]).trim(),
      });
    });
    expect(expected.size).toBeGreaterThan(50);
    const seen = new Map<string, { title?: string; abstract?: string }>();
    for await (const item of formatOf('incopat-xlsx').read(file) as AsyncIterable<ImportItem>) {
      if (!item.ok || item.record.country !== 'CN') continue;
      seen.set(item.record.publicationNumber, {
        ...(item.record.title?.translations?.en ? { title: item.record.title.translations.en } : {}),
        ...(item.record.abstract?.translations?.en ? { abstract: item.record.abstract.translations.en } : {}),
      });
    }
    expect(seen.size).toBe(expected.size);
    for (const [number, english] of expected) {
      const record = [...seen.entries()].find(([pn]) => number.startsWith(pn) || pn.startsWith(number))?.[1];
      expect(record?.title?.replace(/\s+/g, ' '), number).toBe(english.title.replace(/\s+/g, ' '));
      expect(record?.abstract?.replace(/\s+/g, ' '), number).toBe(english.abstract.replace(/\s+/g, ' '));
    }
  });
});

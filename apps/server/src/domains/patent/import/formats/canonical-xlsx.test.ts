import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ImportItem } from '../format.js';
import { canonicalXlsxFormat } from './canonical-xlsx.js';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../../../../test/fixtures/import/canonical/${name}`, import.meta.url));

async function collect(items: AsyncIterable<ImportItem>): Promise<ImportItem[]> {
  const out: ImportItem[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('canonical-xlsx format', () => {
  it('reads English headers, a real Excel date cell, and reports a row without a number by row number', async () => {
    const items = await collect(canonicalXlsxFormat.read(fixture('patents-en.xlsx')));
    expect(items.map((i) => [i.ok, i.line])).toEqual([
      [true, 2],
      [false, 3],
      [true, 4],
    ]);
    const first = items[0];
    expect(first?.ok && first.record).toMatchObject({
      publicationNumber: 'CN108859303A',
      patentType: 'invention_application',
      applicants: [{ name: '四川大阳实业发展有限公司', type: 'company', province: '四川' }],
      applicationDate: '2018-07-20',
      publicationDate: '2018-11-23',
      legalStatus: 'pending',
    });
    const last = items[2];
    expect(last?.ok && last.record).toMatchObject({
      inventors: [
        { name: '马振' },
        { name: '庄明辉' },
        { name: '牟立婷' },
        { name: '李洪波' },
        { name: '湛兰' },
        { name: '李慕勤' },
      ],
      applicants: [{ name: '佳木斯大学', type: 'university', province: '黑龙江', city: '佳木斯' }],
      publicationDate: '2018-11-16',
    });
  });

  it('finds a Chinese header below a title row and keeps sheet row numbers', async () => {
    const items = await collect(canonicalXlsxFormat.read(fixture('patents-zh.xlsx')));
    expect(items.map((i) => i.line)).toEqual([4, 5]);
    const grant = items[1];
    expect(grant?.ok && grant.record).toMatchObject({
      publicationNumber: 'CN105885823B',
      patentType: 'invention_grant',
      title: { text: '一种改善发光材料化学稳定性的方法' },
      applicationDate: '2016-04-21',
      publicationDate: '2018-07-31',
    });
  });

  it('reports a file that is not a workbook', async () => {
    const items = await collect(canonicalXlsxFormat.read(fixture('incopat-zh.csv')));
    expect(items).toHaveLength(1);
    expect(items[0]?.ok).toBe(false);
  });
});

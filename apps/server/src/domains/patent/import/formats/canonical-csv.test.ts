import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ImportItem } from '../format.js';
import { canonicalCsvFormat } from './canonical-csv.js';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../../../../test/fixtures/import/canonical/${name}`, import.meta.url));

async function collect(items: AsyncIterable<ImportItem>): Promise<ImportItem[]> {
  const out: ImportItem[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('canonical-csv format', () => {
  it('reads Chinese export headers (full-width brackets) and every date layout', async () => {
    const items = await collect(canonicalCsvFormat.read(fixture('incopat-zh.csv')));
    const first = items[0];
    expect(first?.ok && first.line).toBe(2);
    expect(first?.ok && first.record).toMatchObject({
      publicationNumber: 'CN108982325A',
      country: 'CN',
      kind: 'A',
      patentType: 'invention_application',
      title: { lang: 'zh', text: '地下防污屏障材料化学相容性测试装置及方法' },
      applicants: [
        {
          name: '浙江大学',
          type: 'university',
          address: '浙江省杭州市西湖区余杭塘路866号',
          province: '浙江',
          city: '杭州',
        },
      ],
      inventors: [{ name: '李育超' }, { name: '于泽溪' }, { name: '魏璐璐' }, { name: '黄根清' }],
      applicationDate: '2018-07-30',
      publicationDate: '2018-12-11',
      classifications: { ipc: ['G01N15/08', 'G01N33/24'] },
      legalStatus: '审中',
    });
    const utility = items.find((i) => i.ok && i.record.publicationNumber === 'CN208104517U');
    expect(utility?.ok && utility.record).toMatchObject({
      patentType: 'utility_model',
      applicationDate: '2018-04-17',
      applicants: [{ name: '重庆电子工程职业学院', province: '重庆', city: '重庆' }],
    });
    expect(utility?.ok && utility.record.abstract?.text).toContain('\n');
    // "发明" with kind A from the number: the kind decides the stage.
    const invention = items.find((i) => i.ok && i.record.publicationNumber === 'CN107738040A');
    expect(invention?.ok && invention.record.patentType).toBe('invention_application');
  });

  it('reports a row without a number and a bad date with their lines, after a multi-line field', async () => {
    const items = await collect(canonicalCsvFormat.read(fixture('incopat-zh.csv')));
    const bad = items.flatMap((i) => (i.ok ? [] : [i]));
    expect(bad.map((b) => [b.line, b.error])).toEqual([
      [3, 'no publication number'],
      [6, 'publicationDate "2018-13-06" is not a date (YYYY-MM-DD, YYYY.MM.DD, YYYYMMDD or YYYY/MM/DD)'],
    ]);
    expect(items.filter((i) => i.ok).map((i) => i.line)).toEqual([2, 4, 7]);
  });

  it('reads the defence-declassified flag, date and number, and refuses values it cannot read', async () => {
    const items = await collect(canonicalCsvFormat.read(fixture('declassified-zh.csv')));
    const records = new Map(items.flatMap((i) => (i.ok ? [[i.record.publicationNumber, i.record] as const] : [])));
    expect(records.get('CN1001234A')?.declassified).toEqual({ date: '2020-06-30', decisionNumber: 'JM2020-001' });
    expect(records.get('CN1001235A')?.declassified).toEqual({});
    expect(records.get('CN1001236A')?.declassified).toBeUndefined();
    // A declassification date alone says the record is declassified.
    expect(records.get('CN1001237A')?.declassified).toEqual({ date: '2021-07-15' });
    expect(items.flatMap((i) => (i.ok ? [] : [[i.line, i.error]]))).toEqual([
      [6, 'declassified "maybe" is not yes or no (1/0, Y/N, true/false, 是/否)'],
      [7, 'declassifiedDate "2021-13-01" is not a date (YYYY-MM-DD, YYYYMMDD…)'],
    ]);
  });

  it('detects CSVs whose header names a publication number column', () => {
    expect(canonicalCsvFormat.detect('export.csv', '\uFEFF公开（公告）号,标题\r\n')).toBe(true);
    expect(canonicalCsvFormat.detect('export.tsv.gz', 'publicationNumber\ttitle\n')).toBe(true);
    expect(canonicalCsvFormat.detect('export.csv', 'foo,bar\n1,2\n')).toBe(false);
  });
});

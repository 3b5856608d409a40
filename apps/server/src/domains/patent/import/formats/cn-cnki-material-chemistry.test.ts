import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { ImportItem } from '../format.js';
import { cnCnkiMaterialChemistryFormat, numberFromCnkiHref } from './cn-cnki-material-chemistry.js';

const fixture = (name: string) =>
  fileURLToPath(new URL(`../../../../../test/fixtures/import/cn/${name}`, import.meta.url));

async function collect(items: AsyncIterable<ImportItem>): Promise<ImportItem[]> {
  const out: ImportItem[] = [];
  for await (const item of items) out.push(item);
  return out;
}

describe('cn-cnki-material-chemistry format', () => {
  it('reads all 33 rows with the row number as line', async () => {
    const items = await collect(cnCnkiMaterialChemistryFormat.read(fixture('cnki-material-chemistry-sample.xlsx')));
    expect(items).toHaveLength(33);
    expect(items.every((i) => i.ok)).toBe(true);
    expect(items.map((i) => i.line)).toEqual(Array.from({ length: 33 }, (_, i) => i + 2));
  });

  it('maps inventors, applicant, dates, abstract, first claim and the number from the link', async () => {
    const items = await collect(cnCnkiMaterialChemistryFormat.read(fixture('cnki-material-chemistry-sample.xlsx')));
    const first = items[0];
    expect(first?.ok).toBe(true);
    if (!first?.ok) return;
    expect(first.record).toMatchObject({
      publicationNumber: 'CN108982325A',
      country: 'CN',
      kind: 'A',
      patentType: 'invention_application',
      title: { lang: 'zh', text: '地下防污屏障材料化学相容性测试装置及方法' },
      applicants: [{ name: '浙江大学', type: 'university', province: '浙江' }],
      inventors: [
        { name: '李育超', type: 'person' },
        { name: '于泽溪', type: 'person' },
        { name: '魏璐璐', type: 'person' },
        { name: '黄根清', type: 'person' },
      ],
      applicationDate: '2018-07-30',
      publicationDate: '2018-12-11',
    });
    expect(first.record.abstract?.text).toMatch(/^本发明公开了一种地下防污屏障材料化学相容性测试装置及方法/);
    expect(first.record.claims?.text).toMatch(/^1\.一种地下防污屏障材料化学相容性测试装置/);
    const utility = items.find((i) => i.ok && i.record.publicationNumber === 'CN208104517U');
    expect(utility?.ok && utility.record).toMatchObject({
      patentType: 'utility_model',
      applicants: [{ name: '重庆电子工程职业学院', type: 'university', province: '重庆', city: '重庆' }],
      applicationDate: '2018-04-17',
      publicationDate: '2018-11-16',
    });
    const person = items.find((i) => i.ok && i.record.publicationNumber === 'CN107760895A');
    expect(person?.ok && person.record.applicants).toEqual([{ name: '王茂庭', type: 'person' }]);
  });

  it('takes the number from the filename parameter of a CNKI link', () => {
    expect(
      numberFromCnkiHref(
        'https://kns.cnki.net/kcms/detail/detail.aspx?dbcode=SCPD&dbname=SCPD2018&filename=CN208104517U',
      ),
    ).toBe('CN208104517U');
    expect(numberFromCnkiHref('https://kns.cnki.net/kcms/detail/detail.aspx?dbcode=SCPD')).toBeUndefined();
  });
});

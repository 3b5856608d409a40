import { normaliseLegalStatus } from '@patlas/contracts';
import { describe, expect, it } from 'vitest';
import { detectFormat } from '../registry.js';
import { byNumber, readAll, vendorFixture } from '../shared/vendor-test-helpers.js';
import { incopatCsvFormat, incopatXlsxFormat } from './incopat.js';

describe('incopat-xlsx format', () => {
  it('is detected from the sheet 下载的著录项1 and its header', async () => {
    expect((await detectFormat(vendorFixture('incopat.xlsx')))?.id).toBe('incopat-xlsx');
  });

  it('reads titles and abstracts in both languages, Excel date cells, IPC, CPC, both statuses', async () => {
    const { records } = await readAll(incopatXlsxFormat, vendorFixture('incopat.xlsx'));
    const record = byNumber(records, 'CN111856303B');
    expect(record).toMatchObject({
      applicationNumber: 'CN202010302257.8',
      kind: 'B',
      patentType: 'invention_grant',
      country: 'CN',
      title: { lang: 'zh', text: '电池电阻测量装置', translations: { en: 'Battery resistance measuring device' } },
      applicants: [{ name: '丰田自动车株式会社', type: 'company', standardName: '[丰田公司-C]' }],
      applicationDate: '2020-04-16',
      publicationDate: '2023-03-17',
      classifications: { ipc: ['G01R31/389', 'G01R31/392', 'G01R31/3842'], ipcMain: 'G01R31/389' },
      legalStatus: '授权',
      extras: { 专利有效性: '有效', 新兴产业分类: '6.5 (智能电网产业)' },
    });
    expect(record.abstract?.text).toMatch(/^本发明提供一种电池电阻测量装置/);
    expect(record.abstract?.translations?.en).toMatch(/^The invention provides a battery resistance measuring device/);
    expect(record.extras?.['国民经济分类']).toBe('C4012; C4320; C4028; C4390; C4360; C4350; C4090');
    expect(normaliseLegalStatus(record.legalStatus)).toEqual({ class: 'valid', detail: 'granted' });
    const pending = byNumber(records, 'CN115805936A');
    expect(pending.legalStatus).toBe('公开');
    expect(pending.extras?.['专利有效性']).toBe('审中');
    expect(pending.classifications?.cpc).toBeUndefined();
  });

  it('imports the foreign rows of a global result set with their office', async () => {
    const { records } = await readAll(incopatXlsxFormat, vendorFixture('incopat.xlsx'));
    const foreign = records.filter((r) => r.country !== 'CN');
    expect(foreign.length).toBeGreaterThan(0);
    const taiwan = byNumber(records, 'TW202246099A');
    expect(taiwan).toMatchObject({ country: 'TW', kind: 'A', applicationNumber: 'TW111110290' });
    expect(taiwan.title?.translations?.en).toBe('Steering device of industrial vehicle');
  });

  it('reports a row without a number and an impossible date by row, and imports the rest', async () => {
    const { records, bad } = await readAll(incopatXlsxFormat, vendorFixture('incopat.xlsx'));
    expect(records).toHaveLength(15);
    expect(bad).toEqual([
      { line: 17, error: 'no publication number' },
      { line: 18, error: '申请日 "2022-02-30" is not a date' },
    ]);
  });
});

describe('incopat-csv format', () => {
  it('is detected from its header, reads `YYYY-MM-DD 00:00:00` dates, the simple family and `;` lists', async () => {
    expect((await detectFormat(vendorFixture('incopat.csv')))?.id).toBe('incopat-csv');
    const { records, bad } = await readAll(incopatCsvFormat, vendorFixture('incopat.csv'));
    expect(byNumber(records, 'CN110298449A')).toMatchObject({
      applicationNumber: 'CN201910593937.7',
      applicationDate: '2019-07-03',
      publicationDate: '2019-10-01',
      applicants: [
        { name: '成都天钥科技有限公司', province: '四川', city: '成都', standardName: '[成都天钥科技有限公司]' },
      ],
      family: { simple: ['CN110298449B', 'US20220404779A1', 'CN110298449A', 'WO2021000716A1'] },
      legalStatus: '授权',
      extras: { 专利有效性: '有效', 新兴产业分类: '1.4 (互联网与云计算、大数据服务)' },
    });
    const gm = byNumber(records, 'US20190320115A1');
    expect(gm).toMatchObject({
      country: 'US',
      applicants: [{ name: 'Gm Global Technology Operations Llc', standardName: '[通用汽车-C]' }],
      title: { lang: 'zh', text: '用于车辆相机图像处理的动态批量尺寸选择' },
    });
    expect(bad).toEqual([{ line: 22, error: '公开（公告）日 "2019-13-01 00:00:00" is not a date' }]);
    expect(records).toHaveLength(10);
  });
});

import { describe, expect, it } from 'vitest';
import { detectFormat } from '../registry.js';
import { readAll, vendorFixture } from '../shared/vendor-test-helpers.js';
import { cnipaXlsxFormat } from './cnipa.js';

describe('cnipa-xlsx format', () => {
  it('is detected by its header set (申请人邮编) and reads every mapped column', async () => {
    expect((await detectFormat(vendorFixture('cnipa.xlsx')))?.id).toBe('cnipa-xlsx');
    const { records } = await readAll(cnipaXlsxFormat, vendorFixture('cnipa.xlsx'));
    expect(records[0]).toMatchObject({
      publicationNumber: 'CN115438209A',
      applicationNumber: 'CN202210836006.7',
      patentType: 'invention_application',
      title: { lang: 'zh', text: '一种主题推荐方法、装置、设备和系统' },
      applicants: [
        {
          name: '西安中科创达软件有限公司',
          address: '陕西省西安市高新区软件新城天谷八路156号云汇谷C1楼701室',
          province: '陕西',
          city: '西安',
        },
      ],
      inventors: [{ name: '王子健', type: 'person' }],
      applicationDate: '2022-07-15',
      publicationDate: '2022-12-06',
      classifications: { ipc: ['G06F16/583', 'G06F16/535', 'G06F9/451'], ipcMain: 'G06F16/583' },
      agency: '北京思格颂知识产权代理有限公司',
      agents: ['李中永'],
      legalStatus: '公开',
      extras: { 申请人邮编: '710000' },
    });
    expect(records[0]?.claims?.text).toMatch(/^一种主题推荐方法/);
    expect(records[0]?.abstract?.text).toMatch(/^本发明公开了一种主题推荐方法/);
  });

  it('reports an impossible date with its row and imports the rest', async () => {
    const { records, bad } = await readAll(cnipaXlsxFormat, vendorFixture('cnipa.xlsx'));
    expect(records).toHaveLength(8);
    expect(bad).toEqual([{ line: 10, error: '申请日 "2022.02.30" is not a date' }]);
  });
});

import { normaliseLegalStatus } from '@patlas/contracts';
import { describe, expect, it } from 'vitest';
import { detectFormat } from '../registry.js';
import { byNumber, readAll, vendorFixture } from '../shared/vendor-test-helpers.js';
import { patenticsCsvFormat, patenticsXlsxFormat } from './patentics.js';

describe('patentics-csv format', () => {
  it('is detected from its header row, whatever the file is called', async () => {
    expect((await detectFormat(vendorFixture('patentics.csv')))?.id).toBe('patentics-csv');
  });

  it('reads every mapped column of a row that ends in a comma', async () => {
    const { records } = await readAll(patenticsCsvFormat, vendorFixture('patentics.csv'));
    expect(byNumber(records, 'CN114399933A')).toEqual({
      publicationNumber: 'CN114399933A',
      applicationNumber: 'CN202210016632.1',
      kind: 'A',
      patentType: 'invention_application',
      country: 'CN',
      title: { lang: 'zh', text: '一种基于虚拟现实的重睑成形手术训练系统、方法及存储介质' },
      applicants: [
        { name: '广州雅妍时光医疗美容门诊部有限公司', type: 'company', country: 'CN', province: '广东', city: '广州' },
      ],
      inventors: [
        { name: '孙恺', type: 'person' },
        { name: '张福生', type: 'person' },
      ],
      applicationDate: '2022-01-07',
      publicationDate: '2022-04-26',
      // 国际主分类 names the subclass only (G09B): the first G09B symbol is the main class.
      classifications: { ipc: ['G09B9/00', 'G06T19/00'], ipcMain: 'G09B9/00' },
      legalStatus: '公开',
      claimCount: 10,
      citationCount: 0,
      citedByCount: 0,
      familyCount: 0,
      extras: {
        本文自引用专利数: '0',
        本文非自引用专利数: '0',
        自引用本文专利数: '0',
        非自引用本文专利数: '0',
        技术特征: '37',
      },
    });
    const grant = byNumber(records, 'CN216391212U');
    expect(grant.grantDate).toBe('2022-04-26');
    expect(grant.patentType).toBe('utility_model');
    expect(normaliseLegalStatus(grant.legalStatus)?.class).toBe('valid');
  });

  it("keeps a US inventor's `Last; First` whole, pairs standardised names, reads 美国分类 as CPC", async () => {
    const { records } = await readAll(patenticsCsvFormat, vendorFixture('patentics.csv'));
    const us = byNumber(records, 'US11551236B2');
    expect(us.inventors).toEqual([{ name: 'Zhai; Jinjian', type: 'person' }]);
    expect(us.title).toEqual({
      lang: 'en',
      text: 'Method and system for user protection in ride-hailing platforms based on semi-supervised learning',
    });
    expect(us.applicants?.[0]).toMatchObject({
      name: 'Beijing DiDi Infinity Technology and Development Co., Ltd.',
      standardName: 'beijing didi infinity technology and development',
    });
    expect(us.classifications?.cpc).toEqual(['G06Q30/0185', 'G06F21/44', 'G06N20/00', 'G06Q50/30']);
    expect(us.patentType).toBe('invention_grant');
  });

  it('keeps the `1` Patentics writes for an undated old US grant in extras instead of refusing the row', async () => {
    const { records } = await readAll(patenticsCsvFormat, vendorFixture('patentics.csv'));
    const old = byNumber(records, 'US6283849');
    expect(old.grantDate).toBeUndefined();
    expect(old.extras?.['授权公告日']).toBe('1');
    expect(old.citationCount).toBe(13);
    expect(old.citedByCount).toBe(14);
  });

  it('reports a row without a number and a row with an impossible date by line, and imports the rest', async () => {
    const { records, bad } = await readAll(patenticsCsvFormat, vendorFixture('patentics.csv'));
    expect(records).toHaveLength(13);
    expect(bad).toEqual([
      { line: 15, error: 'no publication number' },
      { line: 16, error: '申请日 "20221306" is not a date' },
    ]);
  });
});

describe('patentics-xlsx format', () => {
  it('skips the title row of links above the header and reads sheet row numbers', async () => {
    expect((await detectFormat(vendorFixture('patentics-title-row.xlsx')))?.id).toBe('patentics-xlsx');
    const { records, bad, lines } = await readAll(patenticsXlsxFormat, vendorFixture('patentics-title-row.xlsx'));
    expect(lines[0]).toBe(3);
    expect(records[0]).toMatchObject({
      publicationNumber: 'CN112597341A',
      applicationNumber: 'CN202011567126.9',
      title: { lang: 'zh', text: '视频检索方法及视频检索映射关系生成方法、装置' },
      applicants: [{ name: '中科寒武纪科技股份有限公司', type: 'company' }],
      applicationDate: '2018-05-25',
      publicationDate: '2021-04-02',
      classifications: { ipc: ['G06F16/783'], ipcMain: 'G06F16/783' },
      legalStatus: '公开',
    });
    // 不公告发明人: the inventor was withheld, not named so.
    expect(records[0]?.inventors).toBeUndefined();
    expect(records[0]?.abstract?.text).toMatch(/^本申请涉及一种视频检索方法/);
    expect(bad).toEqual([{ line: 12, error: '申请日 "2019/02/29" is not a date' }]);
  });

  it('reads the 75-column export: claims, description parts, address, agency and agent, events, keywords', async () => {
    expect((await detectFormat(vendorFixture('patentics-75.xlsx')))?.id).toBe('patentics-xlsx');
    const { records } = await readAll(patenticsXlsxFormat, vendorFixture('patentics-75.xlsx'));
    const record = byNumber(records, 'CN115438209A');
    expect(record.applicants).toEqual([
      {
        name: '西安中科创达软件有限公司',
        type: 'company',
        address: '陕西省西安市高新区软件新城天谷八路156号云汇谷C1楼701室',
        country: 'CN',
        province: '陕西',
        city: '西安',
        standardName: '中科创达软件股份有限公司',
      },
    ]);
    expect(record.agency).toBe('北京思格颂知识产权代理有限公司');
    expect(record.agents).toEqual(['李中永']);
    expect(record.claims?.text).toMatch(/^一种主题推荐方法，应用于服务器端/);
    expect(record.description?.text).toMatch(/^背景技术\n目前，在大多数具备显示功能的电子设备上/);
    expect(record.description?.text).toContain('\n\n实施例\n[0053]');
    expect(record.legalEvents).toEqual([{ date: '2022-12-06', code: '公开', description: '公开' }]);
    expect(record.keywords?.slice(0, 3)).toEqual(['差异指标', 'alpha通道', '压缩图像']);
    expect(record.extras).toMatchObject({
      专利度: '15',
      独权度: '8',
      质量: '1.05',
      标准专利权人: '中科创达软件股份有限公司',
    });
    // A 律师、代理 cell with the agency's CNIPA code: the code is not part of the name.
    expect(records.map((r) => r.agency)).toContain('北京集佳知识产权代理有限公司');
    expect(records.map((r) => r.agency)).not.toContain('北京集佳知识产权代理有限公司11227');
    // Citing and cited numbers where Patentics lists them.
    expect(records.flatMap((r) => r.citations ?? []).map((c) => c.number)).toContain('EP1099997A1');
  });

  it('reads the download export whose number column is headed Patentics, with its `0--` dates', async () => {
    expect((await detectFormat(vendorFixture('patentics-download.xlsx')))?.id).toBe('patentics-xlsx');
    const { records, bad } = await readAll(patenticsXlsxFormat, vendorFixture('patentics-download.xlsx'));
    expect(bad).toEqual([]);
    expect(records).toHaveLength(6);
    expect(byNumber(records, 'US11412475B2')).toMatchObject({
      applicationNumber: 'US16/634,906',
      title: { lang: 'zh', text: '验证无人机地理位置的技术' },
      applicants: [{ name: 'TELEFONAKTIEBOLAGET LM ERICSSON (PUBL)', standardName: '爱立信公司' }],
      inventors: [
        { name: 'Poscher; Jens' },
        { name: 'Detke; Ralph' },
        { name: 'Eichinger; Stefan' },
        { name: 'Tercero; Pedro' },
      ],
      applicationDate: '2017-09-14',
      publicationDate: '2022-08-09',
      // 国际主分类 with its title: `H04W 64/00 为了网络管理的目的…`.
      classifications: {
        ipcMain: 'H04W64/00',
        cpc: ['H04W64/006', 'B64C39/024', 'G01S5/02521', 'G01S19/396', 'H04W8/08'],
      },
    });
    const undated = records.find((r) => r.extras?.['申请日'] === '0--' || r.extras?.['优先权日'] === '0--');
    expect(undated).toBeDefined();
  });
});

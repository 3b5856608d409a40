import { normaliseLegalStatus } from '@patlas/contracts';
import { describe, expect, it } from 'vitest';
import { detectFormat } from '../registry.js';
import { byNumber, readAll, vendorFixture } from '../shared/vendor-test-helpers.js';
import { patsnapCsvFormat, patsnapXlsxFormat } from './patsnap.js';

describe('patsnap-xlsx format', () => {
  it('reads the agency export: `-` as empty, province/city/district, agency, agent, status and events', async () => {
    expect((await detectFormat(vendorFixture('patsnap-agency.xlsx')))?.id).toBe('patsnap-xlsx');
    const { records } = await readAll(patsnapXlsxFormat, vendorFixture('patsnap-agency.xlsx'));
    expect(byNumber(records, 'CN305624945S')).toEqual({
      publicationNumber: 'CN305624945S',
      kind: 'S',
      patentType: 'design',
      country: 'CN',
      title: { lang: 'zh', text: '摩托车油箱（复古）' },
      // Only the current applicant is exported: it is the applicant too.
      applicants: [
        {
          name: '重庆颢晨机械有限公司',
          type: 'company',
          country: 'CN',
          province: '重庆',
          city: '重庆',
          district: '铜梁区',
        },
      ],
      currentAssignees: [
        { name: '重庆颢晨机械有限公司', type: 'company', country: 'CN', province: '重庆', city: '重庆' },
      ],
      inventors: [{ name: '尹蔚杰', type: 'person' }],
      agents: ['廖天云'],
      agency: '重庆中之信知识产权代理事务所(普通合伙)',
      legalStatus: '授权',
      pageCount: 3,
      citationCount: 0,
      citedByCount: 0,
      familyCount: 1,
      extras: { 当前申请专利权人数量: '1', 发明人数量: '1', 申请年: '2020', 简单法律状态: '有效' },
    });
    const withEvents = records.find((r) => (r.legalEvents?.length ?? 0) > 0);
    expect(withEvents?.legalStatus).toBeDefined();
    expect(normaliseLegalStatus(withEvents?.legalStatus)?.class).toBeDefined();
    // 专利价值 and 战略新兴产业分类 are PatSnap's own: kept as written.
    expect(records.some((r) => r.extras?.['专利价值']?.startsWith('$'))).toBe(true);
  });

  it('reports a row whose number is `-` and a count that is not a number, and imports the rest', async () => {
    const { records, bad } = await readAll(patsnapXlsxFormat, vendorFixture('patsnap-agency.xlsx'));
    expect(bad).toEqual([
      { line: 11, error: '权利要求数量 "七" is not a whole number' },
      { line: 12, error: 'no publication number' },
    ]);
    expect(records).toHaveLength(9);
  });

  it('reads translated titles and abstracts, original and current applicants, dates, INPADOC events', async () => {
    expect((await detectFormat(vendorFixture('patsnap-translated.xlsx')))?.id).toBe('patsnap-xlsx');
    const { records, bad } = await readAll(patsnapXlsxFormat, vendorFixture('patsnap-translated.xlsx'));
    expect(bad).toEqual([]);
    const cn = byNumber(records, 'CN103104575A');
    expect(cn).toMatchObject({
      title: {
        lang: 'zh',
        text: '电弧式放电等离子体涡流发生器',
        translations: { en: 'Electric arc type discharging plasma vortex generator' },
      },
      applicants: [{ name: '南京航空航天大学', type: 'university', province: '江苏', city: '南京' }],
      currentAssignees: [{ name: '南京航空航天大学' }],
      applicationDate: '2013-01-21',
      publicationDate: '2013-05-15',
      classifications: { ipc: ['F15D1/00', 'B64C23/06'], ipcMain: 'F15D1/00' },
      legalStatus: '撤回-视为撤回',
      citationCount: 7,
      citedByCount: 7,
      familyCount: 1,
    });
    expect(cn.legalEvents?.[0]).toEqual({
      date: '2015-04-01',
      description: '-DEEMED WITHDRAWAL OF PATENT APPLICATION AFTER PUBLICATION (PATENT LAW 2001)',
      country: 'CN',
    });
    expect(normaliseLegalStatus(cn.legalStatus)?.class).toBe('withdrawn');
    // A Polish grant: the English text leads, the Chinese machine translation follows; status `-` is none.
    const pl = byNumber(records, 'PL2631174T3');
    expect(pl.title).toEqual({
      lang: 'en',
      text: 'Rotary wing aircraft provided with a rear rotor, and method for optimising the operation of a rear rotor',
      translations: { zh: '具有后旋翼的旋翼飞机,以及用于优化后旋翼操作的方法' },
    });
    expect(pl.legalStatus).toBeUndefined();
    expect(pl.patentType).toBe('invention_grant');
  });
});

describe('patsnap-csv format', () => {
  it('keeps `LAST, FIRST` inventors whole and a foreign state in extras, not as a province', async () => {
    expect((await detectFormat(vendorFixture('patsnap.csv')))?.id).toBe('patsnap-csv');
    const { records, bad } = await readAll(patsnapCsvFormat, vendorFixture('patsnap.csv'));
    const us = byNumber(records, 'US20150205126A1');
    expect(us.inventors).toEqual([{ name: 'SCHOWENGERDT, BRIAN T.', type: 'person' }]);
    expect(us.applicants?.[0]?.province).toBeUndefined();
    expect(us.extras).toMatchObject({
      '当前申请(专利权)人州/省': 'FL',
      '当前申请(专利权)人地市': 'CITY OF PLANTATION',
      战略新兴产业分类: '数字文化创意活动',
    });
    expect(us).toMatchObject({ legalStatus: '授权', legalEvents: [{ description: '质押' }], citedByCount: 1132 });
    // 该数据不支持导出 ("cannot be exported") is no claim count.
    expect(records.filter((r) => r.claimCount === undefined)).toHaveLength(1);
    expect(records.filter((r) => r.country === 'CN')).toHaveLength(6);
    // A Chinese publication of a US applicant: still no Chinese province.
    const cn = byNumber(records, 'CN105934902A');
    expect(cn.applicants).toEqual([{ name: '奇跃公司', type: 'company' }]);
    expect(cn.inventors).toEqual([{ name: 'B·朔文格特', type: 'person' }]);
    expect(cn.extras?.['当前申请(专利权)人州/省']).toBe('FL');
    expect(bad).toEqual([{ line: 12, error: 'no publication number' }]);
  });
});

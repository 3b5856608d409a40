import { EXPORT_FIELD_IDS, EXPORT_FIELDS } from '@patlas/contracts';
import { describe, expect, it } from 'vitest';
import { buildCnPatent } from '../../../test/factories.js';
import { exportFieldGroups, EXPORT_FIELD_LABELS, valueOf } from './export-fields.js';

const TODAY = '2026-06-01';

const record = buildCnPatent({
  publicationNumber: 'CN110000001A',
  applicants: [
    { name: '宁德时代新能源科技股份有限公司', address: '福建省宁德市蕉城区', province: '福建省', city: '宁德市' },
    { name: '清华大学', province: '北京市', city: '北京市' },
  ],
  inventors: [{ name: '张三' }, { name: '李四' }, { name: '张三' }],
  applicationDate: '2018-03-02',
  publicationDate: '2018-09-10T00:00:00Z',
  classifications: { ipc: ['H01M4/525', 'H01M10/0525'], ipcMain: 'H01M4/525', cpc: ['Y02E60/10'] },
  claims: { lang: 'zh', text: '1. 一种正极材料，其特征在于，包括A。\n2. 根据权利要求1所述的正极材料，还包括B。' },
  legalEvents: [{ date: '2019-01-01', code: 'SE01', description: '实质审查的生效' }],
  family: { simpleFamilyId: '55555', simple: ['CN110000001A', 'WO2019000001A1'] },
  citations: [{ number: 'CN1000000A' }, { number: 'US5000000A' }],
  claimCount: 2,
});

describe('export fields', () => {
  it('labels every field of the catalogue in zh and en', () => {
    for (const id of EXPORT_FIELD_IDS) {
      expect(EXPORT_FIELD_LABELS[id].zh).not.toBe('');
      expect(EXPORT_FIELD_LABELS[id].en).not.toBe('');
    }
    const groups = exportFieldGroups('en');
    expect(groups.flatMap((g) => g.fields.map((f) => f.id))).toEqual(EXPORT_FIELDS.map((f) => f.id));
    expect(groups.find((g) => g.id === 'text')!.fields.find((f) => f.id === 'claims')).toEqual({
      id: 'claims',
      label: 'Claims',
      large: true,
    });
  });

  it("orders each group's fields by the user's order", () => {
    const groups = exportFieldGroups('zh', ['title', 'publicationNumber']);
    expect(groups[0]!.fields.slice(0, 3).map((f) => f.id)).toEqual(['title', 'publicationNumber', 'applicationNumber']);
    expect(groups[0]!.label).toBe('基本信息');
  });

  it('writes lists joined with "; ", parties by name once each, dates as YYYY-MM-DD', () => {
    expect(valueOf(record, 'applicants', 'zh', TODAY)).toBe('宁德时代新能源科技股份有限公司; 清华大学');
    expect(valueOf(record, 'inventors', 'zh', TODAY)).toBe('张三; 李四');
    expect(valueOf(record, 'province', 'zh', TODAY)).toBe('福建省; 北京市');
    expect(valueOf(record, 'applicantAddress', 'zh', TODAY)).toBe('福建省宁德市蕉城区');
    expect(valueOf(record, 'publicationDate', 'zh', TODAY)).toBe('2018-09-10');
    expect(valueOf(record, 'ipc', 'zh', TODAY)).toBe('H01M4/525; H01M10/0525');
    expect(valueOf(record, 'ipcMain', 'zh', TODAY)).toBe('H01M4/525');
    expect(valueOf(record, 'citations', 'zh', TODAY)).toBe('CN1000000A; US5000000A');
    expect(valueOf(record, 'citationCount', 'zh', TODAY)).toBe('2');
    expect(valueOf(record, 'familyMembers', 'zh', TODAY)).toBe('CN110000001A; WO2019000001A1');
    expect(valueOf(record, 'familyCount', 'zh', TODAY)).toBe('2');
    expect(valueOf(record, 'legalEvents', 'zh', TODAY)).toBe('2019-01-01 SE01 实质审查的生效');
    expect(valueOf(record, 'grantDate', 'zh', TODAY)).toBe('');
  });

  it('writes the first claim, the patent type and the legal status in the user language', () => {
    expect(valueOf(record, 'firstClaim', 'zh', TODAY)).toBe('1. 一种正极材料，其特征在于，包括A。');
    expect(valueOf(record, 'patentType', 'zh', TODAY)).toBe('发明申请');
    expect(valueOf(record, 'patentType', 'en', TODAY)).toBe('Invention application');
    // No stated status: an invention application within its term is shown as published.
    expect(valueOf(record, 'legalStatus', 'zh', TODAY)).toBe('公开');
    expect(valueOf(record, 'legalStatus', 'en', TODAY)).toBe('Published');
    // A stated status is shown as the source words it, in English in an English export (issue 43).
    expect(valueOf({ ...record, legalStatus: '有效' }, 'legalStatus', 'zh', TODAY)).toBe('有效');
    expect(valueOf({ ...record, legalStatus: '有效' }, 'legalStatus', 'en', TODAY)).toBe('Active');
    expect(valueOf({ ...record, legalStatus: 'Expired - Fee Related' }, 'legalStatus', 'en', TODAY)).toBe(
      'Expired - Fee Related',
    );
  });
});

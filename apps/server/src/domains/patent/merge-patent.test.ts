import { describe, expect, it } from 'vitest';
import { buildCnPatent } from '../../../test/factories.js';
import { mergePatent } from './merge-patent.js';

describe('mergePatent', () => {
  it("keeps an applicant's province from one export when another names the same applicant alone", () => {
    const patsnap = buildCnPatent({
      applicants: [
        { name: '嘉兴沃兹玩具有限公司', type: 'company', province: '浙江', city: '嘉兴', district: '秀洲区' },
      ],
      legalStatus: '有效',
    });
    const patentics = buildCnPatent({
      applicants: [{ name: '嘉兴沃兹玩具有限公司', type: 'company', standardName: '嘉兴沃兹玩具' }],
      legalStatus: '授权',
    });
    expect(mergePatent(patsnap, patentics)).toMatchObject({
      applicants: [
        {
          name: '嘉兴沃兹玩具有限公司',
          province: '浙江',
          city: '嘉兴',
          district: '秀洲区',
          standardName: '嘉兴沃兹玩具',
        },
      ],
      legalStatus: '授权',
    });
  });

  it('takes the new list whole when the parties differ', () => {
    const before = buildCnPatent({ applicants: [{ name: '甲公司', province: '浙江' }] });
    const after = buildCnPatent({ applicants: [{ name: '乙公司' }, { name: '甲公司' }] });
    expect(mergePatent(before, after).applicants).toEqual([{ name: '乙公司' }, { name: '甲公司' }]);
  });

  it("merges the sources' extras column by column", () => {
    const incopat = buildCnPatent({ extras: { 专利有效性: '有效', 新兴产业分类: '1.5 (人工智能)' } });
    const patentics = buildCnPatent({ extras: { 专利度: '15', 专利有效性: '失效' } });
    expect(mergePatent(incopat, patentics).extras).toEqual({
      专利有效性: '失效',
      新兴产业分类: '1.5 (人工智能)',
      专利度: '15',
    });
  });
});

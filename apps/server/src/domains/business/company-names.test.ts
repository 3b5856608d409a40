import { describe, expect, it } from 'vitest';
import { companyKey, nameContains } from './company-names.js';

describe('companyKey', () => {
  it('takes width, spacing, case, punctuation and English legal-form spellings as one company', () => {
    expect(companyKey('腾讯科技（深圳）有限公司')).toBe(companyKey('腾讯科技(深圳)有限公司'));
    expect(companyKey('华为技术 有限公司')).toBe(companyKey('华为技术有限公司'));
    expect(companyKey('Huawei Technologies Co., Ltd.')).toBe(companyKey('HUAWEI TECHNOLOGIES CO LTD'));
    expect(companyKey('Huawei Technologies Company Limited')).toBe(companyKey('Huawei Technologies Co.,Ltd'));
    expect(companyKey('ＳＯＮＹ　ＣＯＲＰ')).toBe(companyKey('Sony Corporation'));
  });

  it('keeps different legal forms and different words apart', () => {
    expect(companyKey('华为技术有限公司')).not.toBe(companyKey('华为技术股份有限公司'));
    expect(companyKey('华为技术有限公司')).not.toBe(companyKey('华为终端有限公司'));
    expect(companyKey('Waymo LLC')).not.toBe(companyKey('Waymo Inc'));
    expect(companyKey('HUAWEI TECH CO LTD')).not.toBe(companyKey('HUAWEI TECHNOLOGIES CO LTD'));
  });
});

describe('nameContains', () => {
  it('matches a typed part whatever its width, case and spacing', () => {
    expect(nameContains('HUAWEI TECHNOLOGIES CO LTD', 'huawei tech')).toBe(true);
    expect(nameContains('腾讯科技（深圳）有限公司', '科技(深圳')).toBe(true);
    expect(nameContains('清华大学', '华为')).toBe(false);
  });
});

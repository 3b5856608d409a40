import { describe, expect, it } from 'vitest';
import { firstClaimOf, firstClaimText } from './compare.js';

describe('first claim of a claims text', () => {
  it('takes the first line when the source keeps one claim per line', () => {
    expect(firstClaimText('1. 一种电池，包括正极。\n2. 根据权利要求1所述的电池，其特征在于……')).toBe(
      '1. 一种电池，包括正极。',
    );
  });

  it('cuts claims run together before the next claim number after a sentence end', () => {
    expect(firstClaimText('1.一种数据共享方法，包括：步骤A；步骤B。2.根据权利要求1所述的方法，其特征在于……')).toBe(
      '1.一种数据共享方法，包括：步骤A；步骤B。',
    );
    expect(firstClaimText('1. A battery comprising a 2.5 mm cell. 2. The battery of claim 1.')).toBe(
      '1. A battery comprising a 2.5 mm cell.',
    );
  });

  it('answers nothing for blank claims', () => {
    expect(firstClaimText('  \n ')).toBeUndefined();
    expect(firstClaimOf(undefined)).toBeUndefined();
  });

  it('cuts each translation the same way and keeps the language', () => {
    expect(
      firstClaimOf({
        lang: 'zh',
        text: '1.一种电池。2.根据权利要求1所述的电池。',
        translations: { en: '1. A battery. 2. The battery of claim 1.', de: '' },
      }),
    ).toEqual({ lang: 'zh', text: '1.一种电池。', translations: { en: '1. A battery.' } });
  });
});

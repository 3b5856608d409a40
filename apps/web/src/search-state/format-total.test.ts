import { describe, expect, it } from 'vitest';
import { formatTotal } from './format-total';

describe('result totals', () => {
  it('uses 万/亿 in zh and plain digits with separators in en', () => {
    expect(formatTotal(307, 'zh')).toBe('307');
    expect(formatTotal(25_000, 'zh')).toBe('2.5万');
    expect(formatTotal(1_700_000_000, 'zh')).toBe('17亿');
    expect(formatTotal(307, 'en')).toBe('307');
    expect(formatTotal(25_000, 'en')).toBe('25,000');
    expect(formatTotal(1_700_000_000, 'en')).toBe('1,700,000,000');
  });
});

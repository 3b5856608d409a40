import { describe, expect, it } from 'vitest';
import { formatCount } from './format-count';

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [9999, '9999'],
    [10_000, '1万'],
    [25_000, '2.5万'],
    [24_960, '2.5万'],
    [123_456, '12.3万'],
    [99_990_000, '9999万'],
    [99_995_000, '9999.5万'],
    [99_999_600, '1亿'],
    [100_000_000, '1亿'],
    [123_000_000, '1.23亿'],
    [1_700_000_000, '17亿'],
    [1_750_000_000, '17.5亿'],
  ])('zh: %d → %s', (n, text) => {
    expect(formatCount(n, 'zh')).toBe(text);
  });

  it.each([
    [999, '999'],
    [1000, '1K'],
    [25_000, '25K'],
    [999_950, '1M'],
    [1_700_000, '1.7M'],
    [1_700_000_000, '1.7B'],
    [2_500_000_000_000, '2500B'],
  ])('en: %d → %s', (n, text) => {
    expect(formatCount(n, 'en')).toBe(text);
  });

  it('answers an empty string for a value that is not a number', () => {
    expect(formatCount(Number.NaN, 'zh')).toBe('');
  });
});

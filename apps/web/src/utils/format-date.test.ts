import { describe, expect, it } from 'vitest';
import { formatPatentDate } from './format-date';

describe('formatPatentDate', () => {
  it.each([
    ['2023-11-28', '2023-11-28'],
    ['20231128', '2023-11-28'],
    ['19680500', '1968-05'],
    ['19680000', '1968'],
    ['1968', '1968'],
    ['2024-02-29', '2024-02-29'],
  ])('%s → %s', (input, output) => {
    expect(formatPatentDate(input)).toBe(output);
  });

  it.each(['', 'not a date', '2023-13-01', '2023-02-30', undefined, null])('leaves out %s', (input) => {
    expect(formatPatentDate(input)).toBeUndefined();
  });
});

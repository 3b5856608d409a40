import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';

dayjs.extend(customParseFormat);

const QUARTER = /^(\d{4})-Q([1-4])$/;

/**
 * Whether a date typed into a picker is a real date written in the picker's format (spec 2 §8 "invalid
 * date raises 日期不合法"): 2024-02-30 and 2024-13-01 are not, nor is 2024/02/03 in a YYYY-MM-DD box.
 * Empty text is no date at all, not an invalid one.
 */
export function isValidDateText(text: string, format: string): boolean {
  const trimmed = text.trim();
  if (trimmed === '') return true;
  if (format === 'YYYY-[Q]Q') return QUARTER.test(trimmed);
  return dayjs(trimmed, format, true).isValid();
}

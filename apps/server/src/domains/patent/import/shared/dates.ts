/**
 * Date normalisation to ISO `YYYY-MM-DD`. Sources write dates as 20050104, 2005-01-04T00:00:00Z,
 * 01-04-2005 (PTAB, month first) or 2005.01.04; USPTO citation dates often have day or month 00.
 */

const MONTH_FIRST = /^(\d{2})[-/](\d{2})[-/](\d{4})$/;

/** A full, valid date as YYYY-MM-DD, or undefined when the input is not one (empty, 00 day, year 0001…). */
export function normaliseDate(input: string | undefined | null): string | undefined {
  if (input == null) return undefined;
  const value = input.trim();
  let y: string | undefined;
  let m: string | undefined;
  let d: string | undefined;
  const compact = /^(\d{4})(\d{2})(\d{2})$/.exec(value);
  const iso = /^(\d{4})[-./](\d{1,2})[-./](\d{1,2})(?:[T ].*)?$/.exec(value);
  const monthFirst = MONTH_FIRST.exec(value);
  if (compact) [, y, m, d] = compact;
  else if (iso) [, y, m, d] = iso;
  else if (monthFirst) [, m, d, y] = monthFirst;
  if (!y || !m || !d) return undefined;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (year < 1700 || month < 1 || month > 12 || day < 1) return undefined;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > last) return undefined;
  return `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * A date that may lack its day or month (citation dates like 19010500): YYYY-MM-DD, YYYY-MM or YYYY.
 * Returns undefined when there is no year.
 */
export function normalisePartialDate(input: string | undefined | null): string | undefined {
  const full = normaliseDate(input);
  if (full) return full;
  const match = /^(\d{4})-?(\d{2})?-?(\d{2})?$/.exec((input ?? '').trim());
  if (!match?.[1] || Number(match[1]) < 1700) return undefined;
  const month = match[2] && match[2] !== '00' ? match[2] : undefined;
  return month ? `${match[1]}-${month}` : match[1];
}

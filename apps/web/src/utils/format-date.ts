import type { Language } from '@patlas/contracts';

/**
 * Patent dates as the offices print them: YYYY-MM-DD. Sources also give YYYYMMDD and partial
 * dates (USPTO citations: "19680500" = May 1968). Anything unreadable answers undefined so that
 * screens leave the field out instead of printing "Invalid Date".
 */
export function formatPatentDate(value: string | undefined | null): string | undefined {
  if (!value) return undefined;
  const match = /^(\d{4})-?(\d{2})?-?(\d{2})?$/.exec(value.trim());
  if (!match) return undefined;
  const [, year, month, day] = match;
  if (!year) return undefined;
  const m = month && month !== '00' ? Number(month) : undefined;
  const d = day && day !== '00' ? Number(day) : undefined;
  if (m !== undefined && (m < 1 || m > 12)) return undefined;
  if (m === undefined) return year;
  const mm = String(m).padStart(2, '0');
  if (d === undefined) return `${year}-${mm}`;
  const lastDay = new Date(Date.UTC(Number(year), m, 0)).getUTCDate();
  if (d < 1 || d > lastDay) return undefined;
  return `${year}-${mm}-${String(d).padStart(2, '0')}`;
}

/**
 * A time in the interface language, in the browser's time zone (issue 43: the message centre used
 * the browser's locale whatever the language): zh "2026-12-03 14:05", en "Dec 3, 2026, 2:05 PM".
 */
export function formatDateTimeIn(value: string | number | null | undefined, lang: Language): string | undefined {
  if (lang === 'zh') return formatDateTime(value);
  if (value === null || value === undefined || value === '') return undefined;
  const date = typeof value === 'number' ? new Date(value * 1000) : new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  return EN_DATE_TIME.format(date);
}
const EN_DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** "YYYY-MM-DD HH:mm" in the browser's time zone; undefined for a missing or unreadable time. */
export function formatDateTime(value: string | number | null | undefined): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  // Numbers are seconds since the epoch (spec 1 §3 lastLoginTime).
  const date = typeof value === 'number' ? new Date(value * 1000) : new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

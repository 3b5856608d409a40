/** "YYYY-MM-DD HH:mm" in the browser's time zone; undefined for a missing or unreadable time. */
export function formatDateTime(value: string | number | null | undefined): string | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  // Numbers are seconds since the epoch (spec 1 §3 lastLoginTime).
  const date = typeof value === 'number' ? new Date(value * 1000) : new Date(value);
  if (Number.isNaN(date.getTime())) return undefined;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

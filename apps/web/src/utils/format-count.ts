import type { Language } from '@patlas/contracts';

const WAN = 10_000;
const YI = 100_000_000;

/** Rounds to at most `digits` decimals and drops trailing zeros (2.50 → "2.5", 3.0 → "3"). */
function trimmed(value: number, digits: number): string {
  return String(Number(value.toFixed(digits)));
}

/**
 * A count for people to read. Spec 1 §9: "Numeric ranking counts use the ten-thousand or
 * hundred-million unit": zh 9999 → "9999", 25 000 → "2.5万", 1.7e9 → "17亿"; en uses
 * thousands and millions (25K, 1.7B).
 */
export function formatCount(count: number, lang: Language): string {
  if (!Number.isFinite(count)) return '';
  const sign = count < 0 ? '-' : '';
  const n = Math.abs(Math.round(count));
  if (lang === 'zh') {
    if (n < WAN) return `${sign}${n}`;
    // 99 995 000 rounds to "10000万"; say "1亿" instead.
    if (n < YI && Number(trimmed(n / WAN, 1)) < WAN) return `${sign}${trimmed(n / WAN, 1)}万`;
    return `${sign}${trimmed(n / YI, n >= 10 * YI ? 1 : 2)}亿`;
  }
  if (n < 1000) return `${sign}${n}`;
  const units = ['K', 'M', 'B'] as const;
  let exponent = Math.min(Math.floor(Math.log10(n) / 3), units.length);
  let value = Number(trimmed(n / 1000 ** exponent, 1));
  // 999 950 rounds to "1000K"; say "1M" instead.
  if (value >= 1000 && exponent < units.length) {
    exponent += 1;
    value = Number(trimmed(n / 1000 ** exponent, 1));
  }
  return `${sign}${value}${units[exponent - 1]}`;
}

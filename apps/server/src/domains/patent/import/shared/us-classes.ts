import type { XmlElement } from './xml-tree.js';
import { textAt } from './xml-query.js';

/** IPCR / CPC parts (section, class, subclass, main-group, subgroup) → "A61B5/0205". */
export function symbolFromParts(el: XmlElement): string | undefined {
  const section = textAt(el, 'section');
  const cls = textAt(el, 'class');
  const subclass = textAt(el, 'subclass');
  const group = textAt(el, 'main-group');
  const subgroup = textAt(el, 'subgroup');
  if (!section || !cls || !subclass || !group || !subgroup) return undefined;
  return `${section}${cls}${subclass}${group}/${subgroup}`;
}

/**
 * Pre-2006 fixed-width IPC ("A45F  504", "G06F017/60", "H01L 21/70") → "A45F5/04":
 * 4 characters of subclass, then a 3-character group and the subgroup.
 */
export function ipcFromFixed(raw: string): string | undefined {
  const value = raw.replace(/\s+$/, '');
  if (value.includes('/')) {
    const m = /^([A-H]\d{2}[A-Z])\s*0*(\d+)\s*\/\s*(\d+)/.exec(value);
    return m ? `${m[1]}${m[2]}/${m[3]}` : undefined;
  }
  const m = /^([A-H]\d{2}[A-Z])(.{3})(\d{2,})/.exec(value);
  if (!m?.[2]) return undefined;
  const group = m[2].trim().replace(/^0+(?=\d)/, '');
  return group ? `${m[1]}${group}/${m[3]}` : undefined;
}

/**
 * USPTO fixed-width US class ("  2 52", " 4012404", "D14486", "D 2728") → "2/52", "40/124.04", "D14/486", "D2/728":
 * 3 characters of class, 3 of subclass, then the subclass decimals.
 */
export function uspcFromFixed(raw: string): string | undefined {
  const value = raw.replace(/\s+$/, '');
  if (value.trim() === '') return undefined;
  if (value.includes('/')) return value.replace(/\s+/g, '');
  const cls = value
    .slice(0, 3)
    .replace(/\s+/g, '')
    .replace(/^0+(?=\d)/, '');
  const sub = value
    .slice(3, 6)
    .trim()
    .replace(/^0+(?=\d)/, '');
  const decimals = value.slice(6).trim();
  if (!cls) return undefined;
  if (!sub) return cls;
  return `${cls}/${sub}${decimals ? `.${decimals}` : ''}`;
}

/** Locarno "1404" or "14-04" → "14-04". */
export function locarno(raw: string): string | undefined {
  const digits = raw.replace(/\D/g, '');
  if (digits.length !== 4) return raw.trim() || undefined;
  return `${digits.slice(0, 2)}-${digits.slice(2)}`;
}

/** Keeps the first occurrence of each value. */
export function unique<T>(values: (T | undefined)[]): T[] {
  return [...new Set(values.filter((v): v is T => v !== undefined))];
}

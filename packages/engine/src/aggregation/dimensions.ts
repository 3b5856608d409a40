import { normaliseLegalStatus, provinceFullName, type LegalStatusClass } from '@patlas/contracts';

/**
 * How a record's analysis values are derived (docs/analysis.md), shared by every back end so that
 * all of them put a patent in the same buckets. Pure functions of recorded values.
 */

export type { LegalStatusClass };

/**
 * The class of a recorded legal status text (CNIPA 法律状态, a vendor export's wording or an
 * office's English wording): the one normaliser of contracts (legal-status.ts), so that analysis
 * and the detail page's badge read a status the same way.
 */
export function classifyLegalStatus(status: string | null | undefined): LegalStatusClass | undefined {
  return normaliseLegalStatus(status)?.class;
}

const GRANTED_TYPES = new Set(['invention_grant', 'utility_model', 'design']);

/**
 * A right was granted: a grant publication (utility models and designs are granted when
 * published), a grant date, or a status saying the right is in force.
 */
export function isGranted(patentType: string | null, grantDate: number, statusClass: LegalStatusClass | undefined) {
  return (patentType !== null && GRANTED_TYPES.has(patentType)) || grantDate > 0 || statusClass === 'valid';
}

/** Year of a YYYYMMDD integer (0 = no date). */
export function yearOf(day: number): string | null {
  return day > 0 ? String(Math.floor(day / 10_000)) : null;
}

/**
 * Year the right ends: ED when recorded; for a patent in force without ED, the statutory term from
 * the application date (invention 20 years, utility model 10, design 10 — 15 for Chinese designs
 * filed from 2021-06-01 and designs of other offices). A term ends the day before the anniversary,
 * so a 1 January filing ends on 31 December of the year before. Otherwise none.
 */
export function expiryYearOf(v: {
  ed: number;
  ad: number;
  country: string;
  patentType: string | null;
  statusClass: LegalStatusClass | undefined;
}): { year: string | null; recorded: boolean } {
  if (v.ed > 0) return { year: yearOf(v.ed), recorded: true };
  if (v.statusClass !== 'valid' || v.ad <= 0) return { year: null, recorded: false };
  let term = 20;
  if (v.patentType === 'utility_model') term = 10;
  else if (v.patentType === 'design') term = v.country === 'CN' && v.ad < 20210601 ? 10 : 15;
  const start = Math.floor(v.ad / 10_000);
  return { year: String(start + term - (v.ad % 10_000 === 101 ? 1 : 0)), recorded: false };
}

/** `广东` / `广东省` / ` 广东省 ` → `广东省`; other text is kept (trimmed), so foreign regions stay as recorded. */
export function normaliseProvince(value: string): string {
  return provinceFullName(value) ?? value.trim();
}

/**
 * IPC/CPC levels of a class token (index-tokens.ts classToken: `H01M 4/525` → `h01m4x525`), so a
 * level key is a prefix of the token and the search field's class prefix match selects exactly it.
 */
export function classLevels(token: string): {
  section?: string;
  cls?: string;
  subclass?: string;
  group?: string;
} {
  const t = token.toUpperCase();
  const group = /^([A-Z]\d\d[A-Z]\d+)(X|$)/.exec(t)?.[1];
  return {
    ...(/^[A-Z]/.test(t) ? { section: t.slice(0, 1) } : {}),
    ...(/^[A-Z]\d\d/.test(t) ? { cls: t.slice(0, 3) } : {}),
    ...(/^[A-Z]\d\d[A-Z]/.test(t) ? { subclass: t.slice(0, 4) } : {}),
    ...(group ? { group } : {}),
  };
}

/** Display form of an IPC/CPC main group key: `H01M4` → `H01M4/00`. */
export function groupLabel(key: string): string {
  return `${key}/00`;
}

/** Cited-by bins of the impact chart, inclusive; the last has no upper bound. */
export const CITED_BY_BINS: readonly { from: number; to?: number }[] = [
  { from: 0, to: 0 },
  { from: 1, to: 1 },
  { from: 2, to: 2 },
  { from: 3, to: 5 },
  { from: 6, to: 10 },
  { from: 11, to: 20 },
  { from: 21 },
];

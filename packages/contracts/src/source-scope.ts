import { z } from 'zod';

/**
 * Data sources (spec 1 §3 "Country options: CN, TW, HK, MO, US, EP, JP, KR, GB, FR, DE, RU, CH, WO,
 * OTHER, grouped as cn, cnOther, abroad"; docs/data-sources.md). `OTHER` is every office the list
 * does not name (AU, CA, IN …).
 */
export const SOURCE_OFFICES = [
  'CN', 'TW', 'HK', 'MO', 'US', 'EP', 'JP', 'KR', 'GB', 'FR', 'DE', 'RU', 'CH', 'WO', 'OTHER',
] as const; // prettier-ignore
export type SourceOffice = (typeof SOURCE_OFFICES)[number];

/** The offices the list names (every office but `OTHER`). */
export const NAMED_SOURCE_OFFICES: readonly string[] = SOURCE_OFFICES.filter((o) => o !== 'OTHER');

/** The three groups of the selector: mainland China, Hong Kong / Macao / Taiwan (港澳台), abroad. */
export const SOURCE_GROUPS = {
  cn: ['CN'],
  cnOther: ['HK', 'MO', 'TW'],
  abroad: ['US', 'EP', 'JP', 'KR', 'GB', 'FR', 'DE', 'RU', 'CH', 'WO', 'OTHER'],
} as const satisfies Record<string, readonly SourceOffice[]>;
export type SourceGroup = keyof typeof SOURCE_GROUPS;
export const SOURCE_GROUP_NAMES = Object.keys(SOURCE_GROUPS) as SourceGroup[];

/**
 * The scopes written before the groups (spec 1 §4 "Data-source scope of quick search: cn or uncn"),
 * still read as they always were: `cn` the Chinese sources (CN with HK, MO, TW), `uncn` every other.
 */
const CHINESE: readonly SourceOffice[] = [...SOURCE_GROUPS.cn, ...SOURCE_GROUPS.cnOther];
const TOKENS: Record<string, readonly SourceOffice[]> = {
  cn: CHINESE,
  uncn: SOURCE_GROUPS.abroad,
  cnOther: SOURCE_GROUPS.cnOther,
  abroad: SOURCE_GROUPS.abroad,
};

/**
 * The offices a stored source value names, in list order, or undefined when it is not one: a
 * comma-separated list of `cn`, `uncn`, `cnOther`, `abroad` and the offices of SOURCE_OFFICES
 * (`cnOther`, `CN,US`, `cn,OTHER`). Old values (`cn`, `uncn`) read as before.
 */
export function sourceOffices(value: string): SourceOffice[] | undefined {
  const tokens = value
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (tokens.length === 0) return undefined;
  const chosen = new Set<SourceOffice>();
  for (const token of tokens) {
    const offices =
      TOKENS[token] ?? ((SOURCE_OFFICES as readonly string[]).includes(token) ? [token as SourceOffice] : undefined);
    if (!offices) return undefined;
    offices.forEach((o) => chosen.add(o));
  }
  return SOURCE_OFFICES.filter((o) => chosen.has(o));
}

const sameSet = (a: ReadonlySet<string>, b: readonly string[]) => a.size === b.length && b.every((x) => a.has(x));

/**
 * The stored value for a choice of offices: undefined for none or all (no restriction), `cn` /
 * `uncn` for the two old scopes, else the groups chosen whole and the other offices one by one
 * (`cnOther`, `CN,abroad`, `CN,HK,US`).
 */
export function writeSource(offices: Iterable<string>): string | undefined {
  const set = new Set([...offices].filter((o) => (SOURCE_OFFICES as readonly string[]).includes(o)));
  if (set.size === 0 || set.size === SOURCE_OFFICES.length) return undefined;
  if (sameSet(set, CHINESE)) return 'cn';
  if (sameSet(set, SOURCE_GROUPS.abroad)) return 'uncn';
  const tokens: string[] = [];
  const whole = (group: readonly string[]) => group.every((o) => set.has(o));
  if (whole(CHINESE)) tokens.push('cn');
  else {
    if (set.has('CN')) tokens.push('CN');
    if (whole(SOURCE_GROUPS.cnOther)) tokens.push('cnOther');
    else tokens.push(...SOURCE_GROUPS.cnOther.filter((o) => set.has(o)));
  }
  if (whole(SOURCE_GROUPS.abroad)) tokens.push('abroad');
  else tokens.push(...SOURCE_GROUPS.abroad.filter((o) => set.has(o)));
  return tokens.join(',');
}

/** A stored source value written the one way writeSource writes it (undefined: all sources). */
export function normaliseSource(value: string | undefined | null): string | undefined {
  if (!value) return undefined;
  const offices = sourceOffices(value);
  return offices ? writeSource(offices) : undefined;
}

/**
 * What the engine filters on: the two old scopes as they were, any other choice as the offices it
 * names plus, with `OTHER`, every office the list does not name.
 */
export type SourceFilter = 'cn' | 'uncn' | { readonly offices: readonly string[]; readonly other: boolean };

export function sourceFilterOf(value: string | undefined): SourceFilter | undefined {
  const written = normaliseSource(value);
  if (written === undefined) return undefined;
  if (written === 'cn' || written === 'uncn') return written;
  const offices = sourceOffices(written) ?? [];
  return { offices: offices.filter((o) => o !== 'OTHER'), other: offices.includes('OTHER') };
}

/** A data-source value of a search request, state or history entry (see sourceOffices). */
export const SourceSelectionSchema = z
  .string()
  .max(200)
  .refine((value) => sourceOffices(value) !== undefined, { message: 'unknown data source' });

const TOKEN_LABELS: Record<'zh' | 'en', Record<string, string>> = {
  zh: { cn: '中国', uncn: '中国以外', cnOther: '中国港澳台', abroad: '国外', OTHER: '其他' },
  en: { cn: 'China', uncn: 'outside China', cnOther: 'Hong Kong, Macao, Taiwan', abroad: 'abroad', OTHER: 'other' },
};

/** A data-source value as files and messages name it: `中国港澳台`, `CN、国外`; undefined for all. */
export function describeSource(value: string | undefined, lang: 'zh' | 'en'): string | undefined {
  const written = normaliseSource(value);
  if (written === undefined) return undefined;
  return written
    .split(',')
    .map((token) => TOKEN_LABELS[lang][token] ?? token)
    .join(lang === 'zh' ? '、' : ', ');
}

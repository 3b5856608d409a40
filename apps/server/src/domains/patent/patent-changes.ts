import type { Patent } from '@patlas/contracts';
import { stableStringify } from '../../kernel/stable-stringify.js';

/**
 * What an import did to a record, as the bit set `patent_changes.fields` stores (issue 19: alert
 * runs report new records and changes of legal status, legal events, family and citations).
 */
export const CHANGE_BITS = {
  new: 1,
  legalStatus: 2,
  legalEvents: 4,
  family: 8,
  citations: 16,
  other: 32,
} as const;
export type ChangeField = keyof typeof CHANGE_BITS;
export const CHANGE_FIELDS = Object.keys(CHANGE_BITS) as ChangeField[];

/** The fields named by a bit set, in CHANGE_BITS order. */
export function changeFieldsOf(bits: number): ChangeField[] {
  return CHANGE_FIELDS.filter((field) => (bits & CHANGE_BITS[field]) !== 0);
}

const WATCHED: readonly (keyof Patent)[] = ['legalStatus', 'legalEvents', 'family', 'citations', 'citedBy'];

/** Which watched fields differ between the stored record and the merged one written over it. */
export function changeBitsOf(before: Patent | undefined, after: Patent): number {
  if (!before) return CHANGE_BITS.new;
  const same = (field: keyof Patent) =>
    stableStringify(before[field] ?? null) === stableStringify(after[field] ?? null);
  let bits = 0;
  if (!same('legalStatus')) bits |= CHANGE_BITS.legalStatus;
  if (!same('legalEvents')) bits |= CHANGE_BITS.legalEvents;
  if (!same('family')) bits |= CHANGE_BITS.family;
  if (!same('citations') || !same('citedBy')) bits |= CHANGE_BITS.citations;
  const rest = (p: Patent) => {
    const copy: Record<string, unknown> = { ...p };
    for (const field of WATCHED) delete copy[field];
    return stableStringify(copy);
  };
  if (rest(before) !== rest(after)) bits |= CHANGE_BITS.other;
  return bits;
}

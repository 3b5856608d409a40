import type { Party, Patent } from '@patlas/contracts';

const PARTY_LISTS = new Set(['applicants', 'assignees', 'currentAssignees', 'inventors']);

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.values(value as object).every(isEmpty);
  return false;
}

/**
 * Merges a newly read record into the stored one: what the new record carries wins, what it
 * lacks is kept. Several sources describe the same publication (a title from one, CPC codes
 * from another, legal events from a third); upserting the same record twice changes nothing.
 * Two lists of the same parties (same names, same order) merge party by party, so an applicant's
 * province from one export survives another export that names the applicant alone; `extras`
 * merge column by column.
 */
export function mergePatent(existing: Patent | undefined, incoming: Patent): Patent {
  if (!existing) return incoming;
  const merged: Record<string, unknown> = { ...existing };
  for (const [key, value] of Object.entries(incoming)) {
    if (isEmpty(value)) continue;
    const current = merged[key];
    if (
      key === 'classifications' ||
      key === 'family' ||
      key === 'extras' ||
      ((key === 'title' || key === 'abstract' || key === 'claims' || key === 'description') &&
        current &&
        typeof current === 'object')
    ) {
      merged[key] = { ...(current as object), ...stripEmpty(value as object) };
    } else if (PARTY_LISTS.has(key) && sameParties(current, value)) {
      merged[key] = (value as Party[]).map((party, i) => ({ ...(current as Party[])[i], ...stripEmpty(party) }));
    } else {
      merged[key] = value;
    }
  }
  return merged as Patent;
}

function sameParties(current: unknown, incoming: unknown): boolean {
  if (!Array.isArray(current) || !Array.isArray(incoming) || current.length !== incoming.length) return false;
  return (incoming as Party[]).every((party, i) => party.name === (current as Party[])[i]?.name);
}

function stripEmpty(value: object): object {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => !isEmpty(v)));
}

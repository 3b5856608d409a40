import type { Patent } from '@patlas/contracts';

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
      ((key === 'title' || key === 'abstract' || key === 'claims' || key === 'description') &&
        current &&
        typeof current === 'object')
    ) {
      merged[key] = { ...(current as object), ...stripEmpty(value as object) };
    } else {
      merged[key] = value;
    }
  }
  return merged as Patent;
}

function stripEmpty(value: object): object {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => !isEmpty(v)));
}

/** Stable JSON (sorted keys) so "did this upsert change anything" is a string comparison. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

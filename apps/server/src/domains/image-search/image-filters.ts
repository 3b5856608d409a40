import type { ImageSearchFilters, Patent } from '@patlas/contracts';
import type { IndexedDrawing } from './image-ranking.js';

/** What the filters read of a patent: its Locarno subclasses (`14-04`) and dates (`YYYY-MM-DD`). */
export interface PatentFacts {
  locarno: string[];
  publicationDate?: string | undefined;
  applicationDate?: string | undefined;
}

/**
 * A record's filter facts. The Locarno subclasses are the record's own
 * (`classifications.loc`, from the grant XML's `classification-locarno`); a record without them
 * (every non-design record) matches no Locarno filter.
 */
export function factsOf(record: Patent): PatentFacts {
  return {
    locarno: [...new Set((record.classifications?.loc ?? []).map(normaliseLocarno).filter(Boolean))] as string[],
    publicationDate: record.publicationDate,
    applicationDate: record.applicationDate,
  };
}

/** `1404`, `14.04`, `14-04` → `14-04`; `14` stays a class; anything else is dropped. */
function normaliseLocarno(code: string): string | undefined {
  const match = /^(\d{2})(?:[-.\s]?(\d{2}))?$/.exec(code.trim());
  if (!match) return undefined;
  return match[2] ? `${match[1]}-${match[2]}` : match[1];
}

/** True when the filters limit anything. */
export function hasFilters(filters: ImageSearchFilters): boolean {
  return !!(filters.locarno?.length || filters.dateFrom || filters.dateTo);
}

/** Whether a patent passes: in any chosen class (`14`) or subclass (`14-04`), its date in the range. */
export function matchesFilters(facts: PatentFacts | undefined, filters: ImageSearchFilters): boolean {
  if (filters.locarno?.length) {
    const codes = facts?.locarno ?? [];
    const isIn = filters.locarno.some((wanted) =>
      codes.some((code) => (wanted.length === 2 ? code.slice(0, 2) === wanted : code === wanted)),
    );
    if (!isIn) return false;
  }
  if (filters.dateFrom || filters.dateTo) {
    const date = filters.dateField === 'application' ? facts?.applicationDate : facts?.publicationDate;
    if (!date) return false;
    if (filters.dateFrom && date < filters.dateFrom) return false;
    if (filters.dateTo && date > filters.dateTo) return false;
  }
  return true;
}

/** The drawings of patents that pass the filters: the set the ranking then scores. */
export function filterDrawings(
  drawings: readonly IndexedDrawing[],
  facts: ReadonlyMap<string, PatentFacts>,
  filters: ImageSearchFilters,
): readonly IndexedDrawing[] {
  if (!hasFilters(filters)) return drawings;
  const passing = new Map<string, boolean>();
  return drawings.filter((drawing) => {
    let isPassing = passing.get(drawing.publicationNumber);
    if (isPassing === undefined) {
      isPassing = matchesFilters(facts.get(drawing.publicationNumber), filters);
      passing.set(drawing.publicationNumber, isPassing);
    }
    return isPassing;
  });
}

/** The Locarno subclasses of the indexed patents with how many patents hold each, by code. */
export function locarnoClassesOf(facts: ReadonlyMap<string, PatentFacts>): { code: string; patents: number }[] {
  const counts = new Map<string, number>();
  for (const patent of facts.values()) {
    for (const code of patent.locarno) counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  return [...counts].map(([code, patents]) => ({ code, patents })).sort((a, b) => a.code.localeCompare(b.code));
}

import { MAX_COMPARE_PATENTS, MIN_COMPARE_PATENTS, type ComparedPatent } from '@patlas/contracts';

/** The query parameter that opens the compare dialog over any page: `compare=CN1…A,US2…B2`. */
export const COMPARE_PARAM = 'compare';

/** The compared numbers of a `compare` parameter: comma-separated, blanks and repeats dropped. */
export function parseCompareParam(text: string | null | undefined): string[] {
  const numbers = (text ?? '')
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  return [...new Set(numbers)];
}

export function formatCompareParam(numbers: readonly string[]): string {
  return numbers.join(',');
}

/** Spec 2 §5 "Compare needs 2 to 10 patents": what is wrong with a count, if anything. */
export function compareCountProblem(count: number): 'tooFew' | 'tooMany' | undefined {
  if (count < MIN_COMPARE_PATENTS) return 'tooFew';
  if (count > MAX_COMPARE_PATENTS) return 'tooMany';
  return undefined;
}

/** The rows of the comparison, in display order. */
export const COMPARE_ROWS = [
  'title',
  'applicationNumber',
  'patentType',
  'applicationDate',
  'publicationDate',
  'grantDate',
  'priorityDate',
  'applicants',
  'inventors',
  'ipc',
  'legalStatus',
  'citationCount',
  'citedByCount',
  'familySize',
  'firstClaim',
  'abstract',
] as const;
export type CompareRowKey = (typeof COMPARE_ROWS)[number];

/** Rows whose values are lists of names or symbols: a value held by several patents is marked as shared. */
export const LIST_ROWS = ['applicants', 'inventors', 'ipc'] as const satisfies readonly CompareRowKey[];
export type ListRowKey = (typeof LIST_ROWS)[number];

export function isListRow(key: CompareRowKey): key is ListRowKey {
  return (LIST_ROWS as readonly string[]).includes(key);
}

/**
 * How two written values are judged the same: IPC symbols without spaces in capitals
 * (H01M 4/525 = H01M4/525), names case- and space-insensitively (BYD Co Ltd = byd co  ltd).
 */
export function sameValueKey(row: ListRowKey, value: string): string {
  if (row === 'ipc') return value.replace(/\s+/g, '').toUpperCase();
  return value.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The value of a row as compared: a text, a number, a set of normalised list values, or nothing. */
function comparable(patent: ComparedPatent, row: CompareRowKey): string | undefined {
  switch (row) {
    case 'applicants':
    case 'inventors':
    case 'ipc': {
      const keys = [...new Set(patent[row].map((v) => sameValueKey(row, v)))].sort();
      return keys.length > 0 ? keys.join('\n') : undefined;
    }
    case 'title':
    case 'firstClaim':
    case 'abstract':
      return patent[row]?.text.trim() || undefined;
    // The status class, not its wording: 授权 from one source and a grant told by the kind code are the same status.
    case 'legalStatus':
      return patent.currentStatus?.code ?? patent.legalStatus;
    case 'citationCount':
    case 'citedByCount':
    case 'familySize':
      return patent[row] === undefined ? undefined : String(patent[row]);
    default:
      return patent[row]?.trim() || undefined;
  }
}

export interface CompareRowState {
  key: CompareRowKey;
  /** Not every patent has the same value (a value missing on some counts as different). */
  differs: boolean;
  /** No patent has a value: the row is left out. */
  isEmpty: boolean;
}

/** Which rows differ (the publication number heads each column, so it is no row of its own). */
export function compareRows(patents: readonly ComparedPatent[]): CompareRowState[] {
  return COMPARE_ROWS.map((key) => {
    const values = patents.map((p) => comparable(p, key));
    const isEmpty = values.every((v) => v === undefined);
    const differs = !isEmpty && new Set(values).size > 1;
    return { key, differs, isEmpty };
  });
}

/**
 * For a list row, how many of the compared patents hold each value (by its normalised key): a
 * count of 2 or more marks the value as shared in the dialog.
 */
export function sharedCounts(patents: readonly ComparedPatent[], row: ListRowKey): Map<string, number> {
  const counts = new Map<string, number>();
  for (const patent of patents) {
    for (const key of new Set(patent[row].map((v) => sameValueKey(row, v)))) {
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

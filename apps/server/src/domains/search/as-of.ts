import type { DataVersion } from '@patlas/contracts';
import { AppError } from '../../errors.js';

/**
 * Data versions as the search reads them (issue 48 item 5; the patent domain's DataVersionService,
 * given by composition/search.ts): one version per import, and which records each added or changed.
 */
export interface DataVersionSource {
  /** The newest version (0 before the first import). */
  latest(): Promise<number>;
  /** The records the versions after `version` added (`added`), or only changed (`added: false`). */
  recordsAfter(version: number, added: boolean): Promise<string[]>;
  /** The newest versions first. */
  list(limit: number): Promise<DataVersion[]>;
}

/** What a search as of a version does to its set. */
export type AsOfScope =
  /** asOf 0: the corpus before its first import, empty. */
  | { kind: 'empty'; version: 0 }
  /** Records added after the version left out. */
  | { kind: 'before'; version: number; addedAfter: string[] };

/**
 * `asOf` checked against the versions there are (above the newest: DATA_VERSION_NOT_FOUND) and
 * turned into the records it leaves out. Without a version source every version but 0 is unknown.
 */
export async function asOfScope(asOf: number, source: DataVersionSource | undefined): Promise<AsOfScope> {
  const latest = source ? await source.latest() : 0;
  if (asOf > latest) throw new AppError('DATA_VERSION_NOT_FOUND', { version: asOf, latest });
  if (asOf === 0) return { kind: 'empty', version: 0 };
  // At the newest version nothing came later: `asOf` equals no `asOf`.
  const addedAfter = asOf === latest || !source ? [] : await source.recordsAfter(asOf, true);
  return { kind: 'before', version: asOf, addedAfter };
}

/** The ranked set narrowed to nothing for asOf 0 (an empty `within` finds nothing). */
export function withinAsOf(within: readonly string[] | undefined, scope: AsOfScope | undefined) {
  if (scope?.kind === 'empty') return [];
  return within;
}

/** The list `within` ∩ `numbers` (or `numbers` when there is no list). */
export function intersectNumbers(within: readonly string[] | undefined, numbers: readonly string[]): string[] {
  if (!within) return [...numbers];
  const keep = new Set(numbers);
  return within.filter((n) => keep.has(n));
}

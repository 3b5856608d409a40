import type { DataVersion } from '@patlas/contracts';
import type { CountOptions } from '@patlas/engine';
import type { QueryNode } from '@patlas/query';
import { AppError } from '../../errors.js';
import type { AsOfMatchInput } from './as-of-match.js';

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
  /**
   * The records the versions after `version` changed (not added), with their content as of it
   * (JSON) where the import kept it, and those it did not keep; past `limit` none is read.
   */
  revisionsAsOf?(
    version: number,
    limit: number,
  ): Promise<{ changed: number; revisions: Map<string, string>; notKept: string[] }>;
}

/** Which of some records, as they were, a search matches (the CPU task `asOfMatch`, as-of-match.ts). */
export type AsOfMatcher = (input: AsOfMatchInput) => Promise<string[]>;

/**
 * Most records changed after a version that a search as of it matches on their earlier content
 * (indexing them costs about 2.5 ms each in a CPU worker): past it every changed record is matched
 * on its current content, and the answer says so.
 */
export const MAX_AS_OF_REVISIONS = 1_000;

/** What a search as of a version did with the records later imports changed. */
export interface AsOfChanges {
  /** Records changed after the version (not added); past MAX_AS_OF_REVISIONS, more than it. */
  changed: number;
  /** Matched on their content as of the version. */
  revised: number;
  /** Matched on their current content (no earlier content kept); 'all' past MAX_AS_OF_REVISIONS. */
  current: string[] | 'all';
}

/** What a search as of a version does to its set. */
export type AsOfScope =
  /** asOf 0: the corpus before its first import, empty. */
  | { kind: 'empty'; version: 0 }
  /** Records added after the version left out. */
  | { kind: 'before'; version: number; latest: number; addedAfter: string[]; changes?: AsOfChanges };

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
  return { kind: 'before', version: asOf, latest, addedAfter };
}

/**
 * The records later imports changed, as of the scope's version: each whose content then was kept
 * is matched on it (in `matcher`, off this thread), so the search's options leave out those that
 * did not match then (`without`) and take in those that did (`plus`), whatever they hold now. The
 * rest are matched on their current content. Nothing to do at the newest version.
 */
export async function reviseAsOf(
  scope: AsOfScope | undefined,
  source: DataVersionSource | undefined,
  matcher: AsOfMatcher | undefined,
  ast: QueryNode,
  options: CountOptions,
): Promise<{ without: string[]; plus: string[]; changes: AsOfChanges } | undefined> {
  if (scope?.kind !== 'before' || scope.version >= scope.latest || !source?.revisionsAsOf) return undefined;
  const { changed, revisions, notKept } = await source.revisionsAsOf(scope.version, MAX_AS_OF_REVISIONS);
  if (changed === 0) return undefined;
  if (changed > MAX_AS_OF_REVISIONS || !matcher) {
    return { without: [], plus: [], changes: { changed, revised: 0, current: 'all' } };
  }
  const numbers = [...revisions.keys()].sort();
  const records = numbers.map((n) => revisions.get(n)!);
  const matched =
    records.length === 0
      ? []
      : await matcher({
          // The revisions as of a version only grow while an import of a later version runs.
          key: `${scope.version}:${scope.latest}:${numbers.length}:${numbers[0]}:${numbers.at(-1)}`,
          records,
          ast,
          filters: options.filters,
          scope: options.scope,
        });
  const matching = new Set(matched);
  return {
    without: numbers.filter((n) => !matching.has(n)),
    plus: numbers.filter((n) => matching.has(n)),
    changes: { changed, revised: numbers.length, current: notKept },
  };
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

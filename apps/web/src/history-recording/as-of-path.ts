import type { SearchHistoryEntry } from '@patlas/contracts';
import { fromSearchState } from '../search-state/search-url-state';
import { isDetailEntry, resultRouter } from './recording';

/**
 * Issue 48 item 5: the result page of a history entry's search as of the data version it ran
 * against (docs/search-as-of.md); undefined for an entry without a version, a detail page or a
 * semantic search (which has no `asOf`).
 */
export function asOfPathOf(entry: SearchHistoryEntry): string | undefined {
  if (entry.dataVersion === undefined || isDetailEntry(entry) || entry.searchContext) return undefined;
  const state = fromSearchState(entry.state ?? { searchExpre: entry.searchExpression });
  return resultRouter({ ...state, page: 1, asOf: entry.dataVersion });
}

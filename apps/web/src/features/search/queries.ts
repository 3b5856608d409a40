import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiContext } from '../../api/useApiContext';
import { fetchDrawings, fetchStateByKey, searchNew } from './api';
import { hasResultSet, toSearchRequest, type ResultUrlState } from '../../search-state/search-url-state';

/**
 * One page of results for the state in the URL. The previous page stays on screen while the next
 * one loads, so paging and filtering do not flash an empty table.
 */
export function useSearchResults(state: ResultUrlState) {
  const { lang, messages } = useApiContext();
  const body = toSearchRequest(state);
  return useQuery({
    queryKey: ['search', 'results', body, lang],
    queryFn: ({ signal }) => searchNew(body, { lang, messages, signal }),
    enabled: hasResultSet(state),
    placeholderData: keepPreviousData,
    // Results change only on import; a minute avoids refetching when returning to a tab.
    staleTime: 60_000,
  });
}

/** The state stored under a result-page key (`?key=` deep links). */
export function useStateByKey(key: string | null) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: ['search', 'state', key],
    queryFn: ({ signal }) => fetchStateByKey(key ?? '', { lang, messages, signal }),
    enabled: Boolean(key),
    staleTime: Infinity,
  });
}

/** Every drawing of the patents shown (all-drawings view). */
export function usePageDrawings(publicationNumbers: readonly string[], isEnabled: boolean) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: ['search', 'drawings', publicationNumbers],
    queryFn: ({ signal }) => fetchDrawings(publicationNumbers, { lang, messages, signal }),
    enabled: isEnabled && publicationNumbers.length > 0,
    staleTime: 10 * 60_000,
  });
}

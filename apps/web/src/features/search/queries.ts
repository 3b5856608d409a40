import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiContext } from '../../api/useApiContext';
import { fetchDrawings, fetchStateByKey, searchNew } from './api';
import { hasResultSet, toSearchRequest, type ResultUrlState } from '../../search-state/search-url-state';
import type { ResultHistoryRequest } from '../../history-recording/useHistoryRecording';

/**
 * One page of results for the state in the URL. The previous page stays on screen while the next
 * one loads, so paging and filtering do not flash an empty table. `takeHistory`: the page's action
 * a request records in the search history (issue 42), asked when the request is sent; the query
 * key leaves it out, so the action never makes a search of its own.
 */
export function useSearchResults(
  state: ResultUrlState,
  takeHistory?: () => ResultHistoryRequest | undefined,
  isEnabled = true,
) {
  const { lang, messages } = useApiContext();
  const body = toSearchRequest(state);
  return useQuery({
    queryKey: ['search', 'results', body, lang],
    queryFn: async ({ signal }) => {
      const history = takeHistory?.();
      const answer = await searchNew(history ? { ...body, history: history.action } : body, {
        lang,
        messages,
        signal,
      });
      history?.recorded(answer);
      return answer;
    },
    enabled: isEnabled && hasResultSet(state),
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

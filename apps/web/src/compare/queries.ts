import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useApiContext } from '../api/useApiContext';
import { fetchComparison } from './api';

/**
 * The compared patents. The language is in the key because failures come localised from the
 * server; while a column is removed the previous table stays on screen.
 */
export function useComparison(numbers: readonly string[], isEnabled: boolean) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: ['patent-compare', numbers, lang],
    queryFn: ({ signal }) => fetchComparison(numbers, { lang, messages, signal }),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListHistoryRequest } from '@patlas/contracts';
import { useApiContext } from '../api/useApiContext';
import { deleteHistory, deleteOperateHistory, describeReferences, listHistory, type DeleteRequest } from './api';

export const historyKeys = {
  all: ['history'] as const,
  search: ['history', 'search'] as const,
  operate: ['history', 'operate'] as const,
  combine: ['history', 'combine'] as const,
  references: ['history', 'references'] as const,
};

// A history list must show what the user just did, so it is never served stale.
export const FRESH = { staleTime: 0 } as const;

export function useSearchHistory(query: ListHistoryRequest, isEnabled = true) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: [...historyKeys.search, query],
    queryFn: ({ signal }) => listHistory(query, { lang, messages, signal }),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
    ...FRESH,
  });
}

export function useDeleteHistory(kind: 'search' | 'operate') {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeleteRequest) =>
      kind === 'search' ? deleteHistory(body, { lang, messages }) : deleteOperateHistory(body, { lang, messages }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: historyKeys.all }),
  });
}

/** What the `#n` numbers stand for (the user's entries), for the expression editor; none asked without numbers. */
export function useHistoryReferences(nos: readonly number[], isEnabled = true) {
  const { lang, messages } = useApiContext();
  const asked = [...new Set(nos)].sort((a, b) => a - b);
  return useQuery({
    queryKey: [...historyKeys.search, 'references', asked, lang],
    queryFn: ({ signal }) => describeReferences(asked, { lang, messages, signal }),
    enabled: isEnabled && asked.length > 0,
    placeholderData: keepPreviousData,
    ...FRESH,
  });
}

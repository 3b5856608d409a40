import { useCallback } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListHistoryRequest } from '@patlas/contracts';
import { useApiContext } from '../../api/useApiContext';
import { isTokenExpired } from '../auth/session';
import { useSessionStore } from '../auth/useSession';
import {
  combineHistory,
  deleteHistory,
  deleteOperateHistory,
  fetchOperateData,
  listHistory,
  listOperateHistory,
  type CombineHistoryRequest,
  type DeleteRequest,
  type FileOptions,
  type ListOperateHistoryRequest,
} from './api';

export const historyKeys = {
  all: ['history'] as const,
  search: ['history', 'search'] as const,
  operate: ['history', 'operate'] as const,
  combine: ['history', 'combine'] as const,
};

// A history list must show what the user just did, so it is never served stale.
const FRESH = { staleTime: 0 } as const;

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

export function useOperateHistory(query: ListOperateHistoryRequest) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: [...historyKeys.operate, query],
    queryFn: ({ signal }) => listOperateHistory(query, { lang, messages, signal }),
    placeholderData: keepPreviousData,
    ...FRESH,
  });
}

/** The combined expression and its count; asked again whenever the rows or operators change. */
export function useCombinedHistory(body: CombineHistoryRequest | undefined) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: [...historyKeys.combine, body],
    queryFn: ({ signal }) => combineHistory(body as CombineHistoryRequest, { lang, messages, signal }),
    enabled: body !== undefined && body.items.length >= 2,
    // The last answer stays while an operator change is being counted.
    placeholderData: keepPreviousData,
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

/** The stored operation, to reopen it. */
export function useOperateData() {
  const { lang, messages } = useApiContext();
  return useMutation({ mutationFn: (id: string) => fetchOperateData(id, { lang, messages }) });
}

/**
 * Options for the file calls (export, import), which send the token themselves: an expired token
 * is first renewed by one ordinary call, which goes through the client's shared refresh.
 */
export function useFileOptions(): () => Promise<FileOptions> {
  const { lang, messages } = useApiContext();
  const store = useSessionStore();
  return useCallback(async () => {
    const session = store.getSnapshot().session;
    if (session && isTokenExpired(session, store.now())) {
      await listHistory({ page: 1, pageSize: 1 }, { lang, messages }).catch(() => undefined);
    }
    return { lang, messages, token: store.getSnapshot().session?.token };
  }, [store, lang, messages]);
}

import { useCallback } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { useApiContext } from '../../api/useApiContext';
import { listHistory } from '../../history-recording/api';
import { FRESH, historyKeys } from '../../history-recording/queries';
import { isTokenExpired } from '../../session/session';
import { useSessionStore } from '../../session/useSession';
import {
  combineHistory,
  fetchOperateData,
  listOperateHistory,
  type CombineHistoryRequest,
  type FileOptions,
  type ListOperateHistoryRequest,
} from './api';

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

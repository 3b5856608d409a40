import { useCallback } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiContext } from '../../api/useApiContext';
import { toNeighboursRequest, type ResultListContext } from '../../search-state/result-list-context';
import { isTokenExpired } from '../../session/session';
import { useSessionStore } from '../../session/useSession';
import { invalidateReadMarks } from '../../read-marks/read-marks';
import {
  evaluatePatentValue,
  fetchApplicationLegalHistory,
  fetchInventorStats,
  fetchPatentAwards,
  fetchListNeighbours,
  fetchPatentDetail,
  refreshPatentValue,
  type FileOptions,
} from './api';

/**
 * The detail of one patent. The language is part of the key because failure messages come
 * localised from the server; on a language switch the record already shown stays on screen.
 */
export function usePatentDetail(pn: string | undefined) {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['patent-detail', pn, lang],
    queryFn: async ({ signal }) => {
      const detail = await fetchPatentDetail(pn ?? '', { lang, messages, signal });
      // The server marked it read for this user (reading marks): the lists show it at once.
      invalidateReadMarks(queryClient);
      return detail;
    },
    enabled: Boolean(pn),
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[1] === pn ? previous : undefined),
  });
}

/** The previous and next records of the result list a detail page was opened from. */
export function useListNeighbours(context: ResultListContext | undefined) {
  const { lang, messages } = useApiContext();
  const request = context ? toNeighboursRequest(context) : undefined;
  return useQuery({
    queryKey: ['list-neighbours', request, lang],
    queryFn: ({ signal }) => fetchListNeighbours(request!, { lang, messages, signal }),
    enabled: request !== undefined,
    // While the next record's neighbours load, the buttons keep their place.
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** The CNKI legal history of the application a record belongs to (all its stored publications). */
export function useApplicationLegalHistory(applicationNumber: string | undefined) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: ['legal-cnki', applicationNumber, lang],
    queryFn: ({ signal }) => fetchApplicationLegalHistory(applicationNumber ?? '', { lang, messages, signal }),
    enabled: Boolean(applicationNumber),
    staleTime: 60_000,
    retry: false,
  });
}

/** The value evaluation of one patent (the value tab). */
export function usePatentValue(pn: string) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: ['patent-value', pn, lang],
    queryFn: ({ signal }) => evaluatePatentValue(pn, { lang, messages, signal }),
  });
}

/** Reads the value indicators again from the record; the tab then shows the new evaluation. */
export function useRefreshPatentValue(pn: string) {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => refreshPatentValue(pn, { lang, messages }),
    onSuccess: (value) => queryClient.setQueryData(['patent-value', pn, lang], value),
  });
}

export function useInventorStats(pn: string) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: ['inventor-stats', pn, lang],
    queryFn: ({ signal }) => fetchInventorStats(pn, { lang, messages, signal }),
    staleTime: 60_000,
  });
}

/** Options of a file call: the session's token, renewed first when it has expired. */
export function useFileOptions(): () => Promise<FileOptions> {
  const { lang, messages } = useApiContext();
  const store = useSessionStore();
  return useCallback(async () => {
    const session = store.getSnapshot().session;
    // Any JSON call renews an expired token through the client's auth bridge.
    if (session && isTokenExpired(session, store.now())) {
      await fetchPatentDetail('-', { lang, messages }).catch(() => undefined);
    }
    return { lang, messages, token: store.getSnapshot().session?.token };
  }, [store, lang, messages]);
}

/** The awards of the patent shown (the header's award tags). */
export function usePatentAwards(pn: string) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: ['patent-awards', pn, lang],
    queryFn: ({ signal }) => fetchPatentAwards(pn, { lang, messages, signal }),
    staleTime: 60_000,
  });
}

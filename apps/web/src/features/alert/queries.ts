import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiContext } from '../../api/useApiContext';
import { listAlerts } from '../../alert-actions/api';
import { alertKeys } from '../../alert-actions/queries';
import { countResults, deleteAlert, getRunDetails, listRuns, sendTestMail, switchAlert } from './api';

/** One page of the user's alerts, newest first; a list the user just changed is never served stale. */
export function useAlertList(keyword: string, page: number, pageSize: number) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: alertKeys.list(keyword, page, pageSize),
    queryFn: ({ signal }) =>
      listAlerts({ ...(keyword ? { keyword } : {}), page, pageSize }, { lang, messages, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useSwitchAlert() {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) => switchAlert(id, enabled, { lang, messages }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export function useDeleteAlert() {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteAlert(id, { lang, messages }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

/** Issue 43: "send a test mail now" (nothing of the list changes). */
export function useSendTestMail() {
  const { lang, messages } = useApiContext();
  return useMutation({ mutationFn: (id: string) => sendTestMail(id, { lang, messages }) });
}

/** An alert and one page of its runs, newest first. */
export function useRuns(id: string | undefined, page: number, pageSize: number) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: alertKeys.runs(id ?? '', page, pageSize),
    queryFn: ({ signal }) => listRuns(id ?? '', page, pageSize, { lang, messages, signal }),
    enabled: Boolean(id),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Runs, new and changed over all of an alert's runs. */
export function useResultCount(id: string | undefined) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: [...alertKeys.all, 'count', id ?? ''],
    queryFn: ({ signal }) => countResults([id ?? ''], { lang, messages, signal }),
    enabled: Boolean(id),
    staleTime: 0,
  });
}

/** A run's alert (a link that names only the run: the result page's way back). */
export function useRunDetails(runId: string | undefined) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: alertKeys.details(runId ?? '', 1, 1),
    queryFn: ({ signal }) => getRunDetails(runId ?? '', { lang, messages, signal }),
    enabled: Boolean(runId),
  });
}

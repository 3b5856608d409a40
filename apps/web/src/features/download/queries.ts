import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DownloadListResponse, DownloadTask } from '@patlas/contracts';
import { useApiContext } from '../../api/useApiContext';
import { downloadKeys } from '../../export-actions/queries';
import { isActiveTask, useTaskQuery } from '../../tasks/useTaskQuery';
import { listDownloads, runDownloadAction, type DownloadAction } from './api';

/** Polling while a task runs and its progress socket is not live (spec: "polling as the fallback"). */
export const DOWNLOAD_POLL_MS = 2_000;

/**
 * One page of the user's tasks. `isPolling`: ask again every 2 s while any task on the page is
 * waiting or running (the progress sockets failed or closed early).
 */
export function useDownloads(page: number, pageSize: number, isPolling: boolean) {
  const { lang, messages } = useApiContext();
  return useTaskQuery({
    queryKey: downloadKeys.list(page, pageSize),
    queryFn: ({ signal }) => listDownloads({ page, pageSize }, { lang, messages, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    tasksOf: (data) => data.items,
    pollMs: DOWNLOAD_POLL_MS,
    polling: isPolling,
  });
}

export function useDownloadAction() {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: DownloadAction; id: string }) =>
      runDownloadAction(action, id, { lang, messages }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: downloadKeys.all }),
  });
}

/** Puts a task's pushed progress into every cached page that lists it. */
export function useApplyProgress() {
  const queryClient = useQueryClient();
  return (progress: Partial<DownloadTask> & { id: string }) => {
    queryClient.setQueriesData<DownloadListResponse>({ queryKey: downloadKeys.all }, (old) =>
      old
        ? { ...old, items: old.items.map((item) => (item.id === progress.id ? { ...item, ...progress } : item)) }
        : old,
    );
    // A finished task gains its finish and expiry times, which the pushed message does not carry.
    if (progress.state && !isActiveTask({ state: progress.state }))
      void queryClient.invalidateQueries({ queryKey: downloadKeys.all });
  };
}

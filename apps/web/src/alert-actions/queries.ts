import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AlertAddRequest, AlertUpdateRequest, LibraryAlertRequest } from '@patlas/contracts';
import { useApiContext } from '../api/useApiContext';
import { addAlert, listAlerts, saveLibraryAlert, updateAlert } from './api';

export const alertKeys = {
  all: ['alert'] as const,
  lists: ['alert', 'list'] as const,
  list: (keyword: string, page: number, pageSize: number) => ['alert', 'list', keyword, page, pageSize] as const,
  ofLibrary: (folderId: string) => ['alert', 'library', folderId] as const,
  runs: (id: string, page: number, pageSize: number) => ['alert', 'runs', id, page, pageSize] as const,
  details: (runId: string, page: number, pageSize: number) => ['alert', 'details', runId, page, pageSize] as const,
};

/** What the dialog saves: a new alert, an edited one, or a library folder's alert. */
export type AlertSave =
  | { kind: 'add'; body: AlertAddRequest }
  | { kind: 'update'; body: AlertUpdateRequest }
  | { kind: 'library'; body: LibraryAlertRequest };

export function useSaveAlert() {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: AlertSave) => {
      const options = { lang, messages };
      if (save.kind === 'add') return addAlert(save.body, options);
      if (save.kind === 'update') return updateAlert(save.body, options);
      return saveLibraryAlert(save.body, options);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

/** The caller's alert of a library folder, if any (the library page's button edits it). */
export function useLibraryAlert(folderId: string, isEnabled = true) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: alertKeys.ofLibrary(folderId),
    queryFn: async ({ signal }) =>
      (await listAlerts({ libraryId: folderId, page: 1, pageSize: 1 }, { lang, messages, signal })).items[0] ?? null,
    enabled: isEnabled,
    staleTime: 0,
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LabelCancelRequest, LabelSetRequest, SearchState } from '@patlas/contracts';
import { useApiContext } from '../api/useApiContext';
import {
  cancelLabels,
  collectPatents,
  createFolder,
  deleteLibrary,
  listFolders,
  listHolding,
  listLabels,
  listSharedLibraries,
  saveExpression,
  setLabels,
  type CollectSource,
  type FolderListState,
} from './api';

export const libraryKeys = {
  all: ['library'] as const,
  folders: ['library', 'folders'] as const,
  shared: ['library', 'shared'] as const,
  expressions: ['library', 'expressions'] as const,
  labels: ['library', 'labels'] as const,
  holding: ['library', 'holding'] as const,
  log: ['library', 'log'] as const,
};

/** A folder's result page lists what it holds: after a change it must be asked again. */
const LIBRARY_RESULTS = ['search', 'results'] as const;

/** The caller's folders (tree order) and quota; a list the user just changed is never served stale. */
export function useFolders(state: FolderListState = 'current', isEnabled = true) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: [...libraryKeys.folders, state],
    queryFn: ({ signal }) => listFolders(state, { lang, messages, signal }),
    enabled: isEnabled,
    staleTime: 0,
  });
}

/** Collaborative libraries: those the caller shares and those shared with them (with their folders). */
export function useSharedLibraries(isEnabled = true) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: libraryKeys.shared,
    queryFn: ({ signal }) => listSharedLibraries({ lang, messages, signal }),
    enabled: isEnabled,
    staleTime: 0,
  });
}

export function useCreateFolder() {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; remark?: string; parentId?: string | null }) =>
      createFolder(body, { lang, messages }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.folders }),
  });
}

export function useCollect() {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ folderIds, source }: { folderIds: string[]; source: CollectSource }) =>
      collectPatents(folderIds, source, { lang, messages }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: libraryKeys.all });
      void queryClient.invalidateQueries({ queryKey: LIBRARY_RESULTS });
    },
  });
}

export function useSaveExpression() {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, state }: { name: string; state: SearchState }) =>
      saveExpression(name, state, { lang, messages }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.expressions }),
  });
}

/** Which of the user's folders hold each of the numbers shown (result pages mark them). */
export function useHolding(publicationNumbers: readonly string[], isEnabled = true) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: [...libraryKeys.holding, publicationNumbers],
    queryFn: ({ signal }) => listHolding(publicationNumbers, { lang, messages, signal }),
    enabled: isEnabled && publicationNumbers.length > 0,
    staleTime: 30_000,
  });
}

/** The user's labels; with a folder, how many of its patents carry each. */
export function useLabels(folderId: string | undefined, isEnabled = true) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: [...libraryKeys.labels, folderId ?? ''],
    queryFn: ({ signal }) => listLabels(folderId, { lang, messages, signal }),
    enabled: isEnabled,
    staleTime: 0,
  });
}

export function useSetLabels() {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LabelSetRequest) => setLabels(body, { lang, messages }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: libraryKeys.labels });
      void queryClient.invalidateQueries({ queryKey: LIBRARY_RESULTS });
    },
  });
}

export function useCancelLabels() {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LabelCancelRequest) => cancelLabels(body, { lang, messages }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: libraryKeys.labels });
      void queryClient.invalidateQueries({ queryKey: LIBRARY_RESULTS });
    },
  });
}

/** Removes patents from a folder: the chosen ones, or (all) its first 30,000 in list order. */
export function useRemovePatents() {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { folderId: string; publicationNumbers: string[] } | { folderId: string; all: true }) =>
      deleteLibrary({ action: 'removePatents', ...body }, { lang, messages }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: libraryKeys.all });
      void queryClient.invalidateQueries({ queryKey: LIBRARY_RESULTS });
    },
  });
}

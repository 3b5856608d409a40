import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  LibraryCombineRequest,
  LibraryDeleteRequest,
  LibraryShareRequest,
  LibraryUpdateRequest,
} from '@patlas/contracts';
import { useApiContext } from '../../api/useApiContext';
import { combineExpressions, deleteLibrary, listExpressions, updateLibrary } from '../../library-actions/api';
import { libraryKeys } from '../../library-actions/queries';
import { listLibraryLog, listMyGroups, quitLibrary, shareLibrary } from './api';

/** Every library change can move counts, states and the log: the whole library cache is asked again. */
function useInvalidateLibrary() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: libraryKeys.all });
    void queryClient.invalidateQueries({ queryKey: ['search', 'results'] });
  };
}

export function useUpdateLibrary() {
  const { lang, messages } = useApiContext();
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: (body: LibraryUpdateRequest) => updateLibrary(body, { lang, messages }),
    onSuccess: invalidate,
  });
}

export function useDeleteLibrary() {
  const { lang, messages } = useApiContext();
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: (body: LibraryDeleteRequest) => deleteLibrary(body, { lang, messages }),
    onSuccess: invalidate,
  });
}

export function useExpressions(query: { keyword?: string; page: number; pageSize: number }) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: [...libraryKeys.expressions, query],
    queryFn: ({ signal }) => listExpressions(query, { lang, messages, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The combined expression and its count; asked again whenever the rows or operators change. */
export function useCombinedExpressions(body: LibraryCombineRequest | undefined) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: [...libraryKeys.expressions, 'combine', body],
    queryFn: ({ signal }) => combineExpressions(body as LibraryCombineRequest, { lang, messages, signal }),
    enabled: body !== undefined && body.items.length >= 2,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useLibraryLog(folderId: string | undefined, page: number) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: [...libraryKeys.log, folderId, page],
    queryFn: ({ signal }) =>
      listLibraryLog({ folderId: folderId ?? '', page, pageSize: 10 }, { lang, messages, signal }),
    enabled: Boolean(folderId),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Sharing a library: invite, remove a member, disband (members and lists are asked again). */
export function useShareLibrary() {
  const { lang, messages } = useApiContext();
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: (body: LibraryShareRequest) => shareLibrary(body, { lang, messages }),
    onSuccess: invalidate,
  });
}

/** The owner and members of a library (invitations too, for its owner). */
export function useLibraryMembers(folderId: string | undefined) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: [...libraryKeys.all, 'members', folderId],
    queryFn: async ({ signal }) =>
      (await shareLibrary({ action: 'members', folderId: folderId! }, { lang, messages, signal })).members ?? [],
    enabled: folderId !== undefined,
    staleTime: 0,
  });
}

export function useQuitLibrary() {
  const { lang, messages } = useApiContext();
  const invalidate = useInvalidateLibrary();
  return useMutation({
    mutationFn: (folderId: string) => quitLibrary(folderId, { lang, messages }),
    onSuccess: invalidate,
  });
}

/** The caller's groups (to share a library with one of them). */
export function useMyGroups(isEnabled: boolean) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: ['groups', 'mine-for-library'],
    queryFn: async ({ signal }) => (await listMyGroups({ lang, messages, signal })).items,
    enabled: isEnabled,
    staleTime: 0,
  });
}

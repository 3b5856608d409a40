import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LibraryCombineRequest, LibraryDeleteRequest, LibraryUpdateRequest } from '@patlas/contracts';
import { useApiContext } from '../../api/useApiContext';
import { combineExpressions, deleteLibrary, listExpressions, updateLibrary } from '../../library-actions/api';
import { libraryKeys } from '../../library-actions/queries';
import { listLibraryLog } from './api';

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

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiContext } from '../../api/useApiContext';
import { deleteMyFiles, listMyFiles, renameMyFile, type MyFileListQuery } from './api';

export const myFileKeys = {
  all: ['myFile'] as const,
  list: (query: MyFileListQuery) => ['myFile', 'list', query] as const,
};

export function useMyFiles(query: MyFileListQuery) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: myFileKeys.list(query),
    queryFn: ({ signal }) => listMyFiles(query, { lang, messages, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useRenameMyFile() {
  const { lang, messages } = useApiContext();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ fileId, fileName }: { fileId: string; fileName: string }) =>
      renameMyFile(fileId, fileName, { lang, messages }),
    onSettled: () => client.invalidateQueries({ queryKey: myFileKeys.all }),
  });
}

export function useDeleteMyFiles() {
  const { lang, messages } = useApiContext();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fileIds: string[]) => deleteMyFiles(fileIds, { lang, messages }),
    onSettled: () => client.invalidateQueries({ queryKey: myFileKeys.all }),
  });
}

/** After an upload: the list asks again. */
export function useRefreshMyFiles(): () => void {
  const client = useQueryClient();
  return () => void client.invalidateQueries({ queryKey: myFileKeys.all });
}

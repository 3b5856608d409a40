import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DisclosureKind } from '@patlas/contracts';
import { useApiContext } from '../../api/useApiContext';
import { deleteDocuments, getDocument, getVersion, listDocuments, listVersions } from './api';

export const disclosureKeys = {
  all: ['disclosure'] as const,
  list: (kind: DisclosureKind, title: string, page: number, pageSize: number) =>
    ['disclosure', 'list', kind, title, page, pageSize] as const,
  detail: (id: string) => ['disclosure', 'detail', id] as const,
  versions: (id: string) => ['disclosure', 'versions', id] as const,
  version: (id: string, versionId: string) => ['disclosure', 'version', id, versionId] as const,
};

/** One page of the user's documents of a kind, the title containing `title`. */
export function useDocuments(kind: DisclosureKind, title: string, page: number, pageSize: number) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: disclosureKeys.list(kind, title, page, pageSize),
    queryFn: ({ signal }) =>
      listDocuments({ kind, page, pageSize, ...(title ? { title } : {}) }, { lang, messages, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** A document as stored; read once per opening (the editor keeps its own text from then on). */
export function useDocument(id: string | undefined) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: disclosureKeys.detail(id ?? ''),
    queryFn: ({ signal }) => getDocument(id ?? '', { lang, messages, signal }),
    enabled: Boolean(id),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useVersions(id: string | undefined, enabled: boolean) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: disclosureKeys.versions(id ?? ''),
    queryFn: ({ signal }) => listVersions(id ?? '', { lang, messages, signal }),
    enabled: Boolean(id) && enabled,
    staleTime: 0,
  });
}

export function useVersion(id: string | undefined, versionId: string | undefined) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: disclosureKeys.version(id ?? '', versionId ?? ''),
    queryFn: ({ signal }) => getVersion(id ?? '', versionId ?? '', { lang, messages, signal }),
    enabled: Boolean(id) && Boolean(versionId),
  });
}

export function useDeleteDocument() {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteDocuments([id], { lang, messages }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['disclosure', 'list'] }),
  });
}

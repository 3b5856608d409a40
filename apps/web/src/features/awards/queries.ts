import { useCallback } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiContext } from '../../api/useApiContext';
import { isTokenExpired } from '../../session/session';
import { useSessionStore } from '../../session/useSession';
import { deleteAward, fetchAwards, importAwards } from './api';

const AWARDS_KEY = ['awards'] as const;

export function useAwards(page: number, pageSize: number, q: string) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: [...AWARDS_KEY, page, pageSize, q],
    queryFn: ({ signal }) => fetchAwards({ page, pageSize, q: q || undefined }, { lang, messages, signal }),
    placeholderData: keepPreviousData,
  });
}

/** Imports a CSV; an expired token is renewed first by one ordinary call (the upload cannot refresh it). */
export function useImportAwards() {
  const { lang, messages } = useApiContext();
  const store = useSessionStore();
  const client = useQueryClient();
  const fileOptions = useCallback(async () => {
    const session = store.getSnapshot().session;
    if (session && isTokenExpired(session, store.now())) {
      await fetchAwards({ pageSize: 1 }, { lang, messages }).catch(() => undefined);
    }
    return { lang, messages, token: store.getSnapshot().session?.token };
  }, [store, lang, messages]);
  return useMutation({
    mutationFn: async (file: File) => importAwards(file, await fileOptions()),
    onSuccess: () => client.invalidateQueries({ queryKey: AWARDS_KEY }),
  });
}

export function useDeleteAward() {
  const { lang, messages } = useApiContext();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string | null) => deleteAward(id, { lang, messages }),
    onSuccess: () => client.invalidateQueries({ queryKey: AWARDS_KEY }),
  });
}

import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImageSearchFiltersInput, ImageSearchResult } from '@patlas/contracts';
import { useApiContext } from '../../api/useApiContext';
import { isTokenExpired } from '../../session/session';
import { useSessionStore } from '../../session/useSession';
import { clearImageHistory, getImageResult, listImageHistory, searchImage } from './api';

export const imageSearchKeys = {
  history: ['imageSearch', 'history'] as const,
  result: (key: string) => ['imageSearch', 'result', key] as const,
};

/** A stored result (the page's `?key=`); kept while the page is open. */
export function useImageResult(key: string | null) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: imageSearchKeys.result(key ?? ''),
    queryFn: ({ signal }) => getImageResult(key!, false, { lang, messages, signal }),
    enabled: !!key,
    staleTime: Infinity,
    retry: false,
  });
}

export function useImageHistory() {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: imageSearchKeys.history,
    queryFn: ({ signal }) => listImageHistory({ lang, messages, signal }),
    staleTime: 0,
  });
}

/** Uploads an image; an expired token is renewed first by one ordinary call. The result is cached under its key. */
export function useImageSearch() {
  const { lang, messages } = useApiContext();
  const store = useSessionStore();
  const client = useQueryClient();
  const fileOptions = useCallback(async () => {
    const session = store.getSnapshot().session;
    if (session && isTokenExpired(session, store.now())) {
      await listImageHistory({ lang, messages }).catch(() => undefined);
    }
    return { lang, messages, token: store.getSnapshot().session?.token };
  }, [store, lang, messages]);
  return useMutation({
    mutationFn: async ({ file, filters }: { file: File; filters: ImageSearchFiltersInput }) =>
      searchImage(file, filters, await fileOptions()),
    onSuccess: (result: ImageSearchResult) => {
      client.setQueryData(imageSearchKeys.result(result.key), result);
      void client.invalidateQueries({ queryKey: imageSearchKeys.history });
    },
  });
}

/**
 * Ranks a stored search again against the current index (history "search again"), under other
 * filters when given (the filter bar on a shown result).
 */
export function useRerunImageSearch() {
  const { lang, messages } = useApiContext();
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ key, filters }: { key: string; filters?: ImageSearchFiltersInput }) =>
      getImageResult(key, true, { lang, messages }, filters),
    onSuccess: (result: ImageSearchResult) => {
      client.setQueryData(imageSearchKeys.result(result.key), result);
      void client.invalidateQueries({ queryKey: imageSearchKeys.history });
    },
  });
}

export function useClearImageHistory() {
  const { lang, messages } = useApiContext();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => clearImageHistory({ lang, messages }),
    onSuccess: () => {
      client.removeQueries({ queryKey: ['imageSearch', 'result'] });
      return client.invalidateQueries({ queryKey: imageSearchKeys.history });
    },
  });
}

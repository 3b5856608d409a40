import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BatchMode, ManageBatchRecordRequest } from '@patlas/contracts';
import { useApiContext } from '../../api/useApiContext';
import { isTokenExpired } from '../../session/session';
import { useSessionStore } from '../../session/useSession';
import { getBatchRecords, importBatchFile, manageBatchRecords, searchBatch } from './api';

export const batchSearchKeys = { records: ['batchSearch', 'records'] as const };

export function useBatchRecords() {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: batchSearchKeys.records,
    queryFn: ({ signal }) => getBatchRecords({ lang, messages, signal }),
    staleTime: 0,
  });
}

export function useBatchSearch() {
  const { lang, messages } = useApiContext();
  return useMutation({
    mutationFn: ({ mode, text }: { mode: BatchMode; text: string }) => searchBatch(mode, text, { lang, messages }),
  });
}

export function useManageBatchRecords() {
  const { lang, messages } = useApiContext();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ManageBatchRecordRequest) => manageBatchRecords(body, { lang, messages }),
    onSuccess: () => client.invalidateQueries({ queryKey: batchSearchKeys.records }),
  });
}

/** Uploads a .txt/.xls/.xlsx file; an expired token is renewed first by one ordinary call. */
export function useImportBatchFile() {
  const { lang, messages } = useApiContext();
  const store = useSessionStore();
  const fileOptions = useCallback(async () => {
    const session = store.getSnapshot().session;
    if (session && isTokenExpired(session, store.now())) {
      await getBatchRecords({ lang, messages }).catch(() => undefined);
    }
    return { lang, messages, token: store.getSnapshot().session?.token };
  }, [store, lang, messages]);
  return useMutation({
    mutationFn: async ({ file, mode }: { file: File; mode: BatchMode }) =>
      importBatchFile(file, mode, await fileOptions()),
  });
}

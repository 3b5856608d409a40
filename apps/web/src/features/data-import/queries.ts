import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isImportRunActive } from '@patlas/contracts';
import { useApiContext } from '../../api/useApiContext';
import { isTokenExpired } from '../../session/session';
import { useSessionStore } from '../../session/useSession';
import {
  discardImportUpload,
  fetchCompanyInfoSummary,
  fetchCompanyTreeSummary,
  fetchImportRun,
  fetchImportRuns,
  startImport,
  uploadCompanyInfo,
  uploadCompanyTree,
  uploadImportFile,
} from './api';

export const dataImportKeys = {
  runs: ['dataImport', 'runs'] as const,
  run: (id: string) => ['dataImport', 'run', id] as const,
};

/** How often a queued or running import is asked for its progress. */
export const RUN_POLL_MS = 1000;

/** The recent runs; asked again while one of them is queued or running. */
export function useImportRuns() {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: dataImportKeys.runs,
    queryFn: ({ signal }) => fetchImportRuns({ lang, messages, signal }),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data?.items.some((run) => isImportRunActive(run.status)) ? RUN_POLL_MS : false,
  });
}

/** One run, polled until it has ended. */
export function useImportRun(id: string | null) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: dataImportKeys.run(id ?? ''),
    queryFn: ({ signal }) => fetchImportRun(id ?? '', { lang, messages, signal }),
    enabled: id !== null,
    staleTime: 0,
    refetchInterval: (query) => (query.state.data && isImportRunActive(query.state.data.status) ? RUN_POLL_MS : false),
  });
}

/** Uploads one file; an expired token is renewed first by one ordinary call (the upload cannot refresh it). */
export function useUploadImportFile() {
  const { lang, messages } = useApiContext();
  const store = useSessionStore();
  const fileOptions = useCallback(async () => {
    const session = store.getSnapshot().session;
    if (session && isTokenExpired(session, store.now())) {
      await fetchImportRuns({ lang, messages }).catch(() => undefined);
    }
    return { lang, messages, token: store.getSnapshot().session?.token };
  }, [store, lang, messages]);
  return useMutation({ mutationFn: async (file: File) => uploadImportFile(file, await fileOptions()) });
}

export function useDiscardImportUpload() {
  const { lang, messages } = useApiContext();
  return useMutation({ mutationFn: (id: string) => discardImportUpload(id, { lang, messages }) });
}

export function useStartImport() {
  const { lang, messages } = useApiContext();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fileIds: readonly string[]) => startImport(fileIds, { lang, messages }),
    onSuccess: (run) => {
      client.setQueryData(dataImportKeys.run(run.id), run);
      return client.invalidateQueries({ queryKey: dataImportKeys.runs });
    },
  });
}

/** The imported company tree: its size and file. */
export function useCompanyTreeSummary() {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: ['dataImport', 'companyTree'] as const,
    queryFn: ({ signal }) => fetchCompanyTreeSummary({ lang, messages, signal }),
    staleTime: 0,
  });
}

/**
 * Uploads a company file to replace what is stored under `key`; an expired token is renewed first by
 * one ordinary call (the upload cannot refresh it).
 */
function useCompanyFileUpload<T>(
  key: 'companyTree' | 'companyInfo',
  fetchSummary: (options: Parameters<typeof fetchCompanyTreeSummary>[0]) => Promise<unknown>,
  upload: (file: File, options: Parameters<typeof uploadCompanyTree>[1]) => Promise<T>,
) {
  const { lang, messages } = useApiContext();
  const store = useSessionStore();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const session = store.getSnapshot().session;
      if (session && isTokenExpired(session, store.now())) {
        await fetchSummary({ lang, messages }).catch(() => undefined);
      }
      return upload(file, { lang, messages, token: store.getSnapshot().session?.token });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['dataImport', key] }),
  });
}

/** Replaces the company tree with a CSV; a refused file answers its faulty lines in the message. */
export function useUploadCompanyTree() {
  return useCompanyFileUpload('companyTree', fetchCompanyTreeSummary, uploadCompanyTree);
}

export function useCompanyInfoSummary() {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: ['dataImport', 'companyInfo'] as const,
    queryFn: ({ signal }) => fetchCompanyInfoSummary({ lang, messages, signal }),
    staleTime: 0,
  });
}

/** Replaces the company information file (listed or not, type, region); the answer lists the lines left out. */
export function useUploadCompanyInfo() {
  return useCompanyFileUpload('companyInfo', fetchCompanyInfoSummary, uploadCompanyInfo);
}

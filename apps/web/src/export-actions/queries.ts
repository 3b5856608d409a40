import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnalysisExportRequest, CitationExportRequest, ExportFieldId, ExportRequest } from '@patlas/contracts';
import { useApiContext } from '../api/useApiContext';
import { isTokenExpired } from '../session/session';
import { useSessionStore } from '../session/useSession';
import {
  addLastExportFields,
  checkExport,
  createDownloadTask,
  deleteTemplate,
  exportAnalysis,
  exportCitations,
  exportExcel,
  getExportFields,
  listTemplates,
  saveTemplate,
  sortFields,
  type FileOptions,
} from './api';

export const exportKeys = {
  fields: ['export', 'fields'] as const,
  templates: ['export', 'templates'] as const,
};

/** The download page's list; an export that starts a task makes it stale. */
export const downloadKeys = {
  all: ['downloads'] as const,
  list: (page: number, pageSize: number) => ['downloads', 'list', page, pageSize] as const,
};

/** The field catalogue (labels in the UI language), the user's order and the last export's fields. */
export function useExportFields(isEnabled = true) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: [...exportKeys.fields, lang],
    queryFn: ({ signal }) => getExportFields({ lang, messages, signal }),
    enabled: isEnabled,
    staleTime: 0,
  });
}

export function useExportTemplates(isEnabled = true) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: exportKeys.templates,
    queryFn: ({ signal }) => listTemplates({ lang, messages, signal }),
    enabled: isEnabled,
    staleTime: 0,
  });
}

export function useSaveTemplate() {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; fields: ExportFieldId[] }) => saveTemplate(body, { lang, messages }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportKeys.templates }),
  });
}

export function useDeleteTemplate() {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteTemplate(id, { lang, messages }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportKeys.templates }),
  });
}

/**
 * Options for the calls that carry a file (they send the token themselves). An expired token is
 * renewed first through an ordinary call, which refreshes it the shared way.
 */
export function useFileOptions(): () => Promise<FileOptions> {
  const { lang, messages } = useApiContext();
  const store = useSessionStore();
  return useCallback(async () => {
    const session = store.getSnapshot().session;
    if (session && isTokenExpired(session, store.now())) {
      await listTemplates({ lang, messages }).catch(() => undefined);
    }
    return { lang, messages, token: store.getSnapshot().session?.token };
  }, [store, lang, messages]);
}

/**
 * One export as the dialog runs it: /export/check, then /export/excel (xlsx, csv: the file or a
 * task) or /download/task (docx, pdf). The fields used are remembered for the next dialog, and
 * the user's field order when it was changed.
 */
export function useRunExport() {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  const fileOptions = useFileOptions();
  return useMutation({
    mutationFn: async ({ request, order }: { request: ExportRequest; order?: ExportFieldId[] }) => {
      await checkExport(request, { lang, messages });
      const result =
        request.format === 'xlsx' || request.format === 'csv'
          ? await exportExcel(request, await fileOptions())
          : { kind: 'task' as const, task: await createDownloadTask(request, { lang, messages }) };
      // Remembering is a convenience: the export has happened whatever these answer.
      const remembered = [addLastExportFields([...request.fields], { lang, messages })];
      if (order) remembered.push(sortFields(order, { lang, messages }));
      await Promise.allSettled(remembered);
      return result;
    },
    onSuccess: (result) => {
      void queryClient.invalidateQueries({ queryKey: exportKeys.fields });
      if (result.kind === 'task') void queryClient.invalidateQueries({ queryKey: downloadKeys.all });
    },
  });
}

/** The citations of a set (/export/adduceInfo): the file at once, or the task it became. */
export function useExportCitations() {
  const queryClient = useQueryClient();
  const fileOptions = useFileOptions();
  return useMutation({
    mutationFn: async (request: CitationExportRequest) => exportCitations(request, await fileOptions()),
    onSuccess: (result) => {
      if (result.kind === 'task') void queryClient.invalidateQueries({ queryKey: downloadKeys.all });
    },
  });
}

/** An analysis's charts as a download task (/export/depthAnalysisInfo). */
export function useExportAnalysis() {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: AnalysisExportRequest) => exportAnalysis(request, { lang, messages }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: downloadKeys.all }),
  });
}

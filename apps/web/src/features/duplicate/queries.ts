import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiContext } from '../../api/useApiContext';
import { useFileOptions } from '../../export-actions/queries';
import { useTaskQuery } from '../../tasks/useTaskQuery';
import {
  deleteChecks,
  getDetails,
  getSnippet,
  getSummary,
  listChecks,
  quickCheck,
  runAgain,
  submitFile,
  submitText,
} from './api';

/** How often the list and a detail page ask again while a check waits or runs. */
export const DUPLICATE_POLL_MS = 1_500;

export const duplicateKeys = {
  all: ['duplicate'] as const,
  list: (page: number, pageSize: number) => ['duplicate', 'list', page, pageSize] as const,
  details: (id: string) => ['duplicate', 'details', id] as const,
  snippet: (id: string, pn: string) => ['duplicate', 'snippet', id, pn] as const,
  summary: (id: string) => ['duplicate', 'summary', id] as const,
};

/** One page of the user's checks, asked again while any of them waits or runs. */
export function useChecks(page: number, pageSize: number) {
  const { lang, messages } = useApiContext();
  return useTaskQuery({
    queryKey: duplicateKeys.list(page, pageSize),
    queryFn: ({ signal }) => listChecks(page, pageSize, { lang, messages, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    tasksOf: (data) => data.items,
    pollMs: DUPLICATE_POLL_MS,
  });
}

/** A text or a file to check: queued, the list refreshed. */
export function useSubmitCheck() {
  const { lang, messages } = useApiContext();
  const fileOptions = useFileOptions();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { text: string } | { file: File }) =>
      'file' in input ? submitFile(input.file, await fileOptions()) : submitText(input.text, { lang, messages }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: duplicateKeys.all }),
  });
}

export function useCheckAction() {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, id }: { action: 'again' | 'delete'; id: string }) =>
      action === 'again' ? runAgain(id, { lang, messages }) : deleteChecks([id], { lang, messages }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: duplicateKeys.all }),
  });
}

/**
 * The report of a check. Until it is done the server answers DUPLICATE_NOT_READY: the page shows
 * the check's state from the list and asks again.
 */
export function useDetails(id: string) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: duplicateKeys.details(id),
    queryFn: ({ signal }) => getDetails(id, { lang, messages, signal }),
    enabled: id !== '',
    retry: false,
    refetchInterval: (query) =>
      (query.state.error as { code?: string } | null)?.code === 'DUPLICATE_NOT_READY' ? DUPLICATE_POLL_MS : false,
  });
}

export function useSnippet(id: string, publicationNumber: string | undefined) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: duplicateKeys.snippet(id, publicationNumber ?? ''),
    queryFn: ({ signal }) => getSnippet(id, publicationNumber ?? '', { lang, messages, signal }),
    enabled: id !== '' && publicationNumber !== undefined,
  });
}

/** The similarity summary of a finished check (asked when the user opens it). */
export function useSummary(id: string | undefined) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: duplicateKeys.summary(id ?? ''),
    queryFn: ({ signal }) => getSummary(id ?? '', { lang, messages, signal }),
    enabled: id !== undefined,
    retry: false,
  });
}

/** The quick check of a text against given patents (nothing stored). */
export function useQuickCheck() {
  const { lang, messages } = useApiContext();
  return useMutation({
    mutationFn: ({ text, publicationNumbers }: { text: string; publicationNumbers: string[] }) =>
      quickCheck(text, publicationNumbers, { lang, messages }),
  });
}

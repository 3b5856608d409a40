import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PreEvaluationOrigin, PreEvaluationSearchRequest } from '@patlas/contracts';
import { useApiContext } from '../../api/useApiContext';
import { useTaskQuery } from '../../tasks/useTaskQuery';
import { deleteEvaluations, getDraft, getEvaluation, listEvaluations, startEvaluation } from './api';

/** How often a list or a page asks again while an evaluation waits or runs. */
export const PRE_EVALUATION_POLL_MS = 1_000;

export const preKeys = {
  all: ['pre-evaluation'] as const,
  list: (page: number, pageSize: number, origin?: PreEvaluationOrigin) =>
    ['pre-evaluation', 'list', page, pageSize, origin ?? 'all'] as const,
  detail: (id: string) => ['pre-evaluation', 'detail', id] as const,
  draft: (id: string) => ['pre-evaluation', 'draft', id] as const,
};

export function useEvaluations(page: number, pageSize: number, origin?: PreEvaluationOrigin) {
  const { lang, messages } = useApiContext();
  return useTaskQuery({
    queryKey: preKeys.list(page, pageSize, origin),
    queryFn: ({ signal }) => listEvaluations(page, pageSize, origin, { lang, messages, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    tasksOf: (data) => data.items,
    pollMs: PRE_EVALUATION_POLL_MS,
  });
}

/** An evaluation, asked again while it waits or runs. */
export function useEvaluation(id: string) {
  const { lang, messages } = useApiContext();
  return useTaskQuery({
    queryKey: preKeys.detail(id),
    queryFn: ({ signal }) => getEvaluation(id, { lang, messages, signal }),
    enabled: id !== '',
    retry: false,
    tasksOf: (data) => [data.evaluation],
    pollMs: PRE_EVALUATION_POLL_MS,
  });
}

export function useStartEvaluation() {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PreEvaluationSearchRequest) => startEvaluation(body, { lang, messages }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: preKeys.all }),
  });
}

export function useDeleteEvaluations() {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => deleteEvaluations(ids, { lang, messages }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: preKeys.all }),
  });
}

/** A saved draft (`?documentId=` / `?disclosureId=`) whose text fills the form. */
export function useDraft(id: string | null) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: preKeys.draft(id ?? ''),
    queryFn: ({ signal }) => getDraft(id ?? '', { lang, messages, signal }),
    enabled: Boolean(id),
    retry: false,
  });
}

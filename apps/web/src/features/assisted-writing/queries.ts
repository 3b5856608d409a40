import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RewriteListRequest, RewriteRequest } from '@patlas/contracts';
import { useApiContext } from '../../api/useApiContext';
import { useTaskQuery } from '../../tasks/useTaskQuery';
import { deleteRewrites, getDayLimit, getRewrite, listRewrites, rewriteAll, rewriteText } from './api';

/** How often a document being rewritten is asked for again. */
export const REWRITE_POLL_MS = 1_500;

export const rewriteKeys = {
  all: ['rewrite'] as const,
  limit: ['rewrite', 'limit'] as const,
  list: (request: RewriteListRequest) => ['rewrite', 'list', request] as const,
  one: (id: string) => ['rewrite', 'one', id] as const,
};

/** Today's characters and the writing quota. */
export function useDayLimit(enabled = true) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: rewriteKeys.limit,
    queryFn: ({ signal }) => getDayLimit({ lang, messages, signal }),
    enabled,
  });
}

/** One page of the history, asked again while any of its rewrites runs. */
export function useRewrites(request: RewriteListRequest, enabled = true) {
  const { lang, messages } = useApiContext();
  return useTaskQuery({
    queryKey: rewriteKeys.list(request),
    queryFn: ({ signal }) => listRewrites(request, { lang, messages, signal }),
    placeholderData: keepPreviousData,
    enabled,
    tasksOf: (data) => data.items,
    pollMs: REWRITE_POLL_MS,
  });
}

/** A rewrite with its whole texts; asked again while a document is rewritten. */
export function useRewrite(id: string | undefined) {
  const { lang, messages } = useApiContext();
  return useTaskQuery({
    queryKey: rewriteKeys.one(id ?? ''),
    queryFn: ({ signal }) => getRewrite(id ?? '', { lang, messages, signal }),
    enabled: id !== undefined && id !== '',
    retry: false,
    tasksOf: (rewrite) => [rewrite],
    pollMs: REWRITE_POLL_MS,
  });
}

/** A passage (answered at once) or a document (a task): the history and the limit refreshed after. */
export function useSubmitRewrite() {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, body }: { kind: 'text' | 'all'; body: RewriteRequest }) =>
      kind === 'text' ? rewriteText(body, { lang, messages }) : rewriteAll(body, { lang, messages }),
    onSuccess: (answer) => {
      queryClient.setQueryData(rewriteKeys.one(answer.rewrite.id), answer.rewrite);
      queryClient.setQueryData(rewriteKeys.limit, answer.limit);
    },
    // A refused or failed rewrite changes the history and the limit too.
    onSettled: () => queryClient.invalidateQueries({ queryKey: rewriteKeys.all }),
  });
}

export function useDeleteRewrites() {
  const { lang, messages } = useApiContext();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[]) => deleteRewrites(ids, { lang, messages }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: rewriteKeys.all }),
  });
}

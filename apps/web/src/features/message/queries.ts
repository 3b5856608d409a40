import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ListMessagesRequest } from '@patlas/contracts';
import { useApiContext } from '../../api/useApiContext';
import { fetchUnreadCount, listMessages, markMessagesRead, updateMessageStatus } from './api';

export const messageKeys = {
  all: ['messages'] as const,
  list: ['messages', 'list'] as const,
  unread: ['messages', 'unread'] as const,
};

/** How often the header's badge asks again (a new share or invitation shows within a minute). */
const UNREAD_POLL_MS = 60_000;

export function useMessages(query: ListMessagesRequest) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: [...messageKeys.list, query],
    queryFn: ({ signal }) => listMessages(query, { lang, messages, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useUnreadCount(isEnabled: boolean) {
  const { lang, messages } = useApiContext();
  return useQuery({
    queryKey: messageKeys.unread,
    // The badge's background poll stays out of the pending-request bar (spec 1 §7 `_NotCumulative`).
    queryFn: ({ signal }) => fetchUnreadCount({ lang, messages, signal, notCumulative: true }),
    enabled: isEnabled,
    refetchInterval: UNREAD_POLL_MS,
    staleTime: 0,
  });
}

/** Marks read or answers an invitation; the list and the badge follow. */
export function useUpdateMessage() {
  const { lang, messages } = useApiContext();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { id: string; response?: 'accept' | 'decline' }) =>
      updateMessageStatus(body, { lang, messages }),
    onSettled: () => client.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

export function useMarkMessagesRead() {
  const { lang, messages } = useApiContext();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { ids: string[] } | { all: true }) => markMessagesRead(body, { lang, messages }),
    onSettled: () => client.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

import type { ListMessagesRequest, Message, MessagePage } from '@patlas/contracts';
import { apiGet, apiPost } from '../../api/client';
import type { Options } from '../../history-recording/api';

// The message centre's calls (spec 2 §7 /message/*).

export function listMessages(body: ListMessagesRequest, options: Options): Promise<MessagePage> {
  return apiPost<MessagePage>('/product/message/query/message', body, options);
}

export function updateMessageStatus(
  body: { id: string; response?: 'accept' | 'decline' },
  options: Options,
): Promise<Message> {
  return apiPost<Message>('/product/message/update/status', body, options);
}

export function markMessagesRead(
  body: { ids: string[] } | { all: true },
  options: Options,
): Promise<{ updated: number }> {
  return apiPost<{ updated: number }>('/product/message/batchUpdate/status', body, options);
}

export function fetchUnreadCount(options: Options): Promise<{ count: number }> {
  return apiGet<{ count: number }>('/product/message/unreadMessage/count', options);
}

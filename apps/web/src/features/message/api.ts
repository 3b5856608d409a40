import {
  messageEndpoints,
  type EndpointBody,
  type ListMessagesRequest,
  type Message,
  type MessagePage,
} from '@patlas/contracts';
import { call } from '../../api/endpoint-call';
import type { Options } from '../../history-recording/api';

// The message centre's calls (spec 2 §7 /message/*).

export function listMessages(body: ListMessagesRequest, options: Options): Promise<MessagePage> {
  return call(messageEndpoints.list, { body }, options);
}

export function updateMessageStatus(
  body: EndpointBody<typeof messageEndpoints.updateStatus>,
  options: Options,
): Promise<Message> {
  return call(messageEndpoints.updateStatus, { body }, options);
}

export function markMessagesRead(
  body: EndpointBody<typeof messageEndpoints.markManyRead>,
  options: Options,
): Promise<{ updated: number }> {
  return call(messageEndpoints.markManyRead, { body }, options);
}

export function fetchUnreadCount(options: Options): Promise<{ count: number }> {
  return call(messageEndpoints.unreadCount, {}, options);
}

import { endpoint } from '../endpoint.js';
import {
  BatchUpdateMessageStatusRequestSchema,
  BatchUpdateResultSchema,
  ListMessagesRequestSchema,
  MessagePageSchema,
  MessageSchema,
  UnreadCountSchema,
  UpdateMessageStatusRequestSchema,
} from '../collaboration.js';

/** The message centre (spec 2 §7 /message/*). */
export const messageEndpoints = {
  list: endpoint({
    method: 'POST',
    path: '/product/message/query/message',
    body: ListMessagesRequestSchema,
    response: MessagePageSchema,
  }),
  updateStatus: endpoint({
    method: 'POST',
    path: '/product/message/update/status',
    body: UpdateMessageStatusRequestSchema,
    response: MessageSchema,
  }),
  markManyRead: endpoint({
    method: 'POST',
    path: '/product/message/batchUpdate/status',
    body: BatchUpdateMessageStatusRequestSchema,
    response: BatchUpdateResultSchema,
  }),
  // A read: GET (the spec names no method). The header's badge asks it.
  unreadCount: endpoint({ method: 'GET', path: '/product/message/unreadMessage/count', response: UnreadCountSchema }),
};

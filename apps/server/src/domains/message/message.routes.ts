import {
  BatchUpdateMessageStatusRequestSchema,
  BatchUpdateResultSchema,
  envelopeOf,
  ListMessagesRequestSchema,
  MessagePageSchema,
  MessageSchema,
  UnreadCountSchema,
  UpdateMessageStatusRequestSchema,
} from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../envelope.js';
import { requireUser } from '../../kernel/access.plugin.js';
import type { MessageService } from './message.service.js';

export interface MessageRoutesOptions {
  service: MessageService;
}

/** Spec 2 §2: the message centre's menu permission. */
const MESSAGES = { access: '/messageCenter' } as const;

/** The message centre under /api/product: /message/query/message, /update/status, /batchUpdate/status, /unreadMessage/count. */
export const messageRoutes: FastifyPluginAsyncZod<MessageRoutesOptions> = async (app, { service }) => {
  app.post(
    '/message/query/message',
    {
      config: MESSAGES,
      schema: {
        summary: "The caller's messages, newest first; by category (invitation, share, system) and unread",
        tags: ['message'],
        body: ListMessagesRequestSchema,
        response: { 200: envelopeOf(MessagePageSchema) },
      },
    },
    async (request) => ok(await service.list(requireUser(request).userId, request.body)),
  );

  app.post(
    '/message/update/status',
    {
      config: MESSAGES,
      schema: {
        summary: 'Marks one own message read; with response accept/decline, answers the invitation it is',
        tags: ['message'],
        body: UpdateMessageStatusRequestSchema,
        response: { 200: envelopeOf(MessageSchema) },
      },
    },
    async (request) =>
      ok(await service.updateStatus(requireUser(request).userId, request.body.id, request.body.response)),
  );

  app.post(
    '/message/batchUpdate/status',
    {
      config: MESSAGES,
      schema: {
        summary: 'Marks the chosen own messages ({ids}) or all of them ({all: true}) read',
        tags: ['message'],
        body: BatchUpdateMessageStatusRequestSchema,
        response: { 200: envelopeOf(BatchUpdateResultSchema) },
      },
    },
    async (request) => {
      const { userId } = requireUser(request);
      const ids = 'ids' in request.body ? request.body.ids : 'all';
      return ok({ updated: await service.markManyRead(userId, ids) });
    },
  );

  // A read: GET (the spec names no method). The header's badge asks it.
  app.get(
    '/message/unreadMessage/count',
    {
      config: MESSAGES,
      schema: {
        summary: "The number of the caller's unread messages (the header's badge)",
        tags: ['message'],
        response: { 200: envelopeOf(UnreadCountSchema) },
      },
    },
    async (request) => ok({ count: await service.unreadCount(requireUser(request).userId) }),
  );
};

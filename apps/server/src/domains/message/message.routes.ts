import { messageEndpoints as endpoints } from '@patlas/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../envelope.js';
import { requireUser } from '../../kernel/access.plugin.js';
import { route } from '../../kernel/route.js';
import type { MessageService } from './message.service.js';

export interface MessageRoutesOptions {
  service: MessageService;
}

/** Spec 2 §2: the message centre's menu permission. */
const MESSAGES = { access: '/messageCenter' } as const;

/** The message centre under /api/product: /message/query/message, /update/status, /batchUpdate/status, /unreadMessage/count. */
export const messageRoutes: FastifyPluginAsyncZod<MessageRoutesOptions> = async (app, { service }) => {
  route(
    app,
    endpoints.list,
    {
      config: MESSAGES,
      schema: {
        summary: "The caller's messages, newest first; by category (invitation, share, system) and unread",
        tags: ['message'],
      },
    },
    async (request) => ok(await service.list(requireUser(request).userId, request.body)),
  );

  route(
    app,
    endpoints.updateStatus,
    {
      config: MESSAGES,
      schema: {
        summary: 'Marks one own message read; with response accept/decline, answers the invitation it is',
        tags: ['message'],
      },
    },
    async (request) =>
      ok(await service.updateStatus(requireUser(request).userId, request.body.id, request.body.response)),
  );

  route(
    app,
    endpoints.markManyRead,
    {
      config: MESSAGES,
      schema: {
        summary: 'Marks the chosen own messages ({ids}) or all of them ({all: true}) read',
        tags: ['message'],
      },
    },
    async (request) => {
      const { userId } = requireUser(request);
      const ids = 'ids' in request.body ? request.body.ids : 'all';
      return ok({ updated: await service.markManyRead(userId, ids) });
    },
  );

  route(
    app,
    endpoints.unreadCount,
    {
      config: MESSAGES,
      schema: { summary: "The number of the caller's unread messages (the header's badge)", tags: ['message'] },
    },
    async (request) => ok({ count: await service.unreadCount(requireUser(request).userId) }),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageRoutes } from './message.routes.js';
import type { MessageService } from './message.service.js';

export interface MessageDomainDeps {
  messages: MessageService;
}

/** The message centre (issue 17); registered under /api/product. */
export const messageDomain: FastifyPluginAsyncZod<MessageDomainDeps> = async (app, deps) => {
  await app.register(messageRoutes, { service: deps.messages });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { specialTopicRoutes } from './special-topic.routes.js';
import type { SpecialTopicService } from './special-topic.service.js';

export interface SpecialTopicDomainDeps {
  specialTopics: SpecialTopicService;
}

/** Special topics of the home page (docs/special-topics.md); registered under /api/product. */
export const specialTopicDomain: FastifyPluginAsyncZod<SpecialTopicDomainDeps> = async (app, deps) => {
  await app.register(specialTopicRoutes, { service: deps.specialTopics });
};

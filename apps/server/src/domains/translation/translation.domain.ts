import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { translationRoutes } from './translation.routes.js';
import type { TranslationService } from './translation.service.js';

export interface TranslationDomainDeps {
  translation: TranslationService;
}

/** Machine translation through the external service named by TRANSLATE_URL; registered under /api/product. */
export const translationDomain: FastifyPluginAsyncZod<TranslationDomainDeps> = async (app, deps) => {
  await app.register(translationRoutes, { service: deps.translation });
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { classificationRoutes } from './classification.routes.js';
import type { ClassificationService } from './classification.service.js';

export interface ClassificationDomainDeps {
  classification: ClassificationService;
}

/** The IPC / CPC scheme browser (the scheme files load on first use); registered under /api/product. */
export const classificationDomain: FastifyPluginAsyncZod<ClassificationDomainDeps> = async (app, deps) => {
  await app.register(classificationRoutes, { service: deps.classification });
};

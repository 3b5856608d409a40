import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { disclosureRoutes } from './disclosure.routes.js';
import type { DisclosureService } from './disclosure.service.js';

export interface DisclosureDomainDeps {
  disclosure: DisclosureService;
}

/** Disclosure writing and application drafts; registered under /api/product. */
export const disclosureDomain: FastifyPluginAsyncZod<DisclosureDomainDeps> = async (app, { disclosure }) => {
  await app.register(disclosureRoutes, { service: disclosure });
};
